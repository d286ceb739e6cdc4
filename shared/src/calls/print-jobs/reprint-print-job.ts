import { z } from 'zod';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Staff found an UNCONFIRMED job missing from the printer: it prints again, marked REPRINT. */
export const reprintPrintJob = defineCall({
  method: 'POST',
  path: '/api/print-jobs/:id/reprint',
  summary: 'Print a job that may have printed again, as a REPRINT',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: z.string() }),
  entity: 'Print job',
  answer: PrintJob,
});
