import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0005 } from './0005_ticketed_items.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0005 records an item as ticketed once only', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0005.up(d);
  const mark = () =>
    d
      .prepare(
        "INSERT INTO ticketed_items (item_id, order_id, station, print_job_id, created_at) VALUES ('i1', 'o1', 'Grill', 'j1', 't')",
      )
      .run();
  mark();
  expect(mark).toThrow(/UNIQUE|PRIMARY/);
  expect(d.prepare('SELECT item_id, station FROM ticketed_items').all()).toEqual([{ item_id: 'i1', station: 'Grill' }]);
  d.close();
});
