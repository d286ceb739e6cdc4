import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0013 } from './0013_meta_durable_mark.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0013 gives the meta row a durable mark starting at 0, and keeps the cursor', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  d.prepare('UPDATE meta SET cursor = 12 WHERE id = 1').run();
  migration0013.up(d);

  expect(d.prepare('SELECT cursor, durable_mark FROM meta').get()).toEqual({ cursor: 12, durable_mark: 0 });
  d.prepare('UPDATE meta SET durable_mark = durable_mark + 1 WHERE id = 1').run();
  expect(d.prepare('SELECT durable_mark FROM meta').get()).toEqual({ durable_mark: 1 });
  d.close();
});
