// The digital receipt as a PDF (spec 3 section 3), made on the phone. jsPDF is loaded only when
// the guest asks for the file.
import { displayMoney, GUEST_PAYMENT_TEXTS, type Receipt, toCents } from '@tablewise/shared';
import { clockOf } from '../../../app/venue-clock.js';

export async function downloadReceiptPdf(receipt: Receipt): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a5' });
  const money = (v: string) => displayMoney(toCents(v));
  const clock = clockOf(receipt.timeZone, { withDate: true });
  let y = 40;
  const line = (left: string, right = '', bold = false) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.text(left, 30, y);
    if (right) doc.text(right, 390, y, { align: 'right' });
    y += 16;
  };
  doc.setFontSize(16);
  line(receipt.venueName || GUEST_PAYMENT_TEXTS.receiptTitle, '', true);
  doc.setFontSize(10);
  line(`${GUEST_PAYMENT_TEXTS.receiptTable}: ${receipt.session.tableNumber ?? '-'}`);
  line(`${GUEST_PAYMENT_TEXTS.receiptCheckin}: ${clock(receipt.session.checkinTime)}`);
  line(`${GUEST_PAYMENT_TEXTS.receiptCheckout}: ${clock(receipt.session.checkoutTime)}`);
  line(GUEST_PAYMENT_TEXTS.receiptDuration(receipt.session.duration));
  y += 8;
  for (const o of receipt.orders) line(`${o.quantity} x ${o.menuItemName}`, money(o.totalPrice));
  y += 8;
  line(GUEST_PAYMENT_TEXTS.subtotal, money(receipt.payment.subtotal));
  line(GUEST_PAYMENT_TEXTS.tax, money(receipt.payment.tax));
  if (toCents(receipt.payment.serviceCharge) > 0)
    line(GUEST_PAYMENT_TEXTS.serviceCharge, money(receipt.payment.serviceCharge));
  line(GUEST_PAYMENT_TEXTS.total, money(receipt.payment.total), true);
  line(GUEST_PAYMENT_TEXTS.tip, money(receipt.payment.tip));
  line(`${GUEST_PAYMENT_TEXTS.receiptMethod}: ${receipt.payment.paymentMethod}`);
  line(GUEST_PAYMENT_TEXTS.receiptAmountPaid, money(receipt.payment.amountPaid), true);
  y += 8;
  line(GUEST_PAYMENT_TEXTS.thankYou);
  doc.save(`receipt-${receipt.session.id.slice(-8)}.pdf`);
}
