import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migration0002 } from './0002_print_jobs.js';

let dir: string;
let db: Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-0002-'));
  db = new BetterSqlite3(path.join(dir, 'replica.db'));
  migration0002.up(db);
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (values: Record<string, unknown>) => {
  const row = {
    id: 'j1',
    dedupe_key: 'k1',
    printer_id: 'p1',
    printer_json: '{}',
    type: 'kitchen_ticket',
    data: '{}',
    next_attempt_at: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...values,
  };
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO print_jobs (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(
    row,
  );
};

describe('migration 0002 print_jobs', () => {
  it('is version 2 and creates the print_jobs columns', () => {
    expect(migration0002).toMatchObject({ version: 2, name: 'print_jobs' });
    const columns = (db.prepare('PRAGMA table_info(print_jobs)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual([
      'id',
      'dedupe_key',
      'printer_id',
      'printer_json',
      'type',
      'status',
      'data',
      'attempts',
      'reprint',
      'sent',
      'error',
      'next_attempt_at',
      'created_at',
      'updated_at',
    ]);
  });

  it('starts a job PENDING, unsent, not a reprint, with no attempts', () => {
    insert({});
    expect(db.prepare('SELECT status, attempts, reprint, sent, error FROM print_jobs').get()).toEqual({
      status: 'PENDING',
      attempts: 0,
      reprint: 0,
      sent: 0,
      error: null,
    });
  });

  it('keeps dedupe_key unique', () => {
    insert({});
    expect(() => insert({ id: 'j2' })).toThrow(/UNIQUE constraint failed: print_jobs.dedupe_key/);
  });

  it.each([
    { name: 'an unknown status', values: { status: 'LOST' } },
    { name: 'an unknown type', values: { type: 'fax' } },
    { name: 'sent other than 0/1', values: { sent: 2 } },
    { name: 'reprint other than 0/1', values: { reprint: -1 } },
    { name: 'negative attempts', values: { attempts: -1 } },
  ])('refuses $name', ({ values }) => {
    expect(() => insert(values)).toThrow(/CHECK constraint failed/);
    expect(db.prepare('SELECT COUNT(*) AS n FROM print_jobs').get()).toEqual({ n: 0 });
  });
});
