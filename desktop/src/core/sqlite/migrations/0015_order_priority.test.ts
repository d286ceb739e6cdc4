import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0015 } from './0015_order_priority.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0015 gives every order a priority, normal for the orders already there', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  const insert = d.prepare(
    `INSERT INTO orders (id, venue_id, session_id, status, subtotal, tax, total, created_at)
     VALUES (?, 'v', 's', 'CONFIRMED', '1.00', '0.09', '1.09', '2026-06-14T19:00:00.000Z')`,
  );
  insert.run('before');
  migration0015.up(d);
  insert.run('after');
  d.prepare("UPDATE orders SET priority = 'urgent' WHERE id = 'after'").run();

  expect(d.prepare('SELECT id, priority FROM orders ORDER BY id').all()).toEqual([
    { id: 'after', priority: 'urgent' },
    { id: 'before', priority: 'normal' },
  ]);
  d.close();
});
