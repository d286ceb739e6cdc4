import { z } from 'zod';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const listPrintJobs = defineCall({
  method: 'GET',
  path: '/api/print-jobs',
  summary: "This terminal's print queue, newest first",
  audience: ['staff'],
  tiers: ['terminal'],
  answer: z.array(PrintJob),
});
