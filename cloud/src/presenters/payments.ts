import type { Payment } from '@tablewise/shared';
import type { PaymentRow } from '../repositories/payments.js';

const money = (v: string | number) => (typeof v === 'number' ? v.toFixed(2) : v);

export function presentPayment(row: PaymentRow): Payment {
  const items = Array.isArray(row.split_items_json) ? row.split_items_json.map(String) : [];
  return {
    id: row.id,
    venueId: row.venue_id,
    orderId: row.order_id,
    sessionId: row.session_id,
    tableName: row.table_name,
    amount: money(row.amount),
    tipAmount: money(row.tip_amount),
    currency: row.currency,
    status: row.status as Payment['status'],
    paymentMethod: row.payment_method as Payment['paymentMethod'],
    provider: row.provider as Payment['provider'],
    splitId: row.split_id,
    splitLabel: row.split_label,
    splitItems: items,
    paymentIntentId: row.stripe_payment_intent_id,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
  };
}
