// A station's printer may name a backup printer (issue 7): a kitchen ticket that has waited too
// long on a faulty printer moves there as a copy marked BACKUP, and the original becomes MOVED so
// it never prints on both. The replica keeps each printer's backup, and each job the name of the
// printer it stood in for. SQLite cannot change a CHECK constraint, so print_jobs is rebuilt.
import type { Migration } from '../migration.js';

export const migration0010: Migration = {
  version: 10,
  name: 'printer_backup',
  up(db) {
    db.exec(`
      ALTER TABLE printers ADD COLUMN backup_printer_id TEXT;

      CREATE TABLE print_jobs_new (
        id TEXT PRIMARY KEY,
        dedupe_key TEXT NOT NULL UNIQUE,
        printer_id TEXT NOT NULL,
        printer_json TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('kitchen_ticket', 'receipt', 'test', 'daily_summary',
          'waitlist_ticket', 'reservation_confirmation', 'shift_report', 'end_of_day')),
        status TEXT NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'PRINTING', 'UNCONFIRMED', 'COMPLETED', 'FAILED', 'MOVED')),
        data TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        reprint INTEGER NOT NULL DEFAULT 0 CHECK (reprint IN (0, 1)),
        sent INTEGER NOT NULL DEFAULT 0 CHECK (sent IN (0, 1)),
        backup_of TEXT,
        error TEXT,
        next_attempt_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- rowid is the queue's order: keep it.
      INSERT INTO print_jobs_new (rowid, id, dedupe_key, printer_id, printer_json, type, status, data, attempts,
          reprint, sent, error, next_attempt_at, created_at, updated_at)
        SELECT rowid, id, dedupe_key, printer_id, printer_json, type, status, data, attempts, reprint, sent, error,
          next_attempt_at, created_at, updated_at
        FROM print_jobs;
      DROP TABLE print_jobs;
      ALTER TABLE print_jobs_new RENAME TO print_jobs;
      CREATE INDEX print_jobs_queue ON print_jobs (printer_id, status);
      CREATE INDEX print_jobs_created ON print_jobs (created_at);
    `);
  },
};
