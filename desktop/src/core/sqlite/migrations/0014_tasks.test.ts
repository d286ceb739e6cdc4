import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0014 } from './0014_tasks.js';
import { MIGRATIONS } from './index.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0018 keeps tasks by table, type and status, and makes an older replica read a fresh snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  for (const m of MIGRATIONS.filter((m) => m.version < migration0014.version)) m.up(d);
  d.prepare("UPDATE meta SET bootstrapped_at = '2026-01-01T00:00:00.000Z', cursor = 40").run();
  migration0014.up(d);

  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  const insert = d.prepare('INSERT INTO tasks (id, type, status, target_table_id, task_json) VALUES (?, ?, ?, ?, ?)');
  insert.run('t1', 'CLEAN', 'PENDING', 'table-1', '{}');
  expect(() => insert.run('t2', 'SWEEP', 'PENDING', 'table-1', '{}')).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('t3', 'QA', 'DONE', 'table-1', '{}')).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('t1', 'QA', 'PENDING', 'table-1', '{}')).toThrow(/UNIQUE constraint failed/);
  d.close();
});
