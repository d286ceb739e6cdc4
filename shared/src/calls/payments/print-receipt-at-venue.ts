import { z } from 'zod';
import { boundedText, Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/**
 * 'Print at the venue' on the digital receipt (issue 11): a party that checked out (its session
 * closed at most GUEST_EXIT_RECEIPT_MS ago, the phone holding its cookie and the exit code it
 * scanned) asks for its receipt on paper. The cloud picks the venue's receipt printer (no kitchen
 * station, in use, driven by a terminal; the first by name) and appends a
 * `receipt.print_requested` event; the terminal that drives the printer prints it once, even if
 * the event reaches it again or only after it was offline. Refused when the venue has no receipt
 * printer, and after GUEST_RECEIPT_PRINTS_PER_SESSION copies. An Idempotency-Key repeat prints once.
 */
export const printReceiptAtVenue = defineCall({
  method: 'POST',
  path: '/api/guest/receipt/print',
  summary: "Print a departed party's receipt on the venue's receipt printer",
  audience: ['guest'],
  tiers: ['cloud'],
  body: z.object({ sessionId: Id, qrToken: boundedText(2000).min(1) }),
  answer: z.object({
    success: z.literal(true),
    requestId: Id,
    printerName: z.string(),
    /** Copies asked for so far, this one included. */
    copies: z.number().int().positive(),
  }),
  status: 202,
});
