// The terminal's print queue. A job is persisted PENDING before anything is sent, goes PRINTING
// while it is sent, and is COMPLETED only when the printer answered GS r after it. Unreachable,
// out of paper or cover open: back to PENDING with exponential back-off, FAILED after the last
// attempt. Once bytes may have reached the printer (`sent`), every further copy is a REPRINT.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIMEZONE,
  KitchenTicket,
  kitchenTicketLines,
  MESSAGES,
  PRINTING,
  Printer,
  type PrinterStatus,
  PrintJob,
  type PrintJobStatus,
  type PrintJobType,
  type TicketLine,
  testPrintLines,
} from '@tablewise/shared';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { ticketBytes } from './bytes.js';
import {
  type PrinterConnection,
  PrinterFailure,
  type PrinterTransport,
  statusFailure,
  transportForPrinter,
} from './transport.js';

export interface PrintServiceOptions {
  db: Database;
  now?: () => Date;
  transportFor?: (printer: Printer) => PrinterTransport;
  /** Attempts before a job is FAILED (default PRINTING.maxAttempts). */
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it (default PRINTING.retryBaseDelayMs). */
  retryBaseDelayMs?: number;
  /** Used by the default transport (defaults from PRINTING). */
  statusTimeoutMs?: number;
  confirmTimeoutMs?: number;
  /** The venue's timezone, for the time printed on test prints. */
  timezone?: string;
  /** Characters per line on paper. */
  ticketWidth?: number;
}

/** A refused request: the terminal core maps `status` to its HTTP answer. */
export class PrintServiceError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'PrintServiceError';
  }
}

interface JobRow {
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
  error: string | null;
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
}

const TestPrintData = z.object({ content: z.string() });

