// A print job whose bytes may have reached paper without the printer's proof is UNCONFIRMED and
// waits for staff; it is never sent again by itself. SQLite cannot change a CHECK constraint, so
// the table is rebuilt. Jobs an older build had queued to resend on its own after bytes went out
// (PENDING or FAILED with `sent`) are UNCONFIRMED from now on: staff decide.
import type { Migration } from '../migration.js';

export const migration0008: Migration = {
  version: 8,
  name: 'print_jobs_unconfirmed',
  up(db) {
    db.exec(`
      CREATE TABLE print_jobs_new (
        id TEXT PRIMARY KEY,
        dedupe_key TEXT NOT NULL UNIQUE,
        printer_id TEXT NOT NULL,
        printer_json TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('kitchen_ticket', 'receipt', 'test', 'daily_summary',
          'waitlist_ticket', 'reservation_confirmation', 'shift_report', 'end_of_day')),
        status TEXT NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'PRINTING', 'UNCONFIRMED', 'COMPLETED', 'FAILED')),
        data TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        reprint INTEGER NOT NULL DEFAULT 0 CHECK (reprint IN (0, 1)),
        sent INTEGER NOT NULL DEFAULT 0 CHECK (sent IN (0, 1)),
        error TEXT,
        next_attempt_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- rowid is the queue's order: keep it.
      INSERT INTO print_jobs_new (rowid, id, dedupe_key, printer_id, printer_json, type, status, data, attempts,
          reprint, sent, error, next_attempt_at, created_at, updated_at)
        SELECT rowid, id, dedupe_key, printer_id, printer_json, type,
          CASE WHEN status IN ('PENDING', 'FAILED') AND sent = 1 THEN 'UNCONFIRMED' ELSE status END,
          data, attempts, reprint, sent, error, next_attempt_at, created_at, updated_at
        FROM print_jobs;
      DROP TABLE print_jobs;
      ALTER TABLE print_jobs_new RENAME TO print_jobs;
      CREATE INDEX print_jobs_queue ON print_jobs (printer_id, status);
      CREATE INDEX print_jobs_created ON print_jobs (created_at);
    `);
  },
};
