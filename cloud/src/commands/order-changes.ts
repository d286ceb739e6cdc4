// Staff changes to a placed order (spec 2 section 2.5's details view): its priority, and an item
// taken off before its course fired. Each commits with its event: order.priority.changed, and
// order.item.cancelled carrying the order as it now is.
import { cancelRefusal, type Order, type OrderPriorityRequest, orderWithoutItem } from '@tablewise/shared';
import type { z } from 'zod';
import { actorRef, type Trx, type VenueActor } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { presentOrderItem } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { deleteOrderItem, lockOrderInVenue, setOrderPriority, setOrderTotals } from '../repositories/order-changes.js';
import { findItemInVenue } from '../repositories/orders.js';
import { loadOrder } from './orders.js';

type Priority = z.output<typeof OrderPriorityRequest>['priority'];

function author(actor: VenueActor, at: Date) {
  const { userId, terminalId } = actorRef(actor);
  return { orgId: actor.orgId, venueId: actor.venueId, userId, terminalId, at };
}

async function orderOf(trx: Trx, id: string): Promise<Order> {
  const order = await loadOrder(trx, id);
  if (!order) throw new Error(`Order ${id} vanished while locked`);
  return order;
}

/** Sets an order's priority; setting the one it has changes nothing and tells no one. */
export async function changePriority(
  trx: Trx,
  actor: VenueActor,
  id: string,
  priority: Priority,
  now: Date,
): Promise<Order> {
  if (!(await lockOrderInVenue(trx, actor.venueId, id))) throw notFound('Order');
  const changed = await setOrderPriority(trx, id, priority, now);
  const order = await orderOf(trx, id);
  if (changed) await appendEvent(trx, { ...author(actor, now), event: { type: 'order.priority.changed', order } });
  return order;
}

/**
 * Takes a held item off its order, the bill priced again without it. The order is locked first,
 * then the item: the course firer locks only items, so the two never wait on each other in a
 * circle, and an item the firer sent meanwhile is seen as fired.
 */
export async function cancelItem(trx: Trx, actor: VenueActor, itemId: string, now: Date): Promise<Order> {
  const found = await findItemInVenue(trx, actor.venueId, itemId);
  if (!found) throw notFound('Order item');
  await lockOrderInVenue(trx, actor.venueId, found.order_id);
  const row = await findItemInVenue(trx, actor.venueId, itemId, { forUpdate: true });
  if (!row) throw notFound('Order item');
  const item = presentOrderItem(row);
  const refusal = cancelRefusal(item, now);
  if (refusal) throw new AppError(409, 'item_already_fired', refusal);
  const order = orderWithoutItem(await orderOf(trx, row.order_id), itemId);
  await deleteOrderItem(trx, itemId);
  await setOrderTotals(trx, order.id, { subtotal: order.subtotal, tax: order.tax, total: order.total }, now);
  await appendEvent(trx, { ...author(actor, now), event: { type: 'order.item.cancelled', item, order } });
  return order;
}
