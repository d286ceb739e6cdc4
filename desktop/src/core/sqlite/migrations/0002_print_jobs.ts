// The terminal's print queue. A job is a row before any byte goes to a printer, so a crash or a
// restart never loses a kitchen ticket, and `sent` remembers that bytes may have reached the
// printer so a second copy is printed as a REPRINT, never silently as the original.
import type { Migration } from '../migration.js';

export const migration0002: Migration = {
  version: 2,
  name: 'print_jobs',
  up(db) {
    db.exec(`
      CREATE TABLE print_jobs (
        id TEXT PRIMARY KEY,
        -- Enqueueing the same ticket twice (a replayed event, a double click) answers the first job.
        dedupe_key TEXT NOT NULL UNIQUE,
        printer_id TEXT NOT NULL,
        -- The printer as it was at enqueue time: the job prints where it was meant to even if the
        -- printer list changes meanwhile.
        printer_json TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('kitchen_ticket', 'receipt', 'test', 'daily_summary',
          'waitlist_ticket', 'reservation_confirmation', 'shift_report', 'end_of_day')),
        status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PRINTING', 'COMPLETED', 'FAILED')),
        data TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        reprint INTEGER NOT NULL DEFAULT 0 CHECK (reprint IN (0, 1)),
        sent INTEGER NOT NULL DEFAULT 0 CHECK (sent IN (0, 1)),
        error TEXT,
        next_attempt_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- The worker reads the head of each printer's queue in arrival order.
      CREATE INDEX print_jobs_queue ON print_jobs (printer_id, status);
      CREATE INDEX print_jobs_created ON print_jobs (created_at);
    `);
  },
};
