// Printers and print jobs in the cloud: managers move printers between terminals and name
// backups; terminals report what their printers answered and what became of their jobs, through
// their outbox. Every change is an event, so each replica and every staff screen learns it.
import { MESSAGES, type Printer, type PrintJob, type reportPrintJob, type TicketedItem } from '@tablewise/shared';
import type { z } from 'zod';
import type { Queryable, StaffActor, TerminalActor, Trx, VenueActor } from '../context.js';
import { conflict, forbidden, invalidField, notFound } from '../errors.js';
import { canManageTerminals } from '../policies/staff-scope.js';
import { presentPrinter, presentPrintJob } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { findPrintJob, insertTicketed, listPrintJobsSince, upsertPrintJob } from '../repositories/print-jobs.js';
import { listPrinters, lockPrinterInVenue, updatePrinterRow } from '../repositories/printers.js';
import { findTerminalInVenue } from '../repositories/terminals.js';

/** How far back the cloud's print-job list reaches, and how many it answers at most. */
const RECENT_JOBS_MS = 24 * 60 * 60 * 1000;
const RECENT_JOBS_LIMIT = 200;

export async function venuePrinters(q: Queryable, actor: VenueActor): Promise<Printer[]> {
  return (await listPrinters(q, actor.venueId)).map(presentPrinter);
}

export async function recentPrintJobs(q: Queryable, actor: VenueActor, now: Date): Promise<PrintJob[]> {
  const since = new Date(now.getTime() - RECENT_JOBS_MS);
  return (await listPrintJobsSince(q, actor.venueId, since, RECENT_JOBS_LIMIT)).map(presentPrintJob);
}

export interface PrinterSettings {
  terminalId?: string | null;
  backupPrinterId?: string | null;
}

/** Whoever may pair terminals may decide which terminal drives a printer and its backup. */
export async function updatePrinterSettings(
  trx: Trx,
  staff: StaffActor,
  printerId: string,
  settings: PrinterSettings,
  now: Date,
): Promise<Printer> {
  if (!canManageTerminals(staff)) throw forbidden();
  const printer = await lockPrinterInVenue(trx, staff.venueId, printerId);
  if (!printer) throw notFound('Printer');
  const { terminalId, backupPrinterId } = settings;
  if (terminalId) {
    const terminal = await findTerminalInVenue(trx, staff.venueId, terminalId);
    if (!terminal || terminal.revoked_at) throw invalidField('terminalId', MESSAGES.noSuchTerminal);
  }
  if (backupPrinterId) {
    if (backupPrinterId === printerId) throw invalidField('backupPrinterId', MESSAGES.backupIsItself);
    const backup = await lockPrinterInVenue(trx, staff.venueId, backupPrinterId);
    if (!backup) throw invalidField('backupPrinterId', MESSAGES.noSuchPrinter);
  }
  const moved = terminalId !== undefined && terminalId !== printer.terminal_id;
  const updated = await updatePrinterRow(trx, printerId, {
    // Its new terminal has not asked it yet.
    ...(moved ? { terminal_id: terminalId, status: 'UNKNOWN', status_at: null } : {}),
    ...(backupPrinterId !== undefined ? { backup_printer_id: backupPrinterId } : {}),
  });
  const answer = presentPrinter(updated);
  await appendEvent(trx, {
    orgId: staff.orgId,
    venueId: staff.venueId,
    userId: staff.user.id,
    event: { type: 'printer.updated', printer: answer },
    at: now,
  });
  return answer;
}

/**
 * A terminal's report of what a printer answered. A report from a terminal that no longer drives
 * the printer (it was moved while the report waited in the outbox) changes nothing and is no
 * error: nobody could act on it.
 */
