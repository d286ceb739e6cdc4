// Drives the stored jobs through the transport, one at a time per printer, and tells the bus what
// happened to them and to the printers. A socket write is not a print: a job is COMPLETED only
// once the printer answered GS r after it. Unreachable, out of paper or cover open before a byte
// went out: the job stays PENDING in its place, and while the printer is faulty the worker only
// asks its status (DLE EOT) every few seconds; once it answers ready, the waiting jobs print by
// themselves, oldest first. Once bytes may have gone out without that answer, the job is
// UNCONFIRMED and waits for staff. A kitchen ticket that has waited on a faulty printer longer than
// backupAfterMs, none of it sent, moves to the printer's backup if that one is this terminal's and
// ONLINE: a copy marked BACKUP joins the backup's queue and the original becomes MOVED, in one
// transaction, so the ticket prints on one of them only.
import { randomUUID } from 'node:crypto';
import { MESSAGES, type Printer, type PrinterStatus } from '@tablewise/shared';
import type { Bus } from '../bus.js';
import { log } from '../log.js';
import { transact, transactDerived, type WriteDb } from '../sqlite/replica.js';
import {
  getPrintJob,
  insertPrintJob,
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
  newJobState,
  nextJobState,
  QUEUE_HOLDING_STATUSES,
  statusesAccepting,
} from './job-state.js';
import { reportPrinter } from './report.js';
import { type PrinterConnection, PrinterFailure, type PrinterTransport, statusFailure } from './transport.js';

export interface PrintWorkerOptions {
  db: WriteDb;
  bus: Bus;
  now: () => Date;
  transportFor: (printer: Printer) => PrinterTransport;
  /** How often a faulty printer with waiting jobs is asked its status. */
  statusPollMs: number;
  /** How often a printer with nothing to print is asked its status. */
  idleCheckMs: number;
  /** How long a kitchen ticket waits on a faulty printer before it moves to the printer's backup. */
  backupAfterMs: number;
  /** The printers this terminal drives: their state is kept live even while they have no jobs. */
  printers: () => Printer[];
  /** The venue's time zone now, for the time printed on test prints. */
  timezone: () => string;
  /** Characters per line on paper. */
  ticketWidth?: number;
}

function printerStatusFor(failure: PrinterFailure): PrinterStatus {
  switch (failure.kind) {
    case 'unreachable':
    case 'noAnswer':
      return 'OFFLINE';
    case 'paperOut':
      return 'PAPER_OUT';
    case 'coverOpen':
      return 'COVER_OPEN';
    case 'error':
      return 'ERROR';
    default: {
      const never: never = failure.kind;
      throw new Error(`Unknown printer failure ${String(never)}`);
    }
  }
}

/** A printer in this state is not sent jobs, only asked its status until it recovers. */
function isFaulty(status: PrinterStatus): boolean {
  switch (status) {
    case 'OFFLINE':
    case 'ERROR':
    case 'PAPER_OUT':
    case 'COVER_OPEN':
      return true;
    case 'ONLINE':
    case 'BUSY':
    case 'UNKNOWN':
      return false;
    default: {
      const never: never = status;
      throw new Error(`Unknown printer status ${String(never)}`);
    }
  }
}

export class PrintWorker {
  private readonly statuses = new Map<string, PrinterStatus>();
  /** When each printer's state was last learnt (ms), so a faulty one is asked again only every statusPollMs. */
  private readonly learntAt = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Every printer conversation open now: stopping closes them rather than waiting out their time limits. */
  private readonly open = new Set<PrinterConnection>();
  private running = false;
  /** Set by stop(): no conversation starts or reports after it. */
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private pumpQueued = false;

  constructor(private readonly opts: PrintWorkerOptions) {}

  /** Picks up where the last run stopped: a job caught mid-send is UNCONFIRMED, never resent by itself. */
  start(): void {
    if (this.running) return;
    this.stopped = false;
    for (const job of listPrintJobsIn(this.opts.db, statusesAccepting('interrupted')))
      this.apply(job.id, { type: 'interrupted', at: this.opts.now() });
    this.running = true;
    this.kick();
  }

