import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0003 } from './0003_outbox.js';
import { migration0018 } from './0018_outbox_calls.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0018 lets an outbox entry name its call and params, and keeps older entries without them', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0003.up(d);
  const insert = `INSERT INTO outbox (idempotency_key, method, path, body_json, entity_type, entity_id, status, created_at, updated_at)
    VALUES (?, 'POST', '/api/tasks/t1/start', '{}', 'task', 't1', 'PENDING', 'x', 'x')`;
  d.prepare(insert).run('before');
  migration0018.up(d);
  d.prepare(
    `UPDATE outbox SET call_id = 'POST /api/tasks/:id/start', params_json = '{"id":"t1"}' WHERE idempotency_key = 'before'`,
  ).run();
  d.prepare(insert).run('after');
  expect(d.prepare('SELECT idempotency_key, call_id, params_json FROM outbox ORDER BY seq').all()).toEqual([
    { idempotency_key: 'before', call_id: 'POST /api/tasks/:id/start', params_json: '{"id":"t1"}' },
    { idempotency_key: 'after', call_id: null, params_json: null },
  ]);
  d.close();
});
