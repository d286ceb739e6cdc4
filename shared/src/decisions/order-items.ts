// An order item's staff moves, decided once (POST /api/order-items/:id/status and the batch
// buttons' POST /api/order-items/batch-update): spec 2 section 4's table, and the fire-first rule
// (an item whose course is due but which no firer has reached yet is fired first, as the firer
// would, and the move applies to what the kitchen sees). The cloud and the terminal load the items
// from their stores and apply what these answer; the terminal replays its waiting moves with them.

import type { BatchRefusal, BatchUpdateRequest } from '../calls/order-items/batch-update-items.js';
import { cancelRefusal, orderWithoutItem } from '../calls/order-items/cancel-order-item.js';
import type { FireCourseRequest } from '../calls/orders/fire-course.js';
import { AppError, conflict, notFound } from '../errors.js';
import { MESSAGES, SERVICE_MESSAGES } from '../messages.js';
import type { NewLiveEvent } from '../protocol/events.js';
import { isDue, isHeld, staffItemTransition, staffMovesTo } from '../rules/order-items.js';
import type { Order, OrderItem, OrderItemState } from '../schemas/entities.js';
import { Changes, type Decided, type Write } from './decision.js';

export interface ItemMove {
  id: string;
  to: OrderItemState;
  /** The state the move expects to leave, when it names one (a Recall must). */
  from?: OrderItemState | undefined;
}

/**
 * The states an item moves to `to` from with nothing else to it (no fire first, nothing refused):
 * a store may apply such a move by a conditional write of its own and ask decideItemMove for the
 * rest (its event and answer), from the state the write found.
 */
export function plainMovesTo(to: OrderItemState): OrderItemState[] {
  return staffMovesTo(to).filter((s) => !isHeld(s));
}

/** Whether a write is an item's course firing: from a held state to the kitchen (on time, or
 * early by Fire now). */
export function isFire(write: Write): boolean {
  if (write.kind === 'item.fire') return true;
  return write.kind === 'item.status' && isHeld(write.from) && write.to === 'SENT_TO_KITCHEN';
}

/** A staff move of `item` (null: not found) to `to`, from the state `named` when the move names
 * one (else refused). A refused move changes nothing, a due fire included. */
export function decideItemMove(
  item: OrderItem | null,
  to: OrderItemState,
  now: Date,
  named?: OrderItemState,
): Decided<OrderItem> {
  if (!item) throw notFound('Order item');
  const due = isDue(item, now);
  const from: OrderItemState = due ? 'SENT_TO_KITCHEN' : item.status;
  const verdict =
    named === undefined || named === from
      ? staffItemTransition(from, to, named !== undefined)
      : { ok: false as const, reason: MESSAGES.itemTransitionRefused(from, to) };
  if (!verdict.ok) throw conflict(verdict.reason, 'transition_refused');
  const at = now.toISOString();
  const changes = new Changes();
  if (due) {
    const fired: OrderItem = { ...item, status: from, updatedAt: at };
    changes
      .write({ kind: 'item.status', itemId: item.id, from: item.status, to: from })
      .announce({ type: 'order.item.status.changed', item: fired, from: item.status, to: from }, 'automation');
  }
  const moved: OrderItem = { ...item, status: to, updatedAt: at };
  return changes
    .write({ kind: 'item.status', itemId: item.id, from, to })
    .announce({ type: 'order.item.status.changed', item: moved, from, to })
    .answer(moved);
}

/**
 * Several moves in order, each decided as decideItemMove decides it alone, on what the moves
 * before it left: each answered in its place, a refusal by its AppError (which changes nothing).
 * `items` are the items the moves name, as the store has them (those it has).
 */
