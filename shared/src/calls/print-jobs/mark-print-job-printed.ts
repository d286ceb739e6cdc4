import { z } from 'zod';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Staff found an UNCONFIRMED job on paper: it is COMPLETED and the printer's later jobs go on. */
export const markPrintJobPrinted = defineCall({
  method: 'POST',
  path: '/api/print-jobs/:id/mark-printed',
  summary: 'Record that a job that may have printed did print',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: z.string() }),
  entity: 'Print job',
  answer: PrintJob,
});