function toPrintJob(row: JobRow): PrintJob {
  const printer = Printer.parse(JSON.parse(row.printer_json));
  return PrintJob.parse({
    id: row.id,
    printerId: row.printer_id,
    printerName: printer.name,
    type: row.type,
    status: row.status,
    data: row.data,
    attempts: row.attempts,
    reprint: row.reprint === 1,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
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

export class PrintService {
  private readonly db: Database;
  private readonly now: () => Date;
  private readonly transportFor: (printer: Printer) => PrinterTransport;
  private readonly maxAttempts: number;
  private readonly retryBaseDelayMs: number;
  private readonly timezone: string;
  private readonly ticketWidth: number | undefined;
  private readonly listeners = new Set<(job: PrintJob) => void>();
  private readonly statusListeners = new Set<(printerId: string, status: PrinterStatus) => void>();
  private readonly statuses = new Map<string, PrinterStatus>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private pumpQueued = false;

  constructor(opts: PrintServiceOptions) {
    this.db = opts.db;
    this.now = opts.now ?? (() => new Date());
    const timeouts = {
      statusTimeoutMs: opts.statusTimeoutMs ?? PRINTING.statusTimeoutMs,
      confirmTimeoutMs: opts.confirmTimeoutMs ?? PRINTING.confirmTimeoutMs,
    };
    this.transportFor = opts.transportFor ?? ((printer) => transportForPrinter(printer, timeouts));
    this.maxAttempts = opts.maxAttempts ?? PRINTING.maxAttempts;
    this.retryBaseDelayMs = opts.retryBaseDelayMs ?? PRINTING.retryBaseDelayMs;
    this.timezone = opts.timezone ?? DEFAULT_TIMEZONE;
    this.ticketWidth = opts.ticketWidth;
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1)
      throw new Error('maxAttempts must be a positive integer');
  }

  /** Picks up where the last run stopped: a job caught mid-send is reprinted, never resent silently. */
  start(): void {
    if (this.running) return;
    const at = this.now().toISOString();
    this.db
      .prepare(
        `UPDATE print_jobs SET status = 'PENDING', reprint = CASE WHEN sent = 1 THEN 1 ELSE reprint END,
           next_attempt_at = ?, updated_at = ? WHERE status = 'PRINTING'`,
      )
      .run(at, at);
    this.running = true;
    this.schedulePump();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight.values()]);
  }

  enqueueKitchenTicket(input: { dedupeKey: string; printer: Printer; ticket: KitchenTicket }): PrintJob {
    const ticket = this.parse(KitchenTicket, input.ticket, 'kitchen ticket');
    return this.enqueue(input.dedupeKey, input.printer, 'kitchen_ticket', JSON.stringify(ticket));
  }

  enqueueTest(printer: Printer, content: string): PrintJob {
    if (typeof content !== 'string' || content.trim() === '')
      throw new PrintServiceError(400, MESSAGES.testPrintMissing);
    return this.enqueue(randomUUID(), printer, 'test', JSON.stringify({ content }));
  }

  /** Manual retry of a FAILED job; if its bytes may have reached the printer it prints as a REPRINT. */
  retry(jobId: string): PrintJob {
    const row = this.row(jobId);
    if (!row) throw new PrintServiceError(404, MESSAGES.notFound('Print job'));
    if (row.status !== 'FAILED') throw new PrintServiceError(409, MESSAGES.printJobNotRetryable(row.status));
    const at = this.now().toISOString();
    this.db
      .prepare(
        `UPDATE print_jobs SET status = 'PENDING', attempts = 0, error = NULL, next_attempt_at = ?, updated_at = ?,
           reprint = CASE WHEN sent = 1 THEN 1 ELSE reprint END WHERE id = ? AND status = 'FAILED'`,
      )
      .run(at, at, jobId);
    const job = this.emit(jobId);
    this.schedulePump();
    return job;
  }

  listJobs(): PrintJob[] {
    const rows = this.db.prepare('SELECT * FROM print_jobs ORDER BY created_at DESC, rowid DESC').all() as JobRow[];
    return rows.map(toPrintJob);
  }

  getJob(jobId: string): PrintJob | null {
    const row = this.row(jobId);
    return row ? toPrintJob(row) : null;
  }

  onChange(listener: (job: PrintJob) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onPrinterStatus(listener: (printerId: string, status: PrinterStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Each printer's state as of its last status query (BUSY while a job is being sent to it). */
  printerStatuses(): Record<string, PrinterStatus> {
    return Object.fromEntries(this.statuses);
  }

  /** Asks a printer for its status now (DLE EOT), e.g. for the printer management screen. */
  async checkPrinter(input: Printer): Promise<PrinterStatus> {
    const printer = this.parse(Printer, input, 'printer');
    if (this.inFlight.has(printer.id)) return 'BUSY';
    let connection: PrinterConnection | null = null;
    try {
      connection = await this.transportFor(printer).connect();
      const failure = statusFailure(await connection.queryStatus());
      this.setStatus(printer.id, failure ? printerStatusFor(failure) : 'ONLINE');
    } catch (error) {
      this.setStatus(printer.id, error instanceof PrinterFailure ? printerStatusFor(error) : 'OFFLINE');
    } finally {
      connection?.close();
    }
    return this.statuses.get(printer.id) ?? 'OFFLINE';
  }

  private parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PrintServiceError(
        400,
        MESSAGES.invalidField(
          `${what}${issue?.path.length ? ` ${issue.path.join('.')}` : ''}`,
          issue?.message ?? 'invalid',
        ),
      );
    }
    return parsed.data;
  }

  private enqueue(dedupeKey: string, input: Printer, type: PrintJobType, data: string): PrintJob {
    if (typeof dedupeKey !== 'string' || dedupeKey.trim() === '')
      throw new PrintServiceError(400, MESSAGES.invalidField('dedupeKey', 'is required'));
    const printer = this.parse(Printer, input, 'printer');
    const at = this.now().toISOString();
    const inserted = this.db
      .prepare(
        `INSERT INTO print_jobs (id, dedupe_key, printer_id, printer_json, type, status, data, attempts, reprint, sent,
           error, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'PENDING', ?, 0, 0, 0, NULL, ?, ?, ?)
         ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .run(randomUUID(), dedupeKey, printer.id, JSON.stringify(printer), type, data, at, at, at);
    const row = this.db.prepare('SELECT * FROM print_jobs WHERE dedupe_key = ?').get(dedupeKey) as JobRow;
    if (inserted.changes === 0) return toPrintJob(row);
    const job = this.emit(row.id);
    this.schedulePump();
    return job;
  }

  private row(id: string): JobRow | undefined {
    return this.db.prepare('SELECT * FROM print_jobs WHERE id = ?').get(id) as JobRow | undefined;
  }

  private emit(id: string): PrintJob {
    const job = toPrintJob(this.row(id) as JobRow);
    for (const listener of this.listeners) {
      try {
        listener(job);
      } catch (error) {
        console.error('print job listener failed', error);
      }
    }
    return job;
  }

  private setStatus(printerId: string, status: PrinterStatus): void {
    if (this.statuses.get(printerId) === status) return;
    this.statuses.set(printerId, status);
    for (const listener of this.statusListeners) {
      try {
        listener(printerId, status);
      } catch (error) {
        console.error('printer status listener failed', error);
      }
    }
  }

  private schedulePump(): void {
    if (!this.running || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /** Starts the head job of every idle printer that is due, and sleeps until the next one is. */
  private pump(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Per printer, only the oldest unfinished job may go: tickets reach the pass in order.
    const heads = this.db
      .prepare(
        `SELECT * FROM print_jobs j WHERE status IN ('PENDING', 'PRINTING') AND rowid = (
           SELECT MIN(rowid) FROM print_jobs WHERE printer_id = j.printer_id AND status IN ('PENDING', 'PRINTING'))`,
      )
      .all() as JobRow[];
    const now = this.now().getTime();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const head of heads) {
      if (this.inFlight.has(head.printer_id) || head.status !== 'PENDING') continue;
      const due = Date.parse(head.next_attempt_at);
      if (due > now) {
        wakeAt = Math.min(wakeAt, due);
        continue;
      }
      const work = this.attempt(head.id).finally(() => {
        this.inFlight.delete(head.printer_id);
        this.schedulePump();
      });
      this.inFlight.set(head.printer_id, work);
    }
    if (Number.isFinite(wakeAt)) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - now));
      this.timer.unref();
    }
  }

  private linesFor(row: JobRow, printer: Printer): TicketLine[] {
    const reprint = row.reprint === 1;
    switch (row.type) {
      case 'kitchen_ticket':
        return kitchenTicketLines(KitchenTicket.parse(JSON.parse(row.data)), { reprint });
      case 'test': {
        const { content } = TestPrintData.parse(JSON.parse(row.data));
        return testPrintLines({ printerName: printer.name, content, at: this.now(), timezone: this.timezone, reprint });
      }
      case 'receipt':
      case 'daily_summary':
      case 'waitlist_ticket':
      case 'reservation_confirmation':
      case 'shift_report':
      case 'end_of_day':
        throw new Error(`Printing ${row.type} jobs is not supported by this terminal`);
      default: {
        const never: never = row.type;
        throw new Error(`Unknown print job type ${String(never)}`);
      }
    }
  }

  private async attempt(jobId: string): Promise<void> {
    const at = this.now().toISOString();
    const claimed = this.db
      .prepare(
        `UPDATE print_jobs SET status = 'PRINTING', attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = 'PENDING'`,
      )
      .run(at, jobId);
    if (claimed.changes === 0) return;
    this.emit(jobId);
    const row = this.row(jobId) as JobRow;
    const printer = Printer.parse(JSON.parse(row.printer_json));
    this.setStatus(printer.id, 'BUSY');
    let connection: PrinterConnection | null = null;
    try {
      const bytes = ticketBytes(this.linesFor(row, printer), { width: this.ticketWidth });
      let transport: PrinterTransport;
      try {
        transport = this.transportFor(printer);
      } catch {
        throw new PrinterFailure('unreachable', MESSAGES.printerUnreachable(printer.name));
      }
      connection = await transport.connect();
      const before = statusFailure(await connection.queryStatus());
      if (before) throw before;
      // From here on the bytes may reach the paper: persist that before the first byte goes out.
      this.db
        .prepare('UPDATE print_jobs SET sent = 1, updated_at = ? WHERE id = ?')
        .run(this.now().toISOString(), jobId);
      await connection.write(bytes);
      let proof: { paperOut: boolean };
      try {
        proof = await connection.confirm();
      } catch (error) {
        throw await this.explain(connection, error);
      }
      if (proof.paperOut) throw new PrinterFailure('paperOut', MESSAGES.printerPaperOut);
      const done = this.now().toISOString();
      this.db
        .prepare(`UPDATE print_jobs SET status = 'COMPLETED', error = NULL, updated_at = ? WHERE id = ?`)
        .run(done, jobId);
      this.setStatus(printer.id, 'ONLINE');
      this.emit(jobId);
    } catch (error) {
      this.fail(jobId, printer, error);
    } finally {
      connection?.close();
    }
  }

  /** A missing GS r answer says nothing about why; the real-time status usually does. */
  private async explain(connection: PrinterConnection, error: unknown): Promise<unknown> {
    if (!(error instanceof PrinterFailure) || error.kind !== 'noAnswer') return error;
    try {
      return statusFailure(await connection.queryStatus()) ?? error;
    } catch {
      return error;
    }
  }

  private fail(jobId: string, printer: Printer, error: unknown): void {
    const row = this.row(jobId) as JobRow;
    const at = this.now();
    const failure = error instanceof PrinterFailure ? error : null;
    // Anything but a printer problem (a ticket that cannot be laid out, say) will not get better by retrying.
    const final = failure === null || row.attempts >= this.maxAttempts;
    const reason = failure ? failure.message : error instanceof Error ? error.message : String(error);
    if (failure) this.setStatus(printer.id, printerStatusFor(failure));
    else if (this.statuses.get(printer.id) === 'BUSY') this.setStatus(printer.id, 'ONLINE');
    const nextAt = new Date(at.getTime() + this.retryBaseDelayMs * 2 ** Math.max(0, row.attempts - 1)).toISOString();
    this.db
      .prepare(
        `UPDATE print_jobs SET status = ?, error = ?, next_attempt_at = ?, updated_at = ?,
           reprint = CASE WHEN sent = 1 THEN 1 ELSE reprint END WHERE id = ?`,
      )
      .run(final ? 'FAILED' : 'PENDING', reason, final ? at.toISOString() : nextAt, at.toISOString(), jobId);
    this.emit(jobId);
  }
}