export function decideItemMoves(
  items: readonly OrderItem[],
  moves: readonly ItemMove[],
  now: Date,
): (Decided<OrderItem> | AppError)[] {
  const current = new Map<string, OrderItem>();
  for (const item of items) current.set(item.id, item);
  return moves.map(({ id, to, from }) => {
    try {
      const decided = decideItemMove(current.get(id) ?? null, to, now, from);
      current.set(id, decided.answer);
      return decided;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  });
}

/**
 * Start All Pending and Mark All Ready: every move as decideItemMoves decides it, all or none.
 * When any is refused, nothing is written and the 409 lists each refused move with its reason.
 */
export function decideBatchUpdate(
  items: readonly OrderItem[],
  input: BatchUpdateRequest,
  now: Date,
): Decided<OrderItem[]> {
  const moves = input.updates.map((u) => ({ id: u.id, to: u.status, from: u.from }));
  const outcomes = decideItemMoves(items, moves, now);
  const refusals: BatchRefusal[] = [];
  outcomes.forEach((outcome, i) => {
    const update = input.updates[i];
    if (update && outcome instanceof AppError) {
      refusals.push({ id: update.id, status: update.status, message: outcome.message });
    }
  });
  if (refusals.length > 0) {
    throw new AppError(
      409,
      'transition_refused',
      SERVICE_MESSAGES.batchUpdateRefused(refusals.length, input.updates.length),
      { refusals },
    );
  }
  return together(outcomes as Decided<OrderItem>[]);
}

/** The moves decided among `outcomes`, the refused left out. */
export function accepted<A>(outcomes: readonly (Decided<A> | AppError)[]): Decided<A>[] {
  return outcomes.filter((o): o is Decided<A> => !(o instanceof AppError));
}

/** Decisions made one after another, as one: their writes and events in order, their answers. */
export function together<A>(decisions: readonly Decided<A>[]): Decided<A[]> {
  const writes: Write[] = [];
  const events: NewLiveEvent[] = [];
  const automatic = new Set<NewLiveEvent>();
  for (const d of decisions) {
    writes.push(...d.writes);
    events.push(...d.events);
    for (const e of d.byAutomation ?? []) automatic.add(e);
  }
  const answer = decisions.map((d) => d.answer);
  return automatic.size > 0 ? { writes, events, answer, byAutomation: automatic } : { writes, events, answer };
}

/** Each item's last status among `writes` (item.status writes in the order they apply), for a
 * store that writes an item once however many moves it made. */
export function lastItemStatuses(writes: readonly Write[]): Map<string, OrderItemState> {
  const last = new Map<string, OrderItemState>();
  for (const w of writes) if (w.kind === 'item.status') last.set(w.itemId, w.to);
  return last;
}

/**
 * A held item taken off its order before its course fired (POST /api/order-items/:id/cancel): the
 * order's bill priced again without it. `order` is the item's order (null with the item).
 */
export function decideCancelItem(item: OrderItem | null, order: Order | null, now: Date): Decided<Order> {
  if (!item || !order) throw notFound('Order item');
  const refusal = cancelRefusal(item, now);
  if (refusal) throw new AppError(409, 'item_already_fired', refusal);
  const after = orderWithoutItem(order, item.id);
  return new Changes()
    .write({ kind: 'item.cancel', item, order: after })
    .announce({ type: 'order.item.cancelled', item, order: after })
    .answer(after);
}

/**
 * Fire now (POST /api/orders/:orderId/fire, issue 22): every held item of the order's course goes
 * to the kitchen at once, its fire time now (so the kitchen's clock starts now, not at the course's
 * planned time). Refused when nothing of that course is held (fired on time, or by someone else
 * first). Answers the order as it now is.
 */
export function decideFireCourse(order: Order | null, input: FireCourseRequest, now: Date): Decided<Order> {
  if (!order) throw notFound('Order');
  const held = order.items.filter((i) => i.course === input.course && isHeld(i.status));
  if (held.length === 0) throw conflict(SERVICE_MESSAGES.nothingHeldToFire(input.course), 'item_already_fired');
  const at = now.toISOString();
  const changes = new Changes();
  const fired = new Map<string, OrderItem>();
  for (const item of held) {
    const after: OrderItem = { ...item, status: 'SENT_TO_KITCHEN', fireAt: at, updatedAt: at };
    fired.set(item.id, after);
    changes
      .write({ kind: 'item.fire', item: after, from: item.status })
      .announce({ type: 'order.item.status.changed', item: after, from: item.status, to: after.status });
  }
  return changes.answer({ ...order, items: order.items.map((i) => fired.get(i.id) ?? i) });
}
