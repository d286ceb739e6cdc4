import { z } from 'zod';
import { Id, LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Prints a session's receipt on a receipt printer this terminal drives (spec 2 section 2.8's
 * staff payments; issue 11). `openDrawer` (a cash payment) kicks the printer's cash drawer open.
 * The terminal asks the cloud for the bill, so it needs the cloud, as the QR print does.
 */
export const printGuestReceipt = defineCall({
  method: 'POST',
  path: '/api/payments/receipt/print',
  summary: "Print a dining session's receipt on a receipt printer, opening the cash drawer for cash",
  audience: ['staff'],
  tiers: ['terminal'],
  body: z.object({ sessionId: Id, printerId: LocalId, openDrawer: z.boolean().default(false) }),
  answer: PrintJob,
  status: 201,
});
