// The print queue's rows. Which status follows which is printing/job-state.ts's to say; these
// functions only read rows and store the states it answers.
import { Printer, PrintJob, type PrintJobStatus, type PrintJobType, type TicketedItem } from '@tablewise/shared';
import type { JobState } from '../../printing/job-state.js';
import { reportJob } from '../../printing/report.js';
import { type AnyDb, transact, type WriteDb } from '../replica.js';

/** A job with what only the terminal keeps: its dedupe key, its printer as enqueued, its retry state. */
export interface PrintJobRecord extends PrintJob, JobState {
  dedupeKey: string;
  printer: Printer;
}

interface PrintJobRow {
  id: string;
  dedupe_key: string;
  printer_id: string;
  printer_json: string;
  type: PrintJobType;
  status: PrintJobStatus;
  data: string;
  attempts: number;
  reprint: number;
  sent: number;
  backup_of: string | null;
  error: string | null;
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
}

function toRecord(r: PrintJobRow): PrintJobRecord {
  const printer = Printer.parse(JSON.parse(r.printer_json));
  return {
    id: r.id,
    dedupeKey: r.dedupe_key,
    printerId: r.printer_id,
    printerName: printer.name,
    printer,
    type: r.type,
    status: r.status,
    data: r.data,
    attempts: r.attempts,
    reprint: r.reprint === 1,
    sent: r.sent === 1,
    backupOf: r.backup_of,
    error: r.error,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** The job as the staff app sees it, without what only the terminal keeps. */
export function toPrintJob(record: PrintJobRecord): PrintJob {
  return PrintJob.parse(record);
}

export interface NewPrintJob {
  id: string;
  dedupeKey: string;
  printer: Printer;
  type: PrintJobType;
  data: string;
  state: JobState;
  at: string;
  /** The order items a kitchen ticket is made for, reported to the cloud with the job. */
  ticketed?: readonly TicketedItem[];
}

/** A state as its columns' values: SQLite keeps the flags as 0 and 1. */
function stateParams(state: JobState) {
  return {
    status: state.status,
    attempts: state.attempts,
    reprint: state.reprint ? 1 : 0,
    sent: state.sent ? 1 : 0,
    backup_of: state.backupOf,
    error: state.error,
    next_attempt_at: state.nextAttemptAt,
  };
}

/**
 * Stores a job unless its dedupe key is taken; answers the stored job either way. A new job is
 * reported to the cloud in the same transaction.
 */
export function insertPrintJob(db: WriteDb, job: NewPrintJob): { record: PrintJobRecord; created: boolean } {
  return transact(db, () => {
    const inserted = insertRow(db, job);
    const row = db.sql.prepare('SELECT * FROM print_jobs WHERE dedupe_key = ?').get(job.dedupeKey) as PrintJobRow;
    const record = toRecord(row);
    if (inserted) reportJob(db, record, job.ticketed);
    return { record, created: inserted };
  });
}

function insertRow(db: WriteDb, job: NewPrintJob): boolean {
  const inserted = db.sql
    .prepare(
      `INSERT INTO print_jobs (id, dedupe_key, printer_id, printer_json, type, status, data, attempts, reprint, sent,
         backup_of, error, next_attempt_at, created_at, updated_at)
       VALUES (@id, @dedupe_key, @printer_id, @printer_json, @type, @status, @data, @attempts, @reprint, @sent,
         @backup_of, @error, @next_attempt_at, @at, @at)
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .run({
      ...stateParams(job.state),
      id: job.id,
      dedupe_key: job.dedupeKey,
      printer_id: job.printer.id,
      printer_json: JSON.stringify(job.printer),
      type: job.type,
      data: job.data,
      at: job.at,
    });
  return inserted.changes === 1;
}

export function getPrintJob(db: AnyDb, id: string): PrintJobRecord | null {
  const row = db.sql.prepare('SELECT * FROM print_jobs WHERE id = ?').get(id) as PrintJobRow | undefined;
  return row ? toRecord(row) : null;
}

/** Newest first, as the printer management screen lists them. */
export function listPrintJobs(db: AnyDb): PrintJobRecord[] {
  const rows = db.sql.prepare('SELECT * FROM print_jobs ORDER BY created_at DESC, rowid DESC').all() as PrintJobRow[];
  return rows.map(toRecord);
}

export function listPrintJobsIn(db: AnyDb, statuses: readonly PrintJobStatus[]): PrintJobRecord[] {
  if (statuses.length === 0) return [];
  const rows = db.sql
    .prepare(`SELECT * FROM print_jobs WHERE status IN (${placeholders(statuses)}) ORDER BY rowid`)
    .all(...statuses) as PrintJobRow[];
  return rows.map(toRecord);
}

/** Per printer, the oldest job in one of `statuses`: the only one of that printer that may go next. */
export function queueHeads(db: AnyDb, statuses: readonly PrintJobStatus[]): PrintJobRecord[] {
  if (statuses.length === 0) return [];
  const among = placeholders(statuses);
  const rows = db.sql
    .prepare(
      `SELECT * FROM print_jobs j WHERE status IN (${among}) AND rowid = (
         SELECT MIN(rowid) FROM print_jobs WHERE printer_id = j.printer_id AND status IN (${among}))`,
    )
    .all(...statuses, ...statuses) as PrintJobRow[];
  return rows.map(toRecord);
}

/**
 * Stores `next` only if the job is still in status `from`; answers whether it did. A new status is
 * reported to the cloud in the same transaction.
 */
export function saveJobState(db: WriteDb, id: string, from: PrintJobStatus, next: JobState, at: string): boolean {
  return transact(db, () => {
    const info = db.sql
      .prepare(
        `UPDATE print_jobs SET status = @status, attempts = @attempts, reprint = @reprint, sent = @sent,
           backup_of = @backup_of, error = @error, next_attempt_at = @next_attempt_at, updated_at = @at
         WHERE id = @id AND status = @from`,
      )
      .run({ ...stateParams(next), at, id, from });
    if (info.changes !== 1) return false;
    if (next.status !== from) reportJob(db, getPrintJob(db, id) as PrintJobRecord);
    return true;
  });
}

/**
 * The kitchen tickets this terminal made for an order, oldest first: first copies only (not
 * reprints), and for a ticket that moved to a backup printer its backup copy rather than it.
 */
export function kitchenTicketsOf(db: AnyDb, orderId: string): PrintJobRecord[] {
  const rows = db.sql
    .prepare(
      `SELECT * FROM print_jobs
        WHERE type = 'kitchen_ticket' AND reprint = 0 AND status <> 'MOVED'
          AND json_extract(data, '$.orderId') = ?
        ORDER BY created_at, rowid`,
    )
    .all(orderId) as PrintJobRow[];
  return rows.map(toRecord);
}
