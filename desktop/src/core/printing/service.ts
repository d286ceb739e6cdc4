// The print queue's commands: what ticketing and staff ask of it, checked before anything is
// stored. A job is persisted PENDING before any byte is sent; the worker sends it.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIMEZONE,
  GuestReceiptPrint,
  KitchenTicket,
  MESSAGES,
  PRINTING,
  Printer,
  type PrinterStatus,
  type PrintJob,
  type PrintJobType,
  TableQrReceipt,
  type TicketedItem,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Bus } from '../bus.js';
import type { WriteDb } from '../sqlite/replica.js';
import { getPrintJob, insertPrintJob, listPrintJobs, toPrintJob } from '../sqlite/repositories/print-jobs.js';
import { type JobEvent, newJobState } from './job-state.js';
import { type PrinterTransport, transportForPrinter } from './transport.js';
import { PrintWorker } from './worker.js';

export interface PrintServiceOptions {
  db: WriteDb;
  /** Where job and printer status changes are reported. */
  bus: Bus;
  now?: () => Date;
  transportFor?: (printer: Printer) => PrinterTransport;
  /** How often a faulty printer with waiting jobs is asked its status (default PRINTING.statusPollMs). */
  statusPollMs?: number;
  /** How often a printer with nothing to print is asked its status (default PRINTING.idleCheckMs). */
  idleCheckMs?: number;
  /** How long a kitchen ticket waits on a faulty printer before it moves to its backup (default PRINTING.backupAfterMs). */
  backupAfterMs?: number;
  /** The printers this terminal drives, whose state is kept live (default none: only printers with jobs). */
  printers?: () => Printer[];
  /** Used by the default transport (defaults from PRINTING). */
  statusTimeoutMs?: number;
  confirmTimeoutMs?: number;
  writeTimeoutMs?: number;
  /** The venue's time zone now, for the time printed on test prints (default UTC). */
  timezone?: () => string;
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

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
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

export class PrintService {
  private readonly db: WriteDb;
  private readonly bus: Bus;
  private readonly now: () => Date;
  private readonly worker: PrintWorker;