  /**
   * Ends every conversation at once: a job caught mid-send stays PRINTING, and the next start
   * finds it interrupted (UNCONFIRMED if its bytes may have gone out, PENDING if not).
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const connection of this.open) connection.close();
    await Promise.all([...this.inFlight.values()]);
  }

  private async connect(printer: Printer): Promise<PrinterConnection> {
    const connection = await this.opts.transportFor(printer).connect();
    if (this.stopped) {
      connection.close();
      throw new Error('The print queue stopped');
    }
    this.open.add(connection);
    return connection;
  }

  private disconnect(connection: PrinterConnection | null): void {
    if (!connection) return;
    this.open.delete(connection);
    connection.close();
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
    const { db, bus, now } = this.opts;
    const current = getPrintJob(db, jobId);
    if (!current) return null;
    const next = nextJobState(current, event);
    if (!next) return null;
    const save = () => saveJobState(db, jobId, current.status, next, now().toISOString());
    // Taking a job records nothing a power cut must keep: a PRINTING job found at start with none
    // of it sent goes back to PENDING anyway. The 'sending' commit (FULL) makes it durable.
    if (!(event.type === 'claim' ? transactDerived(db, save) : save())) return null;
    const saved = getPrintJob(db, jobId) as PrintJobRecord;
    if (saved.status !== current.status) bus.emit('printJob', toPrintJob(saved));
    return saved;
  }

  /** Each printer's state as of its last status query (a job being sent does not change it). */
  printerStatuses(): Record<string, PrinterStatus> {
    return Object.fromEntries(this.statuses);
  }

  /** Asks a printer for its status now (DLE EOT); while the worker talks to it, its last known state. */
  async checkPrinter(printer: Printer): Promise<PrinterStatus> {
    if (this.inFlight.has(printer.id)) return this.statusOf(printer.id);
    return this.probe(printer);
  }

  /**
   * Forgets what a printer answered, so the next pass asks it again and its answer is reported:
   * for a printer just moved to this terminal, whose earlier reports the cloud ignored.
   */
  relearn(printerId: string): void {
    this.statuses.delete(printerId);
    this.learntAt.delete(printerId);
    this.kick();
  }

  /**
   * Where a job's printer is reached now: its address as the replica has it, when this terminal
   * still drives it (a manager corrected its IP, port or device while tickets waited), else as the
   * job was queued. The job's name for it stays what it printed under.
   */
  private reach(printer: Printer): Printer {
    const current = this.opts.printers().find((p) => p.id === printer.id);
    return current ? { ...printer, connection: current.connection, host: current.host, port: current.port } : printer;
  }

  /** What the printer last answered; UNKNOWN until it has been asked. */
  statusOf(printerId: string): PrinterStatus {
    return this.statuses.get(printerId) ?? 'UNKNOWN';
  }

  private async probe(printer: Printer): Promise<PrinterStatus> {
    let connection: PrinterConnection | null = null;
    try {
      connection = await this.connect(printer);
      const failure = statusFailure(await connection.queryStatus());
      this.setStatus(printer.id, failure ? printerStatusFor(failure) : 'ONLINE');
    } catch (error) {
      if (!this.stopped)
        this.setStatus(printer.id, error instanceof PrinterFailure ? printerStatusFor(error) : 'OFFLINE');
    } finally {
      this.disconnect(connection);
    }
    return this.statusOf(printer.id);
  }

  private setStatus(printerId: string, status: PrinterStatus): void {
    this.learntAt.set(printerId, this.opts.now().getTime());
    if (this.statuses.get(printerId) === status) return;
    this.statuses.set(printerId, status);
    if (!this.stopped) reportPrinter(this.opts.db, printerId, status, this.opts.now().toISOString());
    this.opts.bus.emit('printerStatus', { printerId, status });
  }

