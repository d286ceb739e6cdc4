// Staff changes to an order after it was placed: its priority, an item taken off it.
import type { Trx } from '../context.js';

/** The venue's order, locked; undefined when the venue has no such order. */
export async function lockOrderInVenue(trx: Trx, venueId: string, id: string): Promise<{ id: string } | undefined> {
  return trx('orders').where({ id, venue_id: venueId }).forUpdate().first('id');
}

export async function setOrderPriority(trx: Trx, id: string, priority: string, at: Date): Promise<boolean> {
  const changed = await trx('orders').where({ id }).whereNot({ priority }).update({ priority, updated_at: at });
  return changed === 1;
}

export async function deleteOrderItem(trx: Trx, id: string): Promise<void> {
  await trx('order_items').where({ id }).delete();
}

export async function setOrderTotals(
  trx: Trx,
  id: string,
  totals: { subtotal: string; tax: string; total: string },
  at: Date,
): Promise<void> {
  await trx('orders')
    .where({ id })
    .update({ ...totals, updated_at: at });
}
