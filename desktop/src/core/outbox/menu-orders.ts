// The orders and menu screen's changes made on this terminal (issue 10): an item's availability,
// an order's priority, a held item cancelled. Each is checked against the replica as the cloud
// would check it, applied to the replica and queued in the outbox in one SQLite transaction, so
// the screen keeps working while the cloud is away. The cloud decides in the end: a refusal (the
// item fired there first, say) shows on the banner and the replica takes the cloud's copy again.
import { randomUUID } from 'node:crypto';
import {
  cancelOrderItem,
  cancelRefusal,
  changeOrderPriority,
  type LiveEventOf,
  MESSAGES,
  type MenuItem,
  type Order,
  orderWithoutItem,
  setMenuItemAvailability,
} from '@tablewise/shared';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import {
  deleteOrderItem,
  getMenuItem,
  setMenuItemAvailable,
  setOrderPriority,
  setOrderTotals,
} from '../sqlite/repositories/menu-orders.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { appendOutbox, pendingOf } from '../sqlite/repositories/outbox.js';
import { getOrder, getOrderItem, orderExists, putMenuItem, putOrder } from '../sqlite/repositories/venue-data.js';
import { reapplyPendingItemChanges } from './item-status.js';

export const MENU_ITEM_ENTITY = 'menu_item';
export const ORDER_PRIORITY_ENTITY = 'order_priority';
export const ITEM_CANCEL_ENTITY = 'order_item_cancel';

type Refusal = { ok: false; status: 404 | 409; message: string };
export type LocalResult<T> = { ok: true; value: T } | Refusal;

function queue(
  db: WriteDb,
  entry: { method: string; path: string; body: unknown; entityType: string; entityId: string },
  now: Date,
) {
  appendOutbox(db, { idempotencyKey: randomUUID(), createdAt: now.toISOString(), ...entry });
}

export function setAvailabilityLocally(
  db: WriteDb,
  id: string,
  isAvailable: boolean,
  now: Date,
): LocalResult<MenuItem> {
  return transact(db, (): LocalResult<MenuItem> => {
    if (!getMenuItem(db, id)) return { ok: false, status: 404, message: MESSAGES.notFound('Menu item') };
    setMenuItemAvailable(db, id, isAvailable);
    queue(
      db,
      {
        method: setMenuItemAvailability.method,
        path: setMenuItemAvailability.url({ id }),
        body: { isAvailable },
        entityType: MENU_ITEM_ENTITY,
        entityId: id,
      },
      now,
    );
    const item = getMenuItem(db, id);
    if (!item) throw new Error('Menu item vanished inside its own transaction');
    return { ok: true, value: item };
  });
}

export function changePriorityLocally(
  db: WriteDb,
  id: string,
  priority: Order['priority'],
  now: Date,
): LocalResult<Order> {
  return transact(db, (): LocalResult<Order> => {
    if (!getOrder(db, id)) return { ok: false, status: 404, message: MESSAGES.notFound('Order') };
    setOrderPriority(db, id, priority);
    queue(
      db,
      {
        method: changeOrderPriority.method,
        path: changeOrderPriority.url({ id }),
        body: { priority },
        entityType: ORDER_PRIORITY_ENTITY,
        entityId: id,
      },
      now,
    );
    const order = getOrder(db, id);
    if (!order) throw new Error('Order vanished inside its own transaction');
    return { ok: true, value: order };
  });
}

export function cancelItemLocally(
  db: WriteDb,
  itemId: string,
  now: Date,
): LocalResult<{ order: Order; item: Order['items'][number] }> {
  return transact(db, () => {
    const item = getOrderItem(db, itemId);
    const order = item ? getOrder(db, item.orderId) : null;
    if (!item || !order) return { ok: false as const, status: 404 as const, message: MESSAGES.notFound('Order item') };
    const refusal = cancelRefusal(item, now);
    if (refusal) return { ok: false as const, status: 409 as const, message: refusal };
    deleteOrderItem(db, itemId);
    setOrderTotals(db, orderWithoutItem(order, itemId));
    queue(
      db,
      {
        method: cancelOrderItem.method,
        path: cancelOrderItem.url({ id: itemId }),
        body: {},
        entityType: ITEM_CANCEL_ENTITY,
        entityId: itemId,
      },
      now,
    );
    const after = getOrder(db, order.id);
    if (!after) throw new Error('Order vanished inside its own transaction');
    return { ok: true as const, value: { order: after, item } };
  });
}

