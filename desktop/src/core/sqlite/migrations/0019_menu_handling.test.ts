import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0006 } from './0006_menu_order.js';
import { migration0009 } from './0009_meta_epoch.js';
import { migration0019 } from './0019_menu_handling.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0019 gives menu items a temperature and a fragile flag, and makes a bootstrapped replica read a new snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0006.up(d);
  migration0009.up(d);
  d.prepare("UPDATE meta SET cursor = 12, bootstrapped_at = '2026-11-23T10:00:00.000Z' WHERE id = 1").run();
  d.prepare(
    "INSERT INTO menu_items (id, name, price, category, is_available, is_vegetarian, is_vegan, is_gluten_free, is_spicy, is_popular) VALUES ('m1', 'Soup', '5.00', 'Starters', 1, 0, 0, 0, 0, 0)",
  ).run();
  migration0019.up(d);

  expect(d.prepare('SELECT temperature, is_fragile FROM menu_items').get()).toEqual({
    temperature: null,
    is_fragile: 0,
  });
  d.prepare("UPDATE menu_items SET temperature = 'hot', is_fragile = 1").run();
  expect(() => d.prepare("UPDATE menu_items SET temperature = 'warm'").run()).toThrow(/CHECK/);
  expect(() => d.prepare('UPDATE menu_items SET is_fragile = 2').run()).toThrow(/CHECK/);
  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  d.close();
});
