// A guest's receipt on the receipt printer (issue 11): a 'receipt' print job whose document is
// 'guest_receipt'. A cash payment's receipt opens the cash drawer first (ESC/POS drawer kick).
import { z } from 'zod';
import { Money } from '../schemas/common.js';
import type { Bill } from '../schemas/payment.js';
import { REPRINT_BANNER, type TicketLine } from './kitchen-ticket.js';
import { displayMoney, toCents } from './money.js';
import { paperText } from './paper-text.js';

/** Characters per line at font A on 80 mm paper. */
const WIDTH = 48;

export const GuestReceiptPrint = z.object({
  document: z.literal('guest_receipt'),
  tableName: z.string().nullable(),
  items: z.array(z.object({ quantity: z.number().int().min(1), name: z.string(), totalPrice: Money })),
  subtotal: Money,
  tax: Money,
  serviceCharge: Money,
  tip: Money,
  total: Money,
  paid: Money,
  methods: z.array(z.string()),
  openDrawer: z.boolean(),
});
export type GuestReceiptPrint = z.infer<typeof GuestReceiptPrint>;

/** What the receipt printer prints for a session's bill as it stands. */
export function guestReceiptOf(bill: Bill, openDrawer: boolean): GuestReceiptPrint {
  const completed = bill.payments.filter((p) => p.status === 'COMPLETED');
  return {
    document: 'guest_receipt',
    tableName: bill.tableName,
    items: bill.items.map((i) => ({ quantity: i.quantity, name: i.name, totalPrice: i.totalPrice })),
    subtotal: bill.subtotal,
    tax: bill.tax,
    serviceCharge: bill.serviceCharge,
    tip: bill.tips,
    total: bill.total,
    paid: bill.paid,
    methods: [...new Set(completed.map((p) => p.paymentMethod ?? 'cash'))],
    openDrawer,
  };
}

/** "Label ........ $1.00" on one line of the paper's width. */
function row(label: string, amount: string, bold = false): Extract<TicketLine, { kind: 'text' }> {
  const money = displayMoney(toCents(amount));
  const room = Math.max(1, WIDTH - money.length - 1);
  const left = paperText(label).slice(0, room).padEnd(room, ' ');
  return { kind: 'text', text: `${left} ${money}`, size: 'normal', bold, align: 'left' };
}

export function guestReceiptLines(receipt: GuestReceiptPrint, opts: { reprint: boolean }): TicketLine[] {
  const lines: TicketLine[] = [];
  // The drawer opens as the receipt starts; a reprint never opens it again.
  if (receipt.openDrawer && !opts.reprint) lines.push({ kind: 'drawer' });
  if (opts.reprint) lines.push({ kind: 'text', text: REPRINT_BANNER, size: 'normal', bold: true, align: 'center' });
  lines.push({ kind: 'text', text: 'RECEIPT', size: 'tall', bold: true, align: 'center' });
  if (receipt.tableName) {
    lines.push({ kind: 'text', text: paperText(receipt.tableName), size: 'normal', bold: false, align: 'center' });
  }
  lines.push({ kind: 'rule' });
  for (const item of receipt.items) lines.push(row(`${item.quantity} x ${item.name}`, item.totalPrice));
  lines.push({ kind: 'rule' }, row('Subtotal', receipt.subtotal), row('Tax', receipt.tax));
  if (toCents(receipt.serviceCharge) > 0) lines.push(row('Service charge', receipt.serviceCharge));
  lines.push(row('Total', receipt.total, true), row('Tip', receipt.tip), row('Paid', receipt.paid));
  if (receipt.methods.length > 0) {
    lines.push({
      kind: 'text',
      text: `Paid by ${receipt.methods.join(', ').replaceAll('_', ' ')}`,
      size: 'normal',
      bold: false,
      align: 'left',
    });
  }
  lines.push({ kind: 'text', text: 'Thank you!', size: 'normal', bold: true, align: 'center' });
  return lines;
}
