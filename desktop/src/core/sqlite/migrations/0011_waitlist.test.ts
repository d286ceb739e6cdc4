import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0011 } from './0011_waitlist.js';
import { MIGRATIONS } from './index.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0011 keeps waitlist entries by status and place, and makes an older replica read a fresh snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  for (const m of MIGRATIONS.filter((m) => m.version < 11)) m.up(d);
  d.prepare("UPDATE meta SET bootstrapped_at = '2026-01-01T00:00:00.000Z', cursor = 40").run();
  migration0011.up(d);

  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  const insert = d.prepare('INSERT INTO waitlist (id, status, position, entry_json) VALUES (?, ?, ?, ?)');
  insert.run('w1', 'WAITING', 1, '{}');
  expect(() => insert.run('w2', 'LEFT', 2, '{}')).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('w1', 'WAITING', 3, '{}')).toThrow(/UNIQUE constraint failed/);
  d.close();
});