  /**
   * For each printer with waiting jobs: sends the head job if it is due and the printer was last
   * seen ready, asks a faulty printer its status again once statusPollMs has passed, and sleeps
   * until the next of those is due. A head that waits for staff (UNCONFIRMED) holds the rest.
   */
  private pump(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.opts.now().getTime();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const head of queueHeads(this.opts.db, QUEUE_HOLDING_STATUSES)) {
      const { printerId } = head;
      if (this.inFlight.has(printerId)) continue;
      if (isFaulty(this.statusOf(printerId))) {
        if (this.moveToBackup(head)) continue;
        const moveAt = Date.parse(head.createdAt) + this.opts.backupAfterMs;
        if (head.type === 'kitchen_ticket' && moveAt > now) wakeAt = Math.min(wakeAt, moveAt);
        const askAt = (this.learntAt.get(printerId) ?? 0) + this.opts.statusPollMs;
        if (askAt > now) wakeAt = Math.min(wakeAt, askAt);
        else this.track(printerId, this.probe(this.reach(head.printer)));
        continue;
      }
      if (!accepts(head.status, 'claim')) continue;
      const due = Date.parse(head.nextAttemptAt);
      if (due > now) {
        wakeAt = Math.min(wakeAt, due);
        continue;
      }
      this.track(printerId, this.attempt(head.id));
    }
    // Printers with nothing waiting: asked now and then, so a screen shows paper out before a ticket
    // finds it. The list itself is read again every statusPollMs (a snapshot may bring printers).
    wakeAt = Math.min(wakeAt, now + this.opts.statusPollMs);
    for (const printer of this.opts.printers()) {
      if (this.inFlight.has(printer.id)) continue;
      const learnt = this.learntAt.get(printer.id);
      const askAt = learnt === undefined ? now : learnt + this.opts.idleCheckMs;
      if (askAt > now) wakeAt = Math.min(wakeAt, askAt);
      else this.track(printer.id, this.probe(printer));
    }
    if (Number.isFinite(wakeAt)) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - now));
      this.timer.unref();
    }
  }

  /**
   * Moves a kitchen ticket that has waited on its faulty printer past backupAfterMs, none of it sent,
   * to that printer's backup, when the backup is this terminal's, ONLINE and not held by a job that
   * waits for staff. The copy (marked BACKUP) and the original's MOVED commit together. Answers
   * whether it moved; the caller looks again at once, for the printer's next waiting job.
   */
  private moveToBackup(job: PrintJobRecord): boolean {
    const { db, bus, now } = this.opts;
    if (job.type !== 'kitchen_ticket' || job.status !== 'PENDING' || job.sent) return false;
    const at = now();
    if (at.getTime() - Date.parse(job.createdAt) < this.opts.backupAfterMs) return false;
    const printers = this.opts.printers();
    // The printer's record as the replica has it now: a backup named after the job was queued counts.
    const backupId = (printers.find((p) => p.id === job.printerId) ?? job.printer).backupPrinterId;
    const backup = backupId ? printers.find((p) => p.id === backupId) : undefined;
    if (!backup || backup.id === job.printerId || this.statusOf(backup.id) !== 'ONLINE') return false;
    const backupHead = queueHeads(db, QUEUE_HOLDING_STATUSES).find((h) => h.printerId === backup.id);
    if (backupHead && !accepts(backupHead.status, 'claim')) return false;
    const moved = transact(db, () => {
      const original = getPrintJob(db, job.id);
      if (!original) return null;
      const next = nextJobState(original, { type: 'moveToBackup', backupPrinterName: backup.name, at });
      if (!next || !saveJobState(db, job.id, original.status, next, at.toISOString())) return null;
      const { record } = insertPrintJob(db, {
        id: randomUUID(),
        dedupeKey: `${original.dedupeKey}:backup`,
        printer: backup,
        type: original.type,
        data: original.data,
        state: newJobState(at, { backupOf: original.printer.name, reprint: original.reprint }),
        at: at.toISOString(),
      });
      return { original: getPrintJob(db, job.id) as PrintJobRecord, copy: record };
    });
    if (!moved) return false;
    bus.emit('printJob', toPrintJob(moved.original));
    bus.emit('printJob', toPrintJob(moved.copy));
    this.kick();
    return true;
  }

  /** One conversation per printer at a time; when it ends, look again. */
  private track(printerId: string, work: Promise<unknown>): void {
    const done = work
      .then(
        () => {},
        (error: unknown) => log.error({ err: error, printerId }, 'printing failed unexpectedly'),
      )
      .finally(() => {
        this.inFlight.delete(printerId);
        this.kick();
      });
    this.inFlight.set(printerId, done);
  }

  private async attempt(jobId: string): Promise<void> {
    const job = this.apply(jobId, { type: 'claim' });
    if (!job) return;
    const printer = this.reach(job.printer);
    let connection: PrinterConnection | null = null;
    try {
      const lines = jobLines(job, printer, { now: this.opts.now(), timezone: this.opts.timezone() });
      const bytes = ticketBytes(lines, { width: this.opts.ticketWidth });
      try {
        connection = await this.connect(printer);
      } catch (error) {
        if (error instanceof PrinterFailure || this.stopped) throw error;
        throw new PrinterFailure('unreachable', MESSAGES.printerUnreachable(printer.name));
      }
      const before = statusFailure(await connection.queryStatus());
      if (before) throw before;
      this.setStatus(printer.id, 'ONLINE');
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
      // Stopped mid-job: the job stays PRINTING for the next start to find interrupted.
      if (!this.stopped) this.fail(jobId, printer, error);
    } finally {
      this.disconnect(connection);
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
    const reason = failure ? failure.message : error instanceof Error ? error.message : String(error);
    // Anything but a printer problem (a ticket that cannot be laid out, say) will not get better by retrying.
    this.apply(jobId, { type: 'failed', reason, retryable: failure !== null, at: this.opts.now() });
  }
}
