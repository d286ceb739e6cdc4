// A session's bill as the receipt printer prints it (issue 11): the printer management's guest
// receipt layout (rules/receipts.ts) fed from the bill, so the paper, the template preview and
// the bytes come from one layout. A cash payment's receipt opens the cash drawer first.
import type { Bill } from '../schemas/payment.js';
import { toCents } from './money.js';
import type { GuestReceipt } from './receipts.js';

const METHOD_NAMES: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

/** What the receipt printer prints for a session's bill as it stands. */
export function guestReceiptOf(
  bill: Bill,
  opts: { openDrawer: boolean; at: Date; timezone: string; venueName: string | null },
): GuestReceipt {
  const completed = bill.payments.filter((p) => p.status === 'COMPLETED');
  const methods = [...new Set(completed.map((p) => METHOD_NAMES[p.paymentMethod ?? 'cash'] ?? 'Cash'))];
  const tipCents = toCents(bill.tips);
  return {
    document: 'guest_receipt',
    venueName: opts.venueName,
    timezone: opts.timezone,
    tableName: bill.tableName,
    orderId: bill.orderIds.length === 1 ? (bill.orderIds[0] ?? null) : null,
    lines: bill.items.map((i) => ({
      quantity: i.quantity,
      name: i.name,
      modifiers: i.modifiers.map((m) => m.name),
      amountCents: toCents(i.totalPrice),
    })),
    subtotalCents: toCents(bill.subtotal),
    taxCents: toCents(bill.tax),
    serviceChargeCents: toCents(bill.serviceCharge),
    tipCents,
    totalCents: toCents(bill.total) + tipCents,
    method: methods.length > 0 ? methods.join(', ') : null,
    paid: bill.complete,
    at: opts.at.toISOString(),
    openDrawer: opts.openDrawer,
  };
}
