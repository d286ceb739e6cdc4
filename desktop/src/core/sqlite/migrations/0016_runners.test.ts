import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0016 } from './0016_runners.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0016 adds the runner orders and runners, keyed by id', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0016.up(d);
  d.prepare('INSERT INTO runners (id, name, status, current_zone) VALUES (?, ?, ?, ?)').run(
    'r1',
    'Alex',
    'busy',
    'Patio',
  );
  d.prepare('INSERT INTO runner_orders (id, ready_at, order_json) VALUES (?, ?, ?)').run(
    'o1',
    '2026-11-25T20:00:00Z',
    '{}',
  );
  expect(d.prepare('SELECT * FROM runners').all()).toEqual([
    { id: 'r1', name: 'Alex', status: 'busy', current_zone: 'Patio' },
  ]);
  expect(() =>
    d.prepare('INSERT INTO runner_orders (id, ready_at, order_json) VALUES (?, ?, ?)').run('o1', 'x', '{}'),
  ).toThrow(/UNIQUE/);
  d.close();
});
