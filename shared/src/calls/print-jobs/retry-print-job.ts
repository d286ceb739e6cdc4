import { z } from 'zod';
import { LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const retryPrintJob = defineCall({
  method: 'POST',
  path: '/api/print-jobs/:id/retry',
  summary: 'Send a failed print job again',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: LocalId }),
  entity: 'Print job',
  answer: PrintJob,
});
