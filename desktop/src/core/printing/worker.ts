// Drives the stored jobs through the transport, one at a time per printer, and tells the bus what
// happened to them and to the printers. A socket write is not a print: a job is COMPLETED only
// once the printer answered GS r after it. Unreachable, out of paper or cover open before a byte
// went out: the job goes back to PENDING with back-off until the last attempt. Once bytes may
// have gone out without that answer, the job is UNCONFIRMED and waits for staff.
import { MESSAGES, type Printer, type PrinterStatus } from '@tablewise/shared';
import type { Bus } from '../bus.js';
import type { WriteDb } from '../sqlite/replica.js';
import {
  getPrintJob,
  listPrintJobsIn,
  type PrintJobRecord,
  queueHeads,
  saveJobState,
  toPrintJob,
} from '../sqlite/repositories/print-jobs.js';
import { ticketBytes } from './bytes.js';
import { jobLines } from './job-lines.js';
import {
  accepts,
  type JobEvent,
  nextJobState,
  QUEUE_HOLDING_STATUSES,
  type RetryPolicy,
  statusesAccepting,
} from './job-state.js';
import { type PrinterConnection, PrinterFailure, type PrinterTransport, statusFailure } from './transport.js';

export interface PrintWorkerOptions {
  db: WriteDb;
  bus: Bus;
  now: () => Date;
  transportFor: (printer: Printer) => PrinterTransport;
  policy: RetryPolicy;
  /** The venue's timezone, for the time printed on test prints. */
  timezone: string;
  /** Characters per line on paper. */
  ticketWidth?: number;
}

function printerStatusFor(failure: PrinterFailure): PrinterStatus {
  switch (failure.kind) {
    case 'unreachable':
    case 'noAnswer':
      return 'OFFLINE';
    case 'paperOut':
    case 'coverOpen':
    case 'error':
      return 'ERROR';
    default: {
      const never: never = failure.kind;
      throw new Error(`Unknown printer failure ${String(never)}`);
    }
  }
}

export class PrintWorker {
  private readonly statuses = new Map<string, PrinterStatus>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private pumpQueued = false;

  constructor(private readonly opts: PrintWorkerOptions) {}

  /** Picks up where the last run stopped: a job caught mid-send is UNCONFIRMED, never resent by itself. */
  start(): void {
    if (this.running) return;
    for (const job of listPrintJobsIn(this.opts.db, statusesAccepting('interrupted')))
      this.apply(job.id, { type: 'interrupted', at: this.opts.now() });
    this.running = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight.values()]);
  }

  /** Looks for due jobs soon (after the caller's transaction, if any, has committed). */
  kick(): void {
    if (!this.running || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /**
   * Stores the job's next state and reports a status change on the bus. Null when the job is
   * unknown or its state refuses the event.
   */
  apply(jobId: string, event: JobEvent): PrintJobRecord | null {
    const { db, bus, policy, now } = this.opts;
    const current = getPrintJob(db, jobId);
    if (!current) return null;
    const next = nextJobState(current, event, policy);
    if (!next || !saveJobState(db, jobId, current.status, next, now().toISOString())) return null;
    const saved = getPrintJob(db, jobId) as PrintJobRecord;
    if (saved.status !== current.status) bus.emit('printJob', toPrintJob(saved));
    return saved;
  }

  /** Each printer's state as of its last status query (BUSY while a job is being sent to it). */
  printerStatuses(): Record<string, PrinterStatus> {
    return Object.fromEntries(this.statuses);
  }

  /** Asks a printer for its status now (DLE EOT). */
  async checkPrinter(printer: Printer): Promise<PrinterStatus> {
    if (this.inFlight.has(printer.id)) return 'BUSY';
    let connection: PrinterConnection | null = null;
    try {
      connection = await this.opts.transportFor(printer).connect();
      const failure = statusFailure(await connection.queryStatus());
      this.setStatus(printer.id, failure ? printerStatusFor(failure) : 'ONLINE');
    } catch (error) {
      this.setStatus(printer.id, error instanceof PrinterFailure ? printerStatusFor(error) : 'OFFLINE');
    } finally {
      connection?.close();
    }
    return this.statuses.get(printer.id) ?? 'OFFLINE';
  }

  private setStatus(printerId: string, status: PrinterStatus): void {
    if (this.statuses.get(printerId) === status) return;
    this.statuses.set(printerId, status);
    this.opts.bus.emit('printerStatus', { printerId, status });
  }

  /** Starts the head job of every idle printer that is due, and sleeps until the next one is. */
  private pump(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.opts.now().getTime();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const head of queueHeads(this.opts.db, QUEUE_HOLDING_STATUSES)) {
      if (this.inFlight.has(head.printerId) || !accepts(head.status, 'claim')) continue;
      const due = Date.parse(head.nextAttemptAt);
      if (due > now) {
        wakeAt = Math.min(wakeAt, due);
        continue;
      }
      const work = this.attempt(head.id).finally(() => {
        this.inFlight.delete(head.printerId);
        this.kick();
      });
      this.inFlight.set(head.printerId, work);
    }
    if (Number.isFinite(wakeAt)) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - now));
      this.timer.unref();
    }
  }

  private async attempt(jobId: string): Promise<void> {
    const job = this.apply(jobId, { type: 'claim' });
    if (!job) return;
    const { printer } = job;
    this.setStatus(printer.id, 'BUSY');
    let connection: PrinterConnection | null = null;
    try {
      const lines = jobLines(job, printer, { now: this.opts.now(), timezone: this.opts.timezone });
      const bytes = ticketBytes(lines, { width: this.opts.ticketWidth });
      let transport: PrinterTransport;
      try {
        transport = this.opts.transportFor(printer);
      } catch {
        throw new PrinterFailure('unreachable', MESSAGES.printerUnreachable(printer.name));
      }
      connection = await transport.connect();
      const before = statusFailure(await connection.queryStatus());
      if (before) throw before;
      // From here on the bytes may reach the paper: persist that before the first byte goes out.
      this.apply(jobId, { type: 'sending' });
      await connection.write(bytes);
      let proof: { paperOut: boolean };
      try {
        proof = await connection.confirm();
      } catch (error) {
        throw await this.explain(connection, error);
      }
      if (proof.paperOut) throw new PrinterFailure('paperOut', MESSAGES.printerPaperOut);
      this.setStatus(printer.id, 'ONLINE');
      this.apply(jobId, { type: 'printed' });
    } catch (error) {
      this.fail(jobId, printer, error);
    } finally {
      connection?.close();
    }
  }

  /** A missing GS r answer says nothing about why; the real-time status usually does. */
  private async explain(connection: PrinterConnection, error: unknown): Promise<unknown> {
    if (!(error instanceof PrinterFailure) || error.kind !== 'noAnswer') return error;
    const unconfirmed = new PrinterFailure('noAnswer', MESSAGES.printerNoConfirmation);
    try {
      return statusFailure(await connection.queryStatus()) ?? unconfirmed;
    } catch {
      return unconfirmed;
    }
  }

  private fail(jobId: string, printer: Printer, error: unknown): void {
    const failure = error instanceof PrinterFailure ? error : null;
    if (failure) this.setStatus(printer.id, printerStatusFor(failure));
    else if (this.statuses.get(printer.id) === 'BUSY') this.setStatus(printer.id, 'ONLINE');
    const reason = failure ? failure.message : error instanceof Error ? error.message : String(error);
    // Anything but a printer problem (a ticket that cannot be laid out, say) will not get better by retrying.
    this.apply(jobId, { type: 'failed', reason, retryable: failure !== null, at: this.opts.now() });
  }
}
