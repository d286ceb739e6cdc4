// The orders and menu screen's changes made on this terminal (issue 10): an item's availability,
// an order's priority, a held item cancelled, a held course fired now (issue 22). Each is decided
// as the cloud decides it (decideMenuItemAvailability, decideOrderPriority, decideCancelItem,
// decideFireCourse) on the replica's state,
// applied to the replica and queued in the outbox in one SQLite transaction, so the screen keeps
// working while the cloud is away. The cloud decides in the end: a refusal (the item fired there
// first, say) shows on the banner and the replica takes the cloud's copy again.
import {
  AppError,
  cancelOrderItem,
  changeOrderPriority,
  type Decided,
  decideCancelItem,
  decideFireCourse,
  decideMenuItemAvailability,
  decideOrderPriority,
  type FireCourseRequest,
  fireCourse,
  type LiveEvent,
  type LiveEventOf,
  type MenuItem,
  type Order,
  type OrderItem,
  setMenuItemAvailability,
  together,
} from '@tablewise/shared';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { putMenuItem } from '../sqlite/repositories/menu-items.js';
import { deleteOrderItem, getMenuItem } from '../sqlite/repositories/menu-orders.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { getOrder, getOrderItem, orderExists, putOrder } from '../sqlite/repositories/orders.js';
import { isEntryOf, pendingBodiesFor, pendingOf } from '../sqlite/repositories/outbox.js';
import { applyLocally, writeDecided } from './decided.js';
import { ORDER_FIRE_ENTITY, reapplyPendingItemChanges } from './item-status.js';

export const MENU_ITEM_ENTITY = 'menu_item';
export const ORDER_PRIORITY_ENTITY = 'order_priority';
export const ITEM_CANCEL_ENTITY = 'order_item_cancel';

export interface LocalChange<T> {
  value: T;
  /** For the local screens. */
  events: LiveEvent[];
}

export function setAvailabilityLocally(
  db: WriteDb,
  id: string,
  isAvailable: boolean,
  now: Date,
): LocalChange<MenuItem> {
  return transact(db, () => {
    const decided = decideMenuItemAvailability(getMenuItem(db, id), isAvailable);
    const { answer, events } = applyLocally(
      db,
      decided,
      setMenuItemAvailability,
      { params: { id }, body: { isAvailable }, entityType: MENU_ITEM_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

export function changePriorityLocally(
  db: WriteDb,
  id: string,
  priority: Order['priority'],
  now: Date,
): LocalChange<Order> {
  return transact(db, () => {
    const decided = decideOrderPriority(getOrder(db, id), priority);
    const { answer, events } = applyLocally(
      db,
      decided,
      changeOrderPriority,
      { params: { id }, body: { priority }, entityType: ORDER_PRIORITY_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/** Takes a held item off its order here; answers the order as it now is. */
export function cancelItemLocally(db: WriteDb, itemId: string, now: Date): LocalChange<Order> {
  return transact(db, () => {
    const item = getOrderItem(db, itemId);
    const decided = decideCancelItem(item, item ? getOrder(db, item.orderId) : null, now);
    const { answer, events } = applyLocally(
      db,
      decided,
      cancelOrderItem,
      { params: { id: itemId }, entityType: ITEM_CANCEL_ENTITY, entityId: itemId },
      now,
    );
    return { value: answer, events };
  });
}

/**
 * Fire now here: the order's held course to the kitchen, on the replica and queued for the cloud.
 * The kitchen's tickets follow from the fired items as for a course that fired on time (the
 * caller tells the ticketing after the transaction, so a course's items at one station share a
 * ticket). Answers the order as it now is.
 */
export function fireCourseLocally(
  db: WriteDb,
  orderId: string,
  input: FireCourseRequest,
  now: Date,
): LocalChange<Order> {
  return transact(db, () => {
    const decided = decideFireCourse(getOrder(db, orderId), input, now);
    const { answer, events } = applyLocally(
      db,
      decided,
      fireCourse,
      { params: { orderId }, body: input, entityType: ORDER_FIRE_ENTITY, entityId: orderId },
      now,
    );
    return { value: answer, events };
  });
}

/**
 * Decides waiting changes again, in turn, each on the state the one before left (one the decision
 * now refuses is left to the cloud's verdict), and writes what they decided.
 */
function replay<T, B>(
  db: WriteDb,
  now: Date,
  state: T,
  bodies: readonly B[],
  decide: (state: T, body: B) => Decided<T>,
): void {
  const made: Decided<T>[] = [];
  let current = state;
  for (const body of bodies) {
    try {
      const decided = decide(current, body);
      made.push(decided);
      current = decided.answer;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (made.length > 0) writeDecided(db, together(made), now);
}

/** After a server copy of a menu item overwrote the replica: this terminal's waiting toggles again. */
export function reapplyPendingAvailability(db: WriteDb, id: string, now: Date): void {
  const pending = pendingBodiesFor(db, setMenuItemAvailability, { type: MENU_ITEM_ENTITY, id }, { id });
  if (pending.length === 0) return;
  replay<MenuItem | null, (typeof pending)[number]>(db, now, getMenuItem(db, id), pending, (item, body) =>
    decideMenuItemAvailability(item, body.isAvailable),
  );
}

/** After a server copy of an order overwrote the replica: its waiting priority and cancels again. */
export function reapplyPendingOrderChanges(db: WriteDb, orderId: string, now: Date): void {
  const entity = { type: ORDER_PRIORITY_ENTITY, id: orderId };
  const priorities = pendingBodiesFor(db, changeOrderPriority, entity, { id: orderId });
  if (priorities.length > 0) {
    replay<Order | null, (typeof priorities)[number]>(db, now, getOrder(db, orderId), priorities, (order, body) =>
      decideOrderPriority(order, body.priority),
    );
  }
  const cancels = pendingOf(db, ITEM_CANCEL_ENTITY).flatMap((entry) => {
    if (!isEntryOf(entry, cancelOrderItem, { id: entry.entityId })) return [];
    const item = getOrderItem(db, entry.entityId);
    return item && item.orderId === orderId ? [item] : [];
  });
  if (cancels.length > 0) {
    replay<Order | null, OrderItem>(db, now, getOrder(db, orderId), cancels, (order, item) =>
      decideCancelItem(item, order, now),
    );
  }
}

/** The cloud's copy of menu items, after it refused a change of one: each with this terminal's
 * other waiting toggles on top. Answers the items as the replica now shows them. */
export function restoreMenuItems(db: WriteDb, items: readonly MenuItem[], now: Date): MenuItem[] {
  return transact(db, () =>
    items.map((item) => {
      putMenuItem(db, item);
      reapplyPendingAvailability(db, item.id, now);
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
      reapplyPendingOrderChanges(db, order.id, now);
      return [getOrder(db, order.id) ?? order];
    }),
  );
}

/** What a queued change was about, as staff call it, for the outbox banner. */
export function menuOrderChangeSubject(db: AnyDb, entry: { entityType: string; entityId: string }): string | null {
  switch (entry.entityType) {
    case MENU_ITEM_ENTITY:
      return getMenuItem(db, entry.entityId)?.name ?? null;
    case ORDER_PRIORITY_ENTITY:
    case ORDER_FIRE_ENTITY: {
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
