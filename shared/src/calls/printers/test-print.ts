import { z } from 'zod';
import { boundedText, LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Prints a test page on a printer this terminal drives (spec 2, printer management). */
export const testPrint = defineCall({
  method: 'POST',
  path: '/api/printers/:printerId/test',
  summary: 'Queue a test print',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ printerId: LocalId }),
  entity: 'Printer',
  // Empty or missing content is refused by the print queue with the spec's own words.
  body: z.object({ content: boundedText(1000, { multiline: true }).optional() }),
  answer: PrintJob,
  status: 201,
});