  constructor(opts: PrintServiceOptions) {
    this.db = opts.db;
    this.bus = opts.bus;
    this.now = opts.now ?? (() => new Date());
    const statusPollMs = opts.statusPollMs ?? PRINTING.statusPollMs;
    if (!(statusPollMs > 0)) throw new Error('statusPollMs must be positive');
    const timeouts = {
      statusTimeoutMs: opts.statusTimeoutMs ?? PRINTING.statusTimeoutMs,
      confirmTimeoutMs: opts.confirmTimeoutMs ?? PRINTING.confirmTimeoutMs,
      writeTimeoutMs: opts.writeTimeoutMs ?? PRINTING.writeTimeoutMs,
    };
    this.worker = new PrintWorker({
      db: this.db,
      bus: this.bus,
      now: this.now,
      transportFor: opts.transportFor ?? ((printer) => transportForPrinter(printer, timeouts)),
      statusPollMs,
      idleCheckMs: opts.idleCheckMs ?? PRINTING.idleCheckMs,
      backupAfterMs: opts.backupAfterMs ?? PRINTING.backupAfterMs,
      printers: opts.printers ?? (() => []),
      timezone: opts.timezone ?? (() => DEFAULT_TIMEZONE),
      ticketWidth: opts.ticketWidth,
    });
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** `ticketed`: the order items the ticket is made for, which the cloud records with the job. */
  enqueueKitchenTicket(input: {
    dedupeKey: string;
    printer: Printer;
    ticket: KitchenTicket;
    ticketed?: readonly TicketedItem[];
  }): PrintJob {
    const ticket = parse(KitchenTicket, input.ticket, 'kitchen ticket');
    return this.enqueue(input.dedupeKey, input.printer, 'kitchen_ticket', JSON.stringify(ticket), input.ticketed);
  }

  enqueueTest(printer: Printer, content: string): PrintJob {
    if (typeof content !== 'string' || content.trim() === '')
      throw new PrintServiceError(400, MESSAGES.testPrintMissing);
    return this.enqueue(randomUUID(), printer, 'test', JSON.stringify({ content }));
  }

  /** A table's QR code on a receipt printer (Generate Table QR). */
  enqueueTableQr(printer: Printer, receipt: TableQrReceipt): PrintJob {
    return this.enqueue(randomUUID(), printer, 'receipt', JSON.stringify(TableQrReceipt.parse(receipt)));
  }

  /** A guest's receipt (issue 11); a cash payment's opens the cash drawer. */
  enqueueGuestReceipt(printer: Printer, receipt: GuestReceiptPrint): PrintJob {
    return this.enqueue(randomUUID(), printer, 'receipt', JSON.stringify(GuestReceiptPrint.parse(receipt)));
  }

  /** Manual retry of a FAILED job (one that could not be laid out; nothing of it was sent). */
  retry(jobId: string): PrintJob {
    const job = getPrintJob(this.db, jobId);
    if (!job) throw new PrintServiceError(404, MESSAGES.notFound('Print job'));
    const retried = this.worker.apply(jobId, { type: 'retry', at: this.now() });
    if (!retried) throw new PrintServiceError(409, MESSAGES.printJobNotRetryable(job.status));
    this.worker.kick();
    return toPrintJob(retried);
  }

  /** Staff found an UNCONFIRMED job missing: it prints again, marked REPRINT, before the printer's later jobs. */
  reprint(jobId: string): PrintJob {
    return this.decide(jobId, { type: 'reprint', at: this.now() });
  }

  /** Staff found an UNCONFIRMED job on paper: it is COMPLETED and the printer's later jobs go on. */
  markPrinted(jobId: string): PrintJob {
    return this.decide(jobId, { type: 'markPrinted' });
  }

  private decide(jobId: string, event: Extract<JobEvent, { type: 'reprint' | 'markPrinted' }>): PrintJob {
    const job = getPrintJob(this.db, jobId);
    if (!job) throw new PrintServiceError(404, MESSAGES.notFound('Print job'));
    const decided = this.worker.apply(jobId, event);
    if (!decided) throw new PrintServiceError(409, MESSAGES.printJobNotUnconfirmed(job.status));
    this.worker.kick();
    return toPrintJob(decided);
  }

  listJobs(): PrintJob[] {
    return listPrintJobs(this.db).map(toPrintJob);
  }

  getJob(jobId: string): PrintJob | null {
    const job = getPrintJob(this.db, jobId);
    return job ? toPrintJob(job) : null;
  }

  /** Each printer's state as of its last status query. */
  printerStatuses(): Record<string, PrinterStatus> {
    return this.worker.printerStatuses();
  }

  /** A printer just moved to this terminal: asked again, and its answer reported to the cloud. */
  relearnPrinter(printerId: string): void {
    this.worker.relearn(printerId);
  }

  /** Asks a printer for its status now (DLE EOT), e.g. for the printer management screen. */
  async checkPrinter(input: Printer): Promise<PrinterStatus> {
    return this.worker.checkPrinter(parse(Printer, input, 'printer'));
  }

  private enqueue(
    dedupeKey: string,
    input: Printer,
    type: PrintJobType,
    data: string,
    ticketed: readonly TicketedItem[] = [],
  ): PrintJob {
    if (typeof dedupeKey !== 'string' || dedupeKey.trim() === '')
      throw new PrintServiceError(400, MESSAGES.invalidField('dedupeKey', 'is required'));
    const printer = parse(Printer, input, 'printer');
    const at = this.now();
    const { record, created } = insertPrintJob(this.db, {
      id: randomUUID(),
      dedupeKey,
      printer,
      type,
      data,
      state: newJobState(at),
      at: at.toISOString(),
      ticketed,
    });
    const job = toPrintJob(record);
    if (!created) return job;
    this.bus.emit('printJob', job);
    this.worker.kick();
    return job;
  }
}
