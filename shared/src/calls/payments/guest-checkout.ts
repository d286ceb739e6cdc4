import { z } from 'zod';
import { boundedText, Id, IsoDateTime } from '../../schemas/common.js';
import { Receipt } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** The exit (spec 3 sections 2 and 7): refused while anything is unpaid, else the digital
 * receipt; the session closes and its cookie grants nothing after. */
export const guestCheckout = defineCall({
  method: 'POST',
  path: '/api/guest/checkout',
  summary: 'Checks a paid party out at the exit and answers its receipt; refused while anything is unpaid',
  audience: ['guest'],
  tiers: ['cloud'],
  body: z.object({ sessionId: Id, qrToken: boundedText(2000).min(1), exitTime: IsoDateTime }),
  answer: z.object({ success: z.literal(true), receipt: Receipt }),
});
