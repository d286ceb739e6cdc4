// Printers and print jobs in the cloud: managers move printers between terminals and name
// backups; terminals report what their printers answered and what became of their jobs, through
// their outbox. Every change is an event, so each replica and every staff screen learns it.
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type NewPrinter,
  type Printer,
  type PrinterChange,
  type PrintJob,
  printerAddressProblem,
  type reportPrintJob,
  SERVICE_MESSAGES,
  type Terminal,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Queryable, StaffActor, TerminalActor, Trx, VenueActor } from '../context.js';
import { AppError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { canManageTerminals } from '../policies/staff-scope.js';
import { presentPrinter, presentPrintJob, presentTerminal } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { ordersOfItems } from '../repositories/orders.js';
import { findPrintJobs, listPrintJobsSince, type TicketedWrite, writePrintJobs } from '../repositories/print-jobs.js';
import {
  clearBackupOf,
  findPrinterNamed,
  insertPrinterRow,
  listPrinters,
  lockPrinterInVenue,
  lockPrintersInVenue,
  updatePrinterRow,
} from '../repositories/printers.js';
import type { PrintJobRow } from '../repositories/rows.js';
import { findTerminalInVenue, listActiveTerminals } from '../repositories/terminals.js';

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

export type PrinterSettings = z.output<typeof PrinterChange>;

/** The terminal and backup a printer may name: a paired terminal and another printer of the venue. */
async function checkLinks(
  trx: Trx,
  venueId: string,
  printerId: string,
  links: { terminalId?: string | null; backupPrinterId?: string | null },
): Promise<void> {
  const { terminalId, backupPrinterId } = links;
  if (terminalId) {
    const terminal = await findTerminalInVenue(trx, venueId, terminalId);
    if (!terminal || terminal.revoked_at) throw invalidField('terminalId', MESSAGES.noSuchTerminal);
  }
  if (backupPrinterId) {
    if (backupPrinterId === printerId) throw invalidField('backupPrinterId', MESSAGES.backupIsItself);
    const backup = await lockPrinterInVenue(trx, venueId, backupPrinterId, { inUse: true });
    if (!backup) throw invalidField('backupPrinterId', MESSAGES.noSuchPrinter);
  }
}

async function checkName(trx: Trx, venueId: string, name: string | undefined, exceptId: string | null) {
  if (name !== undefined && (await findPrinterNamed(trx, venueId, name, exceptId)))
    throw invalidField('name', SERVICE_MESSAGES.printerNameTaken);
}

async function printerUpdated(trx: Trx, staff: StaffActor, printer: Printer, now: Date): Promise<void> {
  await appendEvent(trx, {
    orgId: staff.orgId,
    venueId: staff.venueId,
    userId: staff.user.id,
    event: { type: 'printer.updated', printer },
    at: now,
  });
}

/** Whoever may pair terminals may add printers; the terminal named learns it from the event. */
export async function addPrinter(
  trx: Trx,
  staff: StaffActor,
  input: z.output<typeof NewPrinter>,
  now: Date,
): Promise<Printer> {
  if (!canManageTerminals(staff)) throw forbidden();
  const id = randomUUID();
  await checkName(trx, staff.venueId, input.name, null);
  await checkLinks(trx, staff.venueId, id, input);
  const row = await insertPrinterRow(trx, {
    id,
    org_id: staff.orgId,
    venue_id: staff.venueId,
    name: input.name,
    location: input.location,
    type: input.type,
    station: input.station,
    connection: input.connection,
    host: input.host,
    port: input.port,
    terminal_id: input.terminalId,
    backup_printer_id: input.backupPrinterId,
  });
  const answer = presentPrinter(row);
  await printerUpdated(trx, staff, answer, now);
  return answer;
}

/** Whoever may pair terminals may change a printer, decide which terminal drives it and its backup. */
export async function updatePrinterSettings(
  trx: Trx,
  staff: StaffActor,
  printerId: string,
  settings: PrinterSettings,
  now: Date,
): Promise<Printer> {
  if (!canManageTerminals(staff)) throw forbidden();
  const printer = await lockPrinterInVenue(trx, staff.venueId, printerId, { inUse: true });
  if (!printer) throw notFound('Printer');
  const { terminalId, backupPrinterId, name, location, type, station, connection, host, port } = settings;
  await checkName(trx, staff.venueId, name, printerId);
  await checkLinks(trx, staff.venueId, printerId, settings);
  const address = {
    connection: connection ?? (printer.connection as Printer['connection']),
    host: host !== undefined ? host : printer.host,
    // A printer moved to USB has no port unless one is named.
    port: port !== undefined ? port : connection === 'usb' ? null : printer.port,
  };
  const problem = printerAddressProblem(address);
  if (problem) throw invalidField(problem[0], problem[1]);
  const moved = terminalId !== undefined && terminalId !== printer.terminal_id;
  const readdressed = address.host !== printer.host || address.port !== printer.port;
  const updated = await updatePrinterRow(trx, printerId, {
    ...(name !== undefined ? { name } : {}),
    ...(location !== undefined ? { location } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(station !== undefined ? { station } : {}),
    connection: address.connection,
    host: address.host,
    port: address.port,
    // Its new terminal (or its terminal at its new address) has not asked it yet.
    ...(moved ? { terminal_id: terminalId } : {}),
    ...(moved || readdressed ? { status: 'UNKNOWN', status_at: null } : {}),
    ...(backupPrinterId !== undefined ? { backup_printer_id: backupPrinterId } : {}),
  });
  const answer = presentPrinter(updated);
  await printerUpdated(trx, staff, answer, now);
  return answer;
}

/**
 * Removes a printer: it leaves the lists and every replica (printer.removed), and the printers
 * that named it as their backup have none (printer.updated each). Its row stays for the jobs its
 * terminal still reports.
 */
export async function removePrinterFromVenue(
  trx: Trx,
  staff: StaffActor,
  printerId: string,
  now: Date,
): Promise<Printer> {
  if (!canManageTerminals(staff)) throw forbidden();
  const printer = await lockPrinterInVenue(trx, staff.venueId, printerId, { inUse: true });
  if (!printer) throw notFound('Printer');
  const removed = await updatePrinterRow(trx, printerId, { removed_at: now, backup_printer_id: null });
  for (const other of await clearBackupOf(trx, staff.venueId, printerId)) {
    await printerUpdated(trx, staff, presentPrinter(other), now);
  }
  await appendEvent(trx, {
    orgId: staff.orgId,
    venueId: staff.venueId,
    userId: staff.user.id,
    event: { type: 'printer.removed', printerId },
    at: now,
  });
  return presentPrinter(removed);
}

/** The venue's paired terminals, for choosing which one drives a printer. */
export async function venueTerminals(q: Queryable, actor: VenueActor): Promise<Terminal[]> {
  return (await listActiveTerminals(q, actor.venueId)).map(presentTerminal);
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
  const [outcome] = await reportJobs(trx, terminal, [{ jobId, report }]);
  if (outcome instanceof AppError) throw outcome;
  return outcome as PrintJob;
}

/**
 * Several reports, in order, each decided exactly as reportJob decides it alone, in a few
 * statements instead of several a report: the printers they name are locked together, the jobs
 * and the ticketed items read together, the reports followed in memory, and each job's last
 * state written at the end with the items ticketed (events are collected as usual). A refused
 * report (an AppError in its place) changes nothing. A database failure throws, for the caller
 * to run the reports one by one.
 */
export async function reportJobs(
  trx: Trx,
  terminal: TerminalActor,
  reports: readonly { jobId: string; report: JobReport }[],
): Promise<(PrintJob | AppError)[]> {
  const { orgId, venueId, terminalId } = terminal;
  const printerIds = [...new Set(reports.map((r) => r.report.printerId))];
  const printers = new Map((await lockPrintersInVenue(trx, venueId, printerIds)).map((p) => [p.id, p]));
  const jobIds = [...new Set(reports.map((r) => r.jobId))];
  const jobs = new Map((await findPrintJobs(trx, jobIds)).map((j) => [j.id, j]));
  const itemIds = [...new Set(reports.flatMap((r) => r.report.ticketed.map((t) => t.itemId)))];
  const orderOf = await ordersOfItems(trx, venueId, itemIds);
  const changed = new Set<string>();
  const ticketed: TicketedWrite[] = [];
  const outcomes: (PrintJob | AppError)[] = [];
  for (const { jobId, report } of reports) {
    const printer = printers.get(report.printerId);
    if (!printer) {
      outcomes.push(invalidField('printerId', MESSAGES.noSuchPrinter));
      continue;
    }
    const before = jobs.get(jobId);
    // A terminal re-paired on its kept replica reports the jobs it made under its former identity:
    // the job moves to the reporter. Another venue's job id is refused.
    if (before && before.venue_id !== venueId) {
      outcomes.push(conflict(MESSAGES.printJobOfAnotherVenue));
      continue;
    }
    const updatedAt = new Date(report.updatedAt);
    if (before && before.updated_at > updatedAt) {
      outcomes.push(presentPrintJob(before));
      continue;
    }
    // Only the venue's own order items can be marked ticketed, each under its own order.
    const foreign = report.ticketed.findIndex((t) => orderOf.get(t.itemId) !== t.orderId);
    if (foreign >= 0) {
      outcomes.push(invalidField(`ticketed.${foreign}.itemId`, MESSAGES.noSuchOrderItem));
      continue;
    }
    const reported = {
      terminal_id: terminalId,
      status: report.status,
      attempts: report.attempts,
      reprint: report.reprint,
      error: report.error,
      updated_at: updatedAt,
    };
    // As the write leaves it: a stored job keeps its printer, type, data and creation.
    const row: PrintJobRow = before
      ? { ...before, ...reported }
      : {
          ...reported,
          id: jobId,
          venue_id: venueId,
          printer_id: report.printerId,
          printer_name: printer.name,
          type: report.type,
          data: report.data,
          created_at: new Date(report.createdAt),
        };
    jobs.set(jobId, row);
    changed.add(jobId);
    for (const t of report.ticketed) {
      ticketed.push({
        item_id: t.itemId,
        org_id: orgId,
        venue_id: venueId,
        order_id: t.orderId,
        station: t.station,
        print_job_id: jobId,
      });
    }
    const job = presentPrintJob(row);
    const author = { orgId, venueId, terminalId, at: updatedAt };
    await appendEvent(trx, {
      ...author,
      event: { type: 'print.job.updated', job, terminalId, ticketed: report.ticketed },
    });
    if (job.status === 'COMPLETED' && before?.status !== 'COMPLETED') {
      await appendEvent(trx, { ...author, event: { type: 'print.completed', job, terminalId } });
    }
    outcomes.push(job);
  }
  await writePrintJobs(
    trx,
    [...changed].map((id) => {
      const { printer_name: _printerName, ...row } = jobs.get(id) as PrintJobRow;
      return { ...row, org_id: orgId, terminal_id: terminalId };
    }),
    ticketed,
  );
  return outcomes;
}
