import { z } from 'zod';
import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * The venue's printers with their state. A terminal answers the state it last learnt from each
 * printer it drives, and for the others what their terminals reported; the cloud answers what the
 * terminals reported.
 */
export const listPrinters = defineCall({
  method: 'GET',
  path: '/api/printers',
  summary: "The venue's printers and their state",
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(Printer),
  staleOn: ['printer.updated', 'printer.status', 'printer.removed'],
});
