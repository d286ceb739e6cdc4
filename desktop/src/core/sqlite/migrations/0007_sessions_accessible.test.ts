import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0007 } from './0007_sessions_accessible.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0007 adds sessions and tables.is_accessible, and makes a bootstrapped replica read a new snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  d.prepare("UPDATE meta SET cursor = 12, bootstrapped_at = '2026-11-23T10:00:00.000Z' WHERE id = 1").run();
  migration0007.up(d);

  const tableColumns = (d.prepare('PRAGMA table_info(tables)').all() as { name: string; dflt_value: string }[]).find(
    (c) => c.name === 'is_accessible',
  );
  expect(tableColumns?.dflt_value).toBe('0');
  const sessionColumns = (d.prepare('PRAGMA table_info(sessions)').all() as { name: string }[]).map((c) => c.name);
  expect(sessionColumns).toEqual([
    'id',
    'venue_id',
    'table_id',
    'party_size',
    'guest_name',
    'status',
    'started_at',
    'closed_at',
  ]);
  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  d.close();
});
