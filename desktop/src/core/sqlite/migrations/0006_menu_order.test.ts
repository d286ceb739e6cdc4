import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0006 } from './0006_menu_order.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0006 gives menu items a place on the menu, 0 for rows that had none', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  const columns = () => (d.prepare('PRAGMA table_info(menu_items)').all() as { name: string }[]).map((c) => c.name);
  expect(columns()).not.toContain('sort_order');
  migration0006.up(d);
  expect(columns()).toContain('sort_order');
  const dflt = (d.prepare('PRAGMA table_info(menu_items)').all() as { name: string; dflt_value: string }[]).find(
    (c) => c.name === 'sort_order',
  );
  expect(dflt?.dflt_value).toBe('0');
  d.close();
});
