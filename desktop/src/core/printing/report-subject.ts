// How staff read a print report waiting in the outbox (the terminal banner). Apart from report.ts,
// which the print-jobs repository calls: this one reads that repository.
import { MESSAGES } from '@tablewise/shared';
import type { AnyDb } from '../sqlite/replica.js';
import { getPrintJob } from '../sqlite/repositories/print-jobs.js';
import { listPrinters } from '../sqlite/repositories/printers.js';
import { PRINT_JOB_ENTITY, PRINTER_ENTITY } from './report.js';

/** What a report waiting in the outbox is about, as staff call it; null for other changes. */
export function reportSubject(db: AnyDb, entry: { entityType: string; entityId: string }): string | null {
  switch (entry.entityType) {
    case PRINT_JOB_ENTITY: {
      const job = getPrintJob(db, entry.entityId);
      return job ? MESSAGES.printJobReportSubject(job.printerName) : null;
    }
    case PRINTER_ENTITY: {
      const printer = listPrinters(db).find((p) => p.id === entry.entityId);
      return printer ? MESSAGES.printerReportSubject(printer.name) : null;
    }
    default:
      return null;
  }
}
