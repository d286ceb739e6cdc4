import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function db(): Database.Database {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  d.pragma('foreign_keys = ON');
  migration0001.up(d);
  return d;
}

it('0001 creates the replica tables with one meta row at cursor 0', () => {
  const d = db();
  const names = (
    d.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);
  expect(names).toEqual(
    expect.arrayContaining(['meta', 'venue', 'tables', 'menu_items', 'orders', 'order_items', 'printers']),
  );
  expect(d.prepare('SELECT cursor, terminal_id FROM meta').all()).toEqual([{ cursor: 0, terminal_id: null }]);
  expect(() => d.prepare('INSERT INTO meta (id) VALUES (2)').run()).toThrow(/CHECK/);
  d.close();
});

it('0001 keeps items with their order: an orphan item is refused, deleting the order removes its items', () => {
  const d = db();
  const item = (orderId: string, quantity = 1) =>
    d
      .prepare(
        `INSERT INTO order_items (id, order_id, venue_id, menu_item_id, menu_item_name, quantity, unit_price, total_price, course, status, fire_at, created_at, updated_at)
         VALUES (?, ?, 'v', 'm', 'Burger', ?, '1.00', '1.00', 'main', 'CONFIRMED', 't', 't', 't')`,
      )
      .run(`i-${orderId}-${quantity}`, orderId, quantity);
  expect(() => item('missing')).toThrow(/FOREIGN KEY/);
  d.prepare(
    "INSERT INTO orders (id, venue_id, session_id, status, subtotal, tax, total, created_at) VALUES ('o1', 'v', 's', 'CONFIRMED', '1.00', '0.09', '1.09', 't')",
  ).run();
  item('o1');
  expect(() => item('o1', 0)).toThrow(/CHECK/);
  d.prepare("DELETE FROM orders WHERE id = 'o1'").run();
  expect(d.prepare('SELECT COUNT(*) AS n FROM order_items').get()).toEqual({ n: 0 });
  d.close();
});
