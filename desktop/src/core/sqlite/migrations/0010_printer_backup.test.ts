import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0002 } from './0002_print_jobs.js';
import { migration0008 } from './0008_print_jobs_unconfirmed.js';
import { migration0010 } from './0010_printer_backup.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

const insertJob = (d: Database.Database, id: string, values: Record<string, unknown> = {}) => {
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

it('0010 gives printers a backup and jobs MOVED and the printer a copy stands in for, keeping the queue', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0002.up(d);
  migration0008.up(d);
  d.prepare(
    "INSERT INTO printers (id, venue_id, name, type, connection, status) VALUES ('p1', 'v', 'Bar', 'thermal', 'tcp', 'ONLINE')",
  ).run();
  insertJob(d, 'b-waiting', { status: 'PENDING' });
  insertJob(d, 'a-unconfirmed', { status: 'UNCONFIRMED', sent: 1, reprint: 1, error: 'May have printed' });
  migration0010.up(d);

  expect(d.prepare('SELECT id, backup_printer_id FROM printers').all()).toEqual([
    { id: 'p1', backup_printer_id: null },
  ]);
  expect(d.prepare('SELECT id, status, sent, reprint, error, backup_of FROM print_jobs ORDER BY rowid').all()).toEqual([
    { id: 'b-waiting', status: 'PENDING', sent: 0, reprint: 0, error: null, backup_of: null },
    { id: 'a-unconfirmed', status: 'UNCONFIRMED', sent: 1, reprint: 1, error: 'May have printed', backup_of: null },
  ]);
  insertJob(d, 'c-moved', { status: 'MOVED' });
  insertJob(d, 'd-copy', { status: 'PENDING', backup_of: 'Bar' });
  expect(() => insertJob(d, 'e-bad', { status: 'LOST' })).toThrow(/CHECK constraint failed/);
  expect(() => insertJob(d, 'f', { dedupe_key: 'd-copy' })).toThrow(/UNIQUE constraint failed: print_jobs.dedupe_key/);
  const indexes = (
    d
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'print_jobs' AND sql IS NOT NULL")
      .all() as { name: string }[]
  ).map((r) => r.name);
  expect(indexes.sort()).toEqual(['print_jobs_created', 'print_jobs_queue']);
  d.close();
});
