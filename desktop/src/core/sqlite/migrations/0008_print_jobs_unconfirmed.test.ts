import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0002 } from './0002_print_jobs.js';
import { migration0008 } from './0008_print_jobs_unconfirmed.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function replicaAt0007() {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0002.up(d);
  return d;
}

const insert = (d: Database.Database, id: string, values: Record<string, unknown>) => {
  const row = {
    id,
    dedupe_key: id,
    printer_id: 'p1',
    printer_json: '{}',
    type: 'kitchen_ticket',
    data: '{}',
    next_attempt_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...values,
  };
  const columns = Object.keys(row);
  d.prepare(`INSERT INTO print_jobs (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(
    row,
  );
};

it('0008 accepts UNCONFIRMED, keeps the queue order, and leaves jobs that may have printed to staff', () => {
  const d = replicaAt0007();
  insert(d, 'a-done', { status: 'COMPLETED', sent: 1 });
  insert(d, 'b-resend', { status: 'PENDING', sent: 1, reprint: 1 });
  insert(d, 'c-gave-up', { status: 'FAILED', sent: 1 });
  insert(d, 'd-waiting', { status: 'PENDING', sent: 0 });
  insert(d, 'e-failed', { status: 'FAILED', sent: 0 });
  insert(d, 'f-mid-send', { status: 'PRINTING', sent: 1 });
  migration0008.up(d);

  expect(d.prepare('SELECT id, status FROM print_jobs ORDER BY rowid').all()).toEqual([
    { id: 'a-done', status: 'COMPLETED' },
    { id: 'b-resend', status: 'UNCONFIRMED' },
    { id: 'c-gave-up', status: 'UNCONFIRMED' },
    { id: 'd-waiting', status: 'PENDING' },
    { id: 'e-failed', status: 'FAILED' },
    // Caught mid-send: the worker makes it UNCONFIRMED when it starts.
    { id: 'f-mid-send', status: 'PRINTING' },
  ]);
  insert(d, 'g-new', { status: 'UNCONFIRMED' });
  expect(() => insert(d, 'h-bad', { status: 'LOST' })).toThrow(/CHECK constraint failed/);
  expect(() => insert(d, 'a-done', { dedupe_key: 'other' })).toThrow(/UNIQUE/);
  expect(() => insert(d, 'i', { dedupe_key: 'a-done' })).toThrow(/UNIQUE constraint failed: print_jobs.dedupe_key/);
  const indexes = (
    d
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'print_jobs' AND sql IS NOT NULL")
      .all() as { name: string }[]
  ).map((r) => r.name);
  expect(indexes.sort()).toEqual(['print_jobs_created', 'print_jobs_queue']);
  d.close();
});
