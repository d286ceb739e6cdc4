// Moving order items: staff moves by the shared transition table, and the course firer.
import {
  HELD_ITEM_STATES,
  isDue,
  isHeld,
  KITCHEN_VISIBLE_STATES,
  type KitchenItem,
  kitchenItemsAnswer,
  type OrderItem,
  type OrderItemState,
  staffItemTransition,
  staffMovesTo,
} from '@tablewise/shared';
import type { Db, Queryable, Trx, VenueActor } from '../context.js';
import { actorRef } from '../context.js';
import { type AppError, conflict, notFound } from '../errors.js';
import { itemFacts, presentOrderItem } from '../presenters/index.js';
import { appendEvent, writeTransaction } from '../realtime/append-event.js';
import {
  findItemInVenue,
  listKitchenItems,
  lockDueItems,
  lockItemsInVenue,
  moveItemFrom,
  setItemStatus,
  venuesWithDueItems,
  writeItemStatuses,
} from '../repositories/orders.js';
import type { OrderItemRow } from '../repositories/rows.js';

interface Author {
  orgId: string;
  userId?: string | null;
  terminalId?: string | null;
}

async function moveItem(
  trx: Trx,
  author: Author,
  row: OrderItemRow,
  to: OrderItemState,
  now: Date,
): Promise<OrderItemRow> {
  const updated = await setItemStatus(trx, row.id, to, now);
  await itemMoved(trx, author, updated, row.status as OrderItemState, now);
  return updated;
}

/** The event of an item's move from `from` to the state `updated` holds. */
async function itemMoved(trx: Trx, author: Author, updated: OrderItemRow, from: OrderItemState, now: Date) {
  const to = updated.status as OrderItemState;
  await appendEvent(trx, {
    orgId: author.orgId,
    venueId: updated.venue_id,
    userId: author.userId ?? null,
    terminalId: author.terminalId ?? null,
    event: {
      type: 'order.item.status.changed',
      item: presentOrderItem(updated),
      from,
      to,
    },
    at: now,
  });
}

export async function getItem(q: Queryable, actor: VenueActor, id: string): Promise<OrderItem> {
  const row = await findItemInVenue(q, actor.venueId, id);
  if (!row) throw notFound('Order item');
  return presentOrderItem(row);
}

export async function kitchenItems(q: Queryable, actor: VenueActor): Promise<KitchenItem[]> {
  const rows = await listKitchenItems(q, actor.venueId, KITCHEN_VISIBLE_STATES);
  return kitchenItemsAnswer(
    rows.map((row) => ({
      ...itemFacts(row),
      table: row.table_number === null ? null : { number: row.table_number },
      orderTableName: row.table_name,
      priority: row.order_priority as KitchenItem['priority'],
    })),
  );
}

export async function changeItemStatus(
  trx: Trx,
  actor: VenueActor,
  id: string,
  to: OrderItemState,
  now: Date,
): Promise<OrderItem> {
  const ref = actorRef(actor);
  const author = { orgId: actor.orgId, userId: ref.userId, terminalId: ref.terminalId };
  // The usual move (the rule allows it from the item's state, which is not held) in one
  // statement; anything else is looked at below. A held state is never a staff move's start, so
  // an item that would first need firing does not move here.
  const moved = await moveItemFrom(
    trx,
    actor.venueId,
    id,
    staffMovesTo(to).filter((s) => !isHeld(s)),
    to,
    now,
  );
  if (moved) {
    await itemMoved(trx, author, moved.row, moved.from, now);
    return presentOrderItem(moved.row);
  }
  let row = await findItemInVenue(trx, actor.venueId, id, { forUpdate: true });
  if (!row) throw notFound('Order item');
  // Right after a restart the firer may not have run yet: an item whose course is due is fired
  // first (with its own event), so the kitchen's move applies to what the kitchen sees.
  if (isDue({ status: row.status as OrderItemState, fireAt: row.fire_at }, now)) {
    row = await moveItem(trx, { orgId: actor.orgId }, row, 'SENT_TO_KITCHEN', now);
  }
  const verdict = staffItemTransition(row.status as OrderItemState, to);
  if (!verdict.ok) throw conflict(verdict.reason, 'transition_refused');
  return presentOrderItem(await moveItem(trx, author, row, to, now));
}

/**
 * Several staff moves, in order, each decided exactly as changeItemStatus decides it alone, with
 * a few statements instead of one or more per move: the items are locked together, the moves
 * followed in memory, and each item's last state written at the end (events are collected as
 * usual). A refused move (an AppError in its place) changes nothing, its fire included. A
 * database failure throws, as changeItemStatus would, for the caller to run the moves one by one.
 */
export async function changeItemStatuses(
  trx: Trx,
  actor: VenueActor,
  moves: readonly { id: string; to: OrderItemState }[],
  now: Date,
): Promise<(OrderItem | AppError)[]> {
  const ref = actorRef(actor);
  const author = { orgId: actor.orgId, userId: ref.userId, terminalId: ref.terminalId };
  const rows = new Map(
    (await lockItemsInVenue(trx, actor.venueId, [...new Set(moves.map((m) => m.id))])).map((r) => [r.id, r]),
  );
  const changed = new Set<string>();
  const outcomes: (OrderItem | AppError)[] = [];
  for (const { id, to } of moves) {
    let row = rows.get(id);
    if (!row) {
      outcomes.push(notFound('Order item'));
      continue;
    }
    const moved: [Author, OrderItemRow, OrderItemState][] = [];
    let status = row.status as OrderItemState;
    if (!staffMovesTo(to).some((s) => s === status && !isHeld(s))) {
      // As changeItemStatus: an item whose course is due is fired first, with its own event.
      if (isDue({ status, fireAt: row.fire_at }, now)) {
        const fired: OrderItemRow = { ...row, status: 'SENT_TO_KITCHEN', updated_at: now };
        moved.push([{ orgId: actor.orgId }, fired, status]);
        row = fired;
        status = 'SENT_TO_KITCHEN';
      }
      const verdict = staffItemTransition(status, to);
      if (!verdict.ok) {
        outcomes.push(conflict(verdict.reason, 'transition_refused'));
        continue;
      }
    }
    const updated: OrderItemRow = { ...row, status: to, updated_at: now };
    moved.push([author, updated, status]);
    for (const [by, after, from] of moved) await itemMoved(trx, by, after, from, now);
    rows.set(id, updated);
    changed.add(id);
    outcomes.push(presentOrderItem(updated));
  }
  await writeItemStatuses(
    trx,
    [...changed].map((id) => rows.get(id) as OrderItemRow),
  );
  return outcomes;
}

/**
 * Sends every item due at `now` (the shared isDue, as SQL: a held state and fire_at <= now) to the
 * kitchen; one transaction per venue.
 */
export async function fireDueItems(db: Db, now: Date): Promise<number> {
  let fired = 0;
  for (const venue of await venuesWithDueItems(db, HELD_ITEM_STATES, now)) {
    fired += await writeTransaction(db, async (trx) => {
      const due = await lockDueItems(trx, venue.venue_id, HELD_ITEM_STATES, now);
      for (const row of due) await moveItem(trx, { orgId: venue.org_id }, row, 'SENT_TO_KITCHEN', now);
      return due.length;
    });
  }
  return fired;
}
