import { z } from 'zod';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const retryPrintJob = defineCall({
  method: 'POST',
  path: '/api/print-jobs/:id/retry',
  summary: 'Send a failed print job again',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: z.string() }),
  entity: 'Print job',
  answer: PrintJob,
});