/** After a server copy of a menu item overwrote the replica: this terminal's last waiting toggle wins. */
export function reapplyPendingAvailability(db: WriteDb, id: string): void {
  const last = pendingOf(db, MENU_ITEM_ENTITY).findLast((e) => e.entityId === id);
  const body = last?.body as { isAvailable?: unknown } | undefined;
  if (typeof body?.isAvailable === 'boolean') setMenuItemAvailable(db, id, body.isAvailable);
}

/** After a server copy of an order overwrote the replica: its waiting priority and cancels again. */
export function reapplyPendingOrderChanges(db: WriteDb, orderId: string): void {
  const last = pendingOf(db, ORDER_PRIORITY_ENTITY).findLast((e) => e.entityId === orderId);
  const body = last?.body as { priority?: Order['priority'] } | undefined;
  if (body?.priority) setOrderPriority(db, orderId, body.priority);
  for (const entry of pendingOf(db, ITEM_CANCEL_ENTITY)) {
    const item = getOrderItem(db, entry.entityId);
    if (!item || item.orderId !== orderId) continue;
    const order = getOrder(db, orderId);
    if (!order) return;
    deleteOrderItem(db, item.id);
    setOrderTotals(db, orderWithoutItem(order, item.id));
  }
}

/** The cloud's copy of menu items, after it refused a change of one: each with this terminal's
 * other waiting toggles on top. Answers the items as the replica now shows them. */
export function restoreMenuItems(db: WriteDb, items: readonly MenuItem[]): MenuItem[] {
  return transact(db, () =>
    items.map((item) => {
      putMenuItem(db, item);
      reapplyPendingAvailability(db, item.id);
      return getMenuItem(db, item.id) ?? item;
    }),
  );
}

/** The cloud's copy of the open orders the replica holds, after it refused a change of one. */
export function restoreOrders(db: WriteDb, orders: readonly Order[], now: Date): Order[] {
  return transact(db, () =>
    orders.flatMap((order) => {
      if (!orderExists(db, order.id)) return [];
      const held = getOrder(db, order.id);
      // Items the cloud no longer has (cancelled there) leave the replica too.
      for (const item of held?.items ?? []) {
        if (!order.items.some((i) => i.id === item.id)) deleteOrderItem(db, item.id);
      }
      putOrder(db, order);
      for (const item of order.items) reapplyPendingItemChanges(db, item.id, now);
      reapplyPendingOrderChanges(db, order.id);
      return [getOrder(db, order.id) ?? order];
    }),
  );
}

/** What a queued change was about, as staff call it, for the outbox banner. */
export function menuOrderChangeSubject(db: AnyDb, entry: { entityType: string; entityId: string }): string | null {
  switch (entry.entityType) {
    case MENU_ITEM_ENTITY:
      return getMenuItem(db, entry.entityId)?.name ?? null;
    case ORDER_PRIORITY_ENTITY: {
      const order = getOrder(db, entry.entityId);
      return order ? `Order ${order.id.slice(-8)}${order.tableName ? ` · ${order.tableName}` : ''}` : null;
    }
    default:
      return null;
  }
}

function envelope(db: AnyDb, venueId: string, now: Date) {
  return { seq: Math.max(1, getMeta(db).cursor), venueId, at: now.toISOString() };
}

export function localMenuItemEvent(
  db: AnyDb,
  item: MenuItem,
  venueId: string,
  now: Date,
): LiveEventOf<'menu.item.updated'> {
  return { type: 'menu.item.updated', ...envelope(db, venueId, now), item };
}

export function localPriorityEvent(db: AnyDb, order: Order, now: Date): LiveEventOf<'order.priority.changed'> {
  return { type: 'order.priority.changed', ...envelope(db, order.venueId, now), order };
}

export function localCancelEvent(
  db: AnyDb,
  value: { order: Order; item: Order['items'][number] },
  now: Date,
): LiveEventOf<'order.item.cancelled'> {
  return { type: 'order.item.cancelled', ...envelope(db, value.order.venueId, now), ...value };
}
