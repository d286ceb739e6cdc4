import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Prints an order's kitchen tickets again, each on the printer it first went to, marked REPRINT
 * (a ticket lost off the rail). Only tickets this terminal printed can be printed again here.
 */
export const reprintKitchenTickets = defineCall({
  method: 'POST',
  path: '/api/print/kitchen-ticket/:id',
  summary: "Reprint an order's kitchen tickets, marked REPRINT",
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: Id }),
  entity: 'Order',
  answer: z.array(PrintJob),
  status: 201,
});
