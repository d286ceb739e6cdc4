import { z } from 'zod';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Prints a test page on a printer this terminal drives (spec 2, printer management). */
export const testPrint = defineCall({
  method: 'POST',
  path: '/api/printers/:printerId/test',
  summary: 'Queue a test print',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ printerId: z.string() }),
  entity: 'Printer',
  body: z.object({ content: z.unknown().optional() }),
  answer: PrintJob,
  status: 201,
});
