// Print jobs as the terminals report them, and the order items their kitchen tickets were made for.
import type { Queryable, Trx } from '../context.js';
import type { PrintJobRow } from './rows.js';

const JOB_COLUMNS = [
  'print_jobs.id',
  'print_jobs.venue_id',
  'print_jobs.printer_id',
  'printers.name as printer_name',
  'print_jobs.terminal_id',
  'print_jobs.type',
  'print_jobs.status',
  'print_jobs.data',
  'print_jobs.attempts',
  'print_jobs.reprint',
  'print_jobs.error',
  'print_jobs.created_at',
  'print_jobs.updated_at',
];

/** The jobs among `ids`, each with its printer's name. */
export async function findPrintJobs(q: Queryable, ids: readonly string[]): Promise<PrintJobRow[]> {
  if (ids.length === 0) return [];
  return q('print_jobs')
    .join('printers', 'printers.id', 'print_jobs.printer_id')
    .whereIn('print_jobs.id', [...ids])
    .select<PrintJobRow[]>(JOB_COLUMNS);
}

export interface PrintJobWrite {
  id: string;
  org_id: string;
  venue_id: string;
  printer_id: string;
  terminal_id: string;
  type: string;
  status: string;
  data: string;
  attempts: number;
  reprint: boolean;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Inserts each job, or moves the stored one to the reported state (its printer, type, data and
 * creation stay), and records the items tickets were made for, in one statement. The job ids
 * must differ. An item ticketed before keeps its first ticket, and so does one named twice in
 * `ticketed` (the first row wins).
 */
export async function writePrintJobs(
  trx: Trx,
  jobs: readonly PrintJobWrite[],
  ticketed: readonly TicketedWrite[],
): Promise<void> {
  if (jobs.length === 0) return;
  const upsert = trx('print_jobs')
    .insert([...jobs])
    .onConflict('id')
    .merge(['terminal_id', 'status', 'attempts', 'reprint', 'error', 'updated_at']);
  if (ticketed.length === 0) {
    await upsert;
    return;
  }
  // Its foreign key to print_jobs is checked at the end of the statement, once the jobs are in.
  const marks = trx('ticketed_items')
    .insert([...ticketed])
    .onConflict('item_id')
    .ignore();
  await trx.raw('with jobs as (?), marks as (?) select 1', [upsert, marks]);
}

/** The venue's jobs made since `since`, newest first. */
export async function listPrintJobsSince(
  q: Queryable,
  venueId: string,
  since: Date,
  limit: number,
): Promise<PrintJobRow[]> {
  return q('print_jobs')
    .join('printers', 'printers.id', 'print_jobs.printer_id')
    .where('print_jobs.venue_id', venueId)
    .where('print_jobs.created_at', '>=', since)
    .orderBy([
      { column: 'print_jobs.created_at', order: 'desc' },
      { column: 'print_jobs.id', order: 'desc' },
    ])
    .limit(limit)
    .select<PrintJobRow[]>(JOB_COLUMNS);
}

export interface TicketedWrite {
  item_id: string;
  org_id: string;
  venue_id: string;
  order_id: string;
  station: string;
  print_job_id: string;
}

/** The ticketed items of the venue's orders among `orderIds`. */
export async function listTicketedOfOrders(
  q: Queryable,
  venueId: string,
  orderIds: readonly string[],
): Promise<{ item_id: string; order_id: string; station: string }[]> {
  if (orderIds.length === 0) return [];
  return q('ticketed_items')
    .where('venue_id', venueId)
    .whereIn('order_id', orderIds)
    .orderBy('item_id')
    .select('item_id', 'order_id', 'station');
}
