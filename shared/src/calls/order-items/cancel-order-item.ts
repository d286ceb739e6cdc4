import { z } from 'zod';
import { SERVICE_MESSAGES } from '../../messages.js';
import { billTotals, formatCents, toCents } from '../../rules/money.js';
import { isDue, isHeld } from '../../rules/order-items.js';
import { Id } from '../../schemas/common.js';
import { Order, type OrderItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Takes an item off its order before its course has fired (it is still held: the kitchen has not
 * seen it). The order's bill is priced again without it. Answers the order as it now is; the
 * event `order.item.cancelled` carries both. On a terminal it applies to the replica and reaches
 * the cloud through the outbox.
 */
export const cancelOrderItem = defineCall({
  method: 'POST',
  path: '/api/order-items/:id/cancel',
  summary: 'Cancel an order item that has not been fired to the kitchen yet',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Order item',
  answer: Order,
});

/** Why an item cannot be cancelled at `now`, or null when it can: only a held item whose course
 * is not yet due (the firer would send it to the kitchen any moment). */
export function cancelRefusal(item: Pick<OrderItem, 'status' | 'fireAt' | 'menuItemName'>, now: Date): string | null {
  if (!isHeld(item.status) || isDue(item, now)) return SERVICE_MESSAGES.itemAlreadyFired(item.menuItemName);
  return null;
}

/** The order without the item, its bill priced again from the lines left (tax once, half up). */
export function orderWithoutItem(order: Order, itemId: string): Order {
  const items = order.items.filter((i) => i.id !== itemId);
  const totals = billTotals(items.map((i) => toCents(i.totalPrice)));
  return {
    ...order,
    items,
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
  };
}