export async function reportPrinterState(
  trx: Trx,
  terminal: TerminalActor,
  printerId: string,
  report: { status: Printer['status']; at: string },
): Promise<Printer> {
  const printer = await lockPrinterInVenue(trx, terminal.venueId, printerId);
  if (!printer) throw notFound('Printer');
  const at = new Date(report.at);
  const newer = printer.status_at === null || printer.status_at < at;
  if (printer.terminal_id !== terminal.terminalId || !newer) return presentPrinter(printer);
  const updated = await updatePrinterRow(trx, printerId, { status: report.status, status_at: at });
  if (updated.status !== printer.status) {
    await appendEvent(trx, {
      orgId: terminal.orgId,
      venueId: terminal.venueId,
      terminalId: terminal.terminalId,
      event: { type: 'printer.status', printerId, status: report.status },
      at,
    });
  }
  return presentPrinter(updated);
}

type JobReport = z.output<(typeof reportPrintJob)['body']>;

/** Only the venue's own order items can be marked ticketed, each under its own order. */
async function checkTicketed(trx: Trx, venueId: string, ticketed: readonly TicketedItem[]): Promise<void> {
  if (ticketed.length === 0) return;
  const rows: { id: string; order_id: string }[] = await trx('order_items')
    .where('venue_id', venueId)
    .whereIn(
      'id',
      ticketed.map((t) => t.itemId),
    )
    .select('id', 'order_id');
  const orderOf = new Map(rows.map((r) => [r.id, r.order_id]));
  for (const [i, t] of ticketed.entries()) {
    if (orderOf.get(t.itemId) !== t.orderId) throw invalidField(`ticketed.${i}.itemId`, MESSAGES.noSuchOrderItem);
  }
}

/**
 * A terminal's report of a print job it made or whose state moved. Reports come through the
 * terminal's outbox in order; one older than what the cloud holds changes nothing.
 */
export async function reportJob(
  trx: Trx,
  terminal: TerminalActor,
  jobId: string,
  report: JobReport,
): Promise<PrintJob> {
  const printer = await lockPrinterInVenue(trx, terminal.venueId, report.printerId);
  if (!printer) throw invalidField('printerId', MESSAGES.noSuchPrinter);
  const before = await findPrintJob(trx, jobId);
  // A terminal re-paired on its kept replica reports the jobs it made under its former identity:
  // the job moves to the reporter. Another venue's job id is refused.
  if (before && before.venue_id !== terminal.venueId) throw conflict(MESSAGES.printJobOfAnotherVenue);
  const updatedAt = new Date(report.updatedAt);
  if (before && before.updated_at > updatedAt) return presentPrintJob(before);
  await checkTicketed(trx, terminal.venueId, report.ticketed);
  await upsertPrintJob(trx, {
    id: jobId,
    org_id: terminal.orgId,
    venue_id: terminal.venueId,
    printer_id: report.printerId,
    terminal_id: terminal.terminalId,
    type: report.type,
    status: report.status,
    data: report.data,
    attempts: report.attempts,
    reprint: report.reprint,
    error: report.error,
    created_at: new Date(report.createdAt),
    updated_at: updatedAt,
  });
  await insertTicketed(
    trx,
    report.ticketed.map((t) => ({
      item_id: t.itemId,
      org_id: terminal.orgId,
      venue_id: terminal.venueId,
      order_id: t.orderId,
      station: t.station,
      print_job_id: jobId,
    })),
  );
  const job = presentPrintJob((await findPrintJob(trx, jobId)) as NonNullable<typeof before>);
  const author = { orgId: terminal.orgId, venueId: terminal.venueId, terminalId: terminal.terminalId, at: updatedAt };
  await appendEvent(trx, {
    ...author,
    event: { type: 'print.job.updated', job, terminalId: terminal.terminalId, ticketed: report.ticketed },
  });
  if (job.status === 'COMPLETED' && before?.status !== 'COMPLETED') {
    await appendEvent(trx, { ...author, event: { type: 'print.completed', job, terminalId: terminal.terminalId } });
  }
  return job;
}
