import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0003 } from './0003_outbox.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function db(): Database.Database {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0003.up(d);
  return d;
}

const insert = (d: Database.Database, key: string, status = 'PENDING') =>
  d
    .prepare(
      `INSERT INTO outbox (idempotency_key, method, path, body_json, entity_type, entity_id, status, created_at, updated_at)
       VALUES (?, 'POST', '/api/x', '{}', 'order_item', 'i', ?, 't', 't')`,
    )
    .run(key, status);

it('0003 numbers mutations 1, 2, 3 and never hands a number out twice', () => {
  const d = db();
  expect(Number(insert(d, 'a').lastInsertRowid)).toBe(1);
  expect(Number(insert(d, 'b').lastInsertRowid)).toBe(2);
  d.prepare('DELETE FROM outbox WHERE seq = 2').run();
  expect(Number(insert(d, 'c').lastInsertRowid)).toBe(3);
  d.close();
});

it('0003 refuses a reused idempotency key and an unknown status', () => {
  const d = db();
  insert(d, 'a');
  expect(() => insert(d, 'a')).toThrow(/UNIQUE/);
  expect(() => insert(d, 'b', 'LOST')).toThrow(/CHECK/);
  d.close();
});
