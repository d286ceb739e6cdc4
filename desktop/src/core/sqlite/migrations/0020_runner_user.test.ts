import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0016 } from './0016_runners.js';
import { migration0020 } from './0020_runner_user.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0020 names the staff member a runner is; runners held before have none', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0016.up(d);
  d.prepare('INSERT INTO runners (id, name, status, current_zone) VALUES (?, ?, ?, ?)').run('r1', 'Alex', 'busy', null);
  migration0020.up(d);
  d.prepare('INSERT INTO runners (id, user_id, name, status, current_zone) VALUES (?, ?, ?, ?, ?)').run(
    'r2',
    'u2',
    'Riley',
    'available',
    null,
  );
  expect(d.prepare('SELECT id, user_id FROM runners ORDER BY id').all()).toEqual([
    { id: 'r1', user_id: null },
    { id: 'r2', user_id: 'u2' },
  ]);
  d.close();
});
