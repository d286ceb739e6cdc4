// 'Print at the venue' (issue 11): a party that just checked out asks for its receipt on paper.
// Only a terminal drives printers, so the cloud does not print: it picks the venue's receipt printer
// and appends a receipt.print_requested event with the receipt's data, through the normal event
// path (sequenced, durable, replayed to a terminal that was offline). The terminal driving that
// printer prints it once, keyed by the request id.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIMEZONE,
  GUEST_RECEIPT_PRINTS_PER_SESSION,
  GuestReceipt,
  guestReceiptOf,
  PAYMENT_MESSAGES,
} from '@tablewise/shared';
import type { AppDeps, GuestActor, Trx } from '../context.js';
import { conflict, invalidQrToken, notFound } from '../errors.js';
import { appendEvent } from '../realtime/append-event.js';
import { countSessionEvents } from '../repositories/events.js';
import { findReceiptPrinter } from '../repositories/printers.js';
import { lockSession } from '../repositories/sessions.js';
import { findVenue } from '../repositories/venues.js';
import { verifiedExitVenue } from './guest.js';
import { billOf, recentlyDeparted } from './payments.js';

const PRINT_REQUESTED = 'receipt.print_requested';

export async function requestReceiptPrint(
  trx: Trx,
  deps: Pick<AppDeps, 'now' | 'payments' | 'secret'>,
  guest: GuestActor,
  input: { sessionId: string; qrToken: string },
): Promise<{ success: true; requestId: string; printerName: string; copies: number }> {
  if (input.sessionId !== guest.sessionId) throw notFound('Session');
  // The exit code the party scanned: this venue's, as at the checkout.
  if ((await verifiedExitVenue(trx, deps.secret, input.qrToken)) !== guest.venueId) throw invalidQrToken();
  // Locked: two taps at once count one after the other.
  const session = await lockSession(trx, guest.sessionId);
  const now = deps.now();
  if (!session) throw notFound('Session');
  if (!recentlyDeparted(session, now))
    throw conflict(PAYMENT_MESSAGES.receiptPrintNeedsCheckout, 'receipt_print_needs_checkout');
  const printer = await findReceiptPrinter(trx, session.venue_id);
  if (!printer) throw conflict(PAYMENT_MESSAGES.noReceiptPrinter, 'no_receipt_printer');
  const printed = await countSessionEvents(trx, session.venue_id, PRINT_REQUESTED, session.id);
  if (printed >= GUEST_RECEIPT_PRINTS_PER_SESSION)
    throw conflict(PAYMENT_MESSAGES.receiptPrintLimit(printed), 'receipt_print_limit');
  const venue = await findVenue(trx, session.venue_id);
  const bill = await billOf(trx, deps, session);
  const receipt = GuestReceipt.parse(
    guestReceiptOf(bill, {
      openDrawer: false,
      at: now,
      timezone: venue?.tz ?? DEFAULT_TIMEZONE,
      venueName: venue?.name ?? null,
    }),
  );
  const requestId = randomUUID();
  await appendEvent(trx, {
    orgId: session.org_id,
    venueId: session.venue_id,
    at: now,
    event: { type: PRINT_REQUESTED, requestId, printerId: printer.id, sessionId: session.id, receipt },
  });
  return { success: true, requestId, printerName: printer.name, copies: printed + 1 };
}
