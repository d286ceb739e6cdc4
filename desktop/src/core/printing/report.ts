// What the cloud learns of this terminal's printing: each job when it is made (with the items a
// kitchen ticket was made for) and each state it settles in, and each printer's state as the
// printer answered it. Reports go through the outbox, in the same SQLite transaction as the fact
// they report, so a crash can lose neither; the cloud then tells every other screen and replica.
import { randomUUID } from 'node:crypto';
import {
  PRINT_JOB_ERROR_MAX,
  type PrinterStatus,
  type PrintJobStatus,
  reportPrinterStatus,
  reportPrintJob,
  type TicketedItem,
} from '@tablewise/shared';
import type { WriteDb } from '../sqlite/replica.js';
import { appendCall } from '../sqlite/repositories/outbox.js';
import type { PrintJobRecord } from '../sqlite/repositories/print-jobs.js';

export const PRINT_JOB_ENTITY = 'print_job';
export const PRINTER_ENTITY = 'printer';

/** PRINTING lasts the second a job takes to send: the state it settles in follows at once. */
const isReported = (status: PrintJobStatus): boolean => status !== 'PRINTING';

export function reportJob(db: WriteDb, job: PrintJobRecord, ticketed: readonly TicketedItem[] = []): void {
  if (!isReported(job.status)) return;
  appendCall(db, reportPrintJob, {
    idempotencyKey: randomUUID(),
    params: { id: job.id },
    body: {
      printerId: job.printerId,
      type: job.type,
      status: job.status,
      data: job.data,
      attempts: job.attempts,
      reprint: job.reprint,
      // A driver's error can be long (a stack): the report carries its start, as the cloud takes it.
      error: job.error === null ? null : job.error.slice(0, PRINT_JOB_ERROR_MAX),
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      ticketed: [...ticketed],
    },
    entityType: PRINT_JOB_ENTITY,
    entityId: job.id,
    createdAt: job.updatedAt,
  });
}

export function reportPrinter(db: WriteDb, printerId: string, status: PrinterStatus, at: string): void {
  appendCall(db, reportPrinterStatus, {
    idempotencyKey: randomUUID(),
    params: { id: printerId },
    body: { status, at },
    entityType: PRINTER_ENTITY,
    entityId: printerId,
    createdAt: at,
  });
}
