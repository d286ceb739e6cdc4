import { z } from 'zod';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Print jobs, newest first: on a terminal, its own queue; on the cloud, the jobs every terminal of
 * the venue reported in the last day (what a manager working remotely needs to see).
 */
export const listPrintJobs = defineCall({
  method: 'GET',
  path: '/api/print-jobs',
  summary: 'Print jobs, newest first',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(PrintJob),
  staleOn: ['print.job.updated', 'print.completed'],
});
