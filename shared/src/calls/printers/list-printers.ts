import { z } from 'zod';
import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const listPrinters = defineCall({
  method: 'GET',
  path: '/api/printers',
  summary: "The venue's printers",
  audience: ['staff'],
  tiers: ['terminal'],
  answer: z.array(Printer),
});
