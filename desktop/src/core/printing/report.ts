// What the cloud learns of this terminal's printing: each job when it is made (with the items a
// kitchen ticket was made for) and each state it settles in, and each printer's state as the
// printer answered it. Reports go through the outbox, in the same SQLite transaction as the fact
// they report, so a crash can lose neither; the cloud then tells every other screen and replica.
import { randomUUID } from 'node:crypto';
import {
  type PrinterStatus,
  type PrintJobStatus,
  reportPrinterStatus,
  reportPrintJob,
  type TicketedItem,
} from '@tablewise/shared';
import type { WriteDb } from '../sqlite/replica.js';
import { appendOutbox } from '../sqlite/repositories/outbox.js';
import type { PrintJobRecord } from '../sqlite/repositories/print-jobs.js';

export const PRINT_JOB_ENTITY = 'print_job';
export const PRINTER_ENTITY = 'printer';

/** PRINTING lasts the second a job takes to send: the state it settles in follows at once. */
const isReported = (status: PrintJobStatus): boolean => status !== 'PRINTING';

export function reportJob(db: WriteDb, job: PrintJobRecord, ticketed: readonly TicketedItem[] = []): void {
  if (!isReported(job.status)) return;
  appendOutbox(db, {
    idempotencyKey: randomUUID(),
    method: reportPrintJob.method,
    path: reportPrintJob.url({ id: job.id }),
    body: {
      printerId: job.printerId,
      type: job.type,
      status: job.status,
      data: job.data,
      attempts: job.attempts,
      reprint: job.reprint,
      error: job.error,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      ticketed,
    },
    entityType: PRINT_JOB_ENTITY,
    entityId: job.id,
    createdAt: job.updatedAt,
  });
}

export function reportPrinter(db: WriteDb, printerId: string, status: PrinterStatus, at: string): void {
  appendOutbox(db, {
    idempotencyKey: randomUUID(),
    method: reportPrinterStatus.method,
    path: reportPrinterStatus.url({ id: printerId }),
    body: { status, at },
    entityType: PRINTER_ENTITY,
    entityId: printerId,
    createdAt: at,
  });
}
