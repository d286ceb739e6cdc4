import { z } from 'zod';
import { RECEIPT_DATA } from '../../rules/receipts.js';
import { LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Which receipt printer: absent, the first one (by name) this terminal drives. */
const printerId = LocalId.optional();

/**
 * Prints a receipt on a receipt printer (one without a station) this terminal drives: the host
 * console's daily summary, waitlist ticket, reservation confirmation, shift report and end of day,
 * and the guest's bill. The data is checked against its type's layout before anything is stored.
 */
export const printReceipt = defineCall({
  method: 'POST',
  path: '/api/print/receipt',
  summary: 'Print a summary, ticket or guest receipt on a receipt printer',
  audience: ['staff'],
  tiers: ['terminal'],
  body: z.discriminatedUnion('type', [
    z.object({ type: z.literal('daily_summary'), data: RECEIPT_DATA.daily_summary, printerId }),
    z.object({ type: z.literal('waitlist_ticket'), data: RECEIPT_DATA.waitlist_ticket, printerId }),
    z.object({
      type: z.literal('reservation_confirmation'),
      data: RECEIPT_DATA.reservation_confirmation,
      printerId,
    }),
    z.object({ type: z.literal('shift_report'), data: RECEIPT_DATA.shift_report, printerId }),
    z.object({ type: z.literal('end_of_day'), data: RECEIPT_DATA.end_of_day, printerId }),
    z.object({ type: z.literal('guest_receipt'), data: RECEIPT_DATA.guest_receipt, printerId }),
  ]),
  answer: PrintJob,
  status: 201,
});
