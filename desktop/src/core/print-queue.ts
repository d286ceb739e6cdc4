// The print queue the core drives: the printing module's PrintService on the replica's writer,
// so a kitchen ticket's job and its ticketed_items marks commit in one transaction, reporting
// job and printer status on the core's bus.
import type { GuestReceiptPrint, Printer, PrinterStatus, PrintJob, TableQrReceipt } from '@tablewise/shared';
import type { Bus } from './bus.js';
import type { KitchenTicketQueue } from './kitchen/ticketing.js';
import { PrintService } from './printing/service.js';
import type { WriteDb } from './sqlite/replica.js';

/** The print queue as the core uses it. */
export interface PrintQueue extends KitchenTicketQueue {
  start(): void;
  stop(): Promise<void>;
  listJobs(): PrintJob[];
  /** Throws PrintServiceError (404, 409) when the job is unknown or not retryable. */
  retry(id: string): PrintJob;
  /** Throws PrintServiceError (404, 409) when the job is unknown or not UNCONFIRMED. */
  reprint(id: string): PrintJob;
  /** Throws PrintServiceError (404, 409) when the job is unknown or not UNCONFIRMED. */
  markPrinted(id: string): PrintJob;
  enqueueTest(printer: Printer, content: string): PrintJob;
  enqueueTableQr(printer: Printer, receipt: TableQrReceipt): PrintJob;
  enqueueGuestReceipt(printer: Printer, receipt: GuestReceiptPrint): PrintJob;
  /** A printer just moved to this terminal: asked again, and its answer reported to the cloud. */
  relearnPrinter(printerId: string): void;
  /** Each printer's state as the worker last learnt it from the printer (absent: not asked yet). */
  printerStatuses(): Record<string, PrinterStatus>;
}

export interface PrintQueueOptions {
  db: WriteDb;
  bus: Bus;
  now: () => Date;
  /** The printers this terminal drives, whose state is kept live. */
  printers: () => Printer[];
  /** The venue's time zone now (the replica's venue row), for the time on test prints. */
  timezone: () => string;
  /** How often a faulty printer with waiting jobs is asked its status (tests shorten it). */
  statusPollMs?: number;
  /** How often an idle printer is asked its status (tests shorten it). */
  idleCheckMs?: number;
}

export function createPrintQueue(opts: PrintQueueOptions): PrintQueue {
  return new PrintService(opts);
}
