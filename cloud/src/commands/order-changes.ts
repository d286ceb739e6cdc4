// Staff changes to a placed order (spec 2 section 2.5's details view), as the shared decisions
// decide them: its priority (decideOrderPriority), and an item taken off before its course fired
// (decideCancelItem). Each commits with its event: order.priority.changed, and
// order.item.cancelled carrying the order as it now is.
import { decideCancelItem, decideOrderPriority, type Order, type OrderPriorityRequest } from '@tablewise/shared';
import type { z } from 'zod';
import type { Trx, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import { presentOrderItem } from '../presenters/index.js';
import { lockOrderInVenue } from '../repositories/order-changes.js';
import { findItemInVenue } from '../repositories/orders.js';
import { applyDecided, authorOf } from './decided.js';
import { loadOrder } from './orders.js';

type Priority = z.output<typeof OrderPriorityRequest>['priority'];

/** Sets an order's priority, on the locked order. */
export async function changePriority(
  trx: Trx,
  actor: VenueActor,
  id: string,
  priority: Priority,
  now: Date,
): Promise<Order> {
  const locked = await lockOrderInVenue(trx, actor.venueId, id);
  const decided = decideOrderPriority(locked ? await loadOrder(trx, id) : null, priority);
  return applyDecided(trx, authorOf(actor), decided, now);
}

/**
 * Takes a held item off its order, on the locked order and item. The order is locked first, then
 * the item: the course firer locks only items, so the two never wait on each other in a circle,
 * and an item the firer sent meanwhile is seen as fired.
 */
export async function cancelItem(trx: Trx, actor: VenueActor, itemId: string, now: Date): Promise<Order> {
  const found = await findItemInVenue(trx, actor.venueId, itemId);
  if (!found) throw notFound('Order item');
  await lockOrderInVenue(trx, actor.venueId, found.order_id);
  const row = await findItemInVenue(trx, actor.venueId, itemId, { forUpdate: true });
  const order = row ? await loadOrder(trx, row.order_id) : null;
  const decided = decideCancelItem(row ? presentOrderItem(row) : null, order, now);
  return applyDecided(trx, authorOf(actor), decided, now);
}
