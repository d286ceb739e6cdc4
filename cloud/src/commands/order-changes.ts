// Staff changes to a placed order (spec 2 section 2.5's details view), as the shared decisions
// decide them: its priority (decideOrderPriority), and an item taken off before its course fired
// (decideCancelItem), a held course fired now (decideFireCourse, issue 22). Each commits with its
// events: order.priority.changed, order.item.cancelled carrying the order as it now is, and an
// order.item.status.changed for each item fired.
import {
  decideCancelItem,
  decideFireCourse,
  decideOrderPriority,
  type FireCourseRequest,
  type Order,
  type OrderPriorityRequest,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Trx, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import { presentOrderItem } from '../presenters/index.js';
import { lockOrderInVenue } from '../repositories/order-changes.js';
import { findItemInVenue, lockItemsOfOrder } from '../repositories/orders.js';
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

/**
 * Fire now: the order's held course to the kitchen, on the locked order and its items (the order
 * first, then its items, as cancelItem locks them; the course firer skips locked items, so an item
 * it has not reached is fired here once, and one it fired first is seen as fired).
 */
export async function fireCourseNow(
  trx: Trx,
  actor: VenueActor,
  orderId: string,
  input: FireCourseRequest,
  now: Date,
): Promise<Order> {
  const locked = await lockOrderInVenue(trx, actor.venueId, orderId);
  if (locked) await lockItemsOfOrder(trx, orderId);
  const decided = decideFireCourse(locked ? await loadOrder(trx, orderId) : null, input, now);
  return applyDecided(trx, authorOf(actor), decided, now);
}
