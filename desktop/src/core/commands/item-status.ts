// A staff member changes an item's status on this terminal: decided as the cloud decides it
// (decideItemMove: spec 2 section 4's table, and an item whose course is due fired first), applied
// to the replica and queued in the outbox, all in one SQLite transaction. A refusal is the
// decision's AppError, the cloud's own.
import {
  accepted,
  changeItemStatus,
  decideFireCourse,
  decideItemMove,
  decideItemMoves,
  FireCourseRequest,
  fireCourse,
  isFire,
  isHeld,
  type LiveEvent,
  lastItemStatuses,
  type OrderItem,
  type OrderItemState,
  together,
} from '@tablewise/shared';
import { type KitchenTicketQueue, makeDueTickets } from '../kitchen/ticketing.js';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { getOrder, getOrderItem } from '../sqlite/repositories/orders.js';
import { isEntryOf, pendingBodiesFor, pendingOf } from '../sqlite/repositories/outbox.js';
import { type AfterWrite, applyLocally, writeDecided } from './decided.js';

export const ORDER_ITEM_ENTITY = 'order_item';
/** A Fire now of an order's course (its entries name the order). */
export const ORDER_FIRE_ENTITY = 'order_fire';

export interface LocalItemResult {
  item: OrderItem;
  /** For the local screens: the item's fire first when its course was due, then its move. */
  events: LiveEvent[];
}

/** What a change to an item was about, as staff call it: "2 × Burger · Table 12". */
export function itemChangeSubject(db: AnyDb, itemId: string): string | null {
  const item = getOrderItem(db, itemId);
  if (!item) return null;
  const tableName = getOrder(db, item.orderId)?.tableName;
  return `${item.quantity} × ${item.menuItemName}${tableName ? ` · ${tableName}` : ''}`;
}

/**
 * After a fire, the kitchen tickets the firer's pass would make now, when this terminal drives
 * printers (`tickets`, its print queue): made before the move takes the item past the kitchen's
 * first state, in the same transaction, so a ticket is neither lost nor made twice.
 */
export function ticketFires(db: WriteDb, tickets: KitchenTicketQueue | null, now: Date): AfterWrite | undefined {
  if (!tickets) return undefined;
  return (write) => {
    const terminalId = getMeta(db).terminalId;
    if (isFire(write) && terminalId) makeDueTickets({ db, terminalId, queue: tickets, now });
  };
}

/**
 * Applies a staff move and queues it. An item whose course is due but which the firer has not
 * reached yet is fired first, as the firer would (its ticket made), and the move applies to the
 * fired item. Only the move is queued: the cloud decides the same fire itself.
 */
export function changeItemStatusLocally(
  db: WriteDb,
  itemId: string,
  to: OrderItemState,
  now: Date,
  tickets: KitchenTicketQueue | null = null,
  named?: OrderItemState,
): LocalItemResult {
  return transact(db, (): LocalItemResult => {
    const decided = decideItemMove(getOrderItem(db, itemId), to, now, named);
    const body = named === undefined ? { status: to } : { status: to, from: named };
    const { answer, events } = applyLocally(
      db,
      decided,
      changeItemStatus,
      { params: { id: itemId }, body, entityType: ORDER_ITEM_ENTITY, entityId: itemId },
      now,
      ticketFires(db, tickets, now),
    );
    return { item: answer, events };
  });
}

/**
 * After a server copy of an item overwrote the replica: a Fire now of its course still waiting in
 * the outbox fires it again here (the cloud will fire it when the entry arrives), so the kitchen
 * does not see it held again meanwhile. Runs before the item's own waiting moves, which came after.
 */
function reapplyPendingFire(db: WriteDb, itemId: string, now: Date): void {
  // Read for every event of an item: one indexed query, which finds nothing almost always.
  const fires = pendingOf(db, ORDER_FIRE_ENTITY);
  if (fires.length === 0) return;
  const item = getOrderItem(db, itemId);
  if (!item || !isHeld(item.status)) return;
  const courses = fires.flatMap((entry) => {
    if (entry.entityId !== item.orderId || !isEntryOf(entry, fireCourse, { orderId: item.orderId })) return [];
    const body = FireCourseRequest.safeParse(entry.body);
    return body.success ? [body.data.course] : [];
  });
  if (!courses.includes(item.course)) return;
  const order = getOrder(db, item.orderId);
  if (!order) return;
  writeDecided(db, decideFireCourse({ ...order, items: [item] }, { course: item.course }, now), now);
}

/**
 * After a server copy of an item overwrote the replica, replays this terminal's unacknowledged
 * moves of it on top, decided again on the server's copy, so the screen shows what staff did
 * rather than flickering back. A move the decision refuses from there (typically: the server copy
 * already has it) is left to the cloud's verdict. Written once: an item with many moves waiting (a
 * long outage) is not rewritten for each of them at every event of it the feed brings. The fire a
 * move may need again was ticketed when it was first made.
 */
export function reapplyPendingItemChanges(db: WriteDb, itemId: string, now: Date): void {
  reapplyPendingFire(db, itemId, now);
  const pending = pendingBodiesFor(db, changeItemStatus, { type: ORDER_ITEM_ENTITY, id: itemId }, { id: itemId });
  if (pending.length === 0) return;
  const item = getOrderItem(db, itemId);
  if (!item) return;
  const outcomes = decideItemMoves(
    [item],
    pending.map((body) => ({ id: itemId, to: body.status, from: body.from })),
    now,
  );
  const made = together(accepted(outcomes));
  const last = lastItemStatuses(made.writes).get(itemId);
  if (last === undefined) return;
  writeDecided(db, { ...made, writes: [{ kind: 'item.status', itemId, from: item.status, to: last }] }, now);
}
