// Moving order items: staff moves as shared/src/decisions/order-items.ts decides them, and the
// course firer.
import {
  AppError,
  accepted,
  type Decided,
  decideItemMove,
  decideItemMoves,
  HELD_ITEM_STATES,
  type ItemMove,
  KITCHEN_VISIBLE_STATES,
  type KitchenItem,
  kitchenItemsAnswer,
  lastItemStatuses,
  type OrderItem,
  type OrderItemState,
  plainMovesTo,
  together,
} from '@tablewise/shared';
import type { Db, Queryable, Trx, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
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
import { type Author, announceDecided, applyDecided, authorOf } from './decided.js';

/** Who moved an item: null ids for the course firer. */
interface MoveAuthor {
  orgId: string;
  userId?: string | null;
  terminalId?: string | null;
}

async function moveItem(
  trx: Trx,
  author: MoveAuthor,
  row: OrderItemRow,
  to: OrderItemState,
  now: Date,
): Promise<OrderItemRow> {
  const updated = await setItemStatus(trx, row.id, to, now);
  await itemMoved(trx, author, updated, row.status as OrderItemState, now);
  return updated;
}

/** The event of an item's move from `from` to the state `updated` holds. */
async function itemMoved(trx: Trx, author: MoveAuthor, updated: OrderItemRow, from: OrderItemState, now: Date) {
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

/**
 * A staff move, as decideItemMove decides it (from the state `named`, when the move names one).
 * The usual move (the rule moves the item from its state with nothing else to it: plainMovesTo) is
 * made by one conditional statement, which locks the item, moves it and answers the state it left;
 * the decision, from that state, gives its event and answer. Anything else (not found, refused,
 * due to be fired first, an undo) is decided on the locked item and applied.
 */
export async function changeItemStatus(
  trx: Trx,
  actor: VenueActor,
  id: string,
  to: OrderItemState,
  now: Date,
  named?: OrderItemState,
): Promise<OrderItem> {
  const author = authorOf(actor);
  const plain = plainMovesTo(to).filter((s) => named === undefined || s === named);
  const moved = await moveItemFrom(trx, actor.venueId, id, plain, to, now);
  if (moved) {
    const decided = decideItemMove({ ...presentOrderItem(moved.row), status: moved.from }, to, now, named);
    if (decided.writes.length !== 1)
      throw new Error(`A plain move of item ${id} decided ${decided.writes.length} writes`);
    return announceDecided(trx, author, decided, now);
  }
  const row = await findItemInVenue(trx, actor.venueId, id, { forUpdate: true });
  return applyDecided(trx, author, decideItemMove(row ? presentOrderItem(row) : null, to, now, named), now);
}

/**
 * Several staff moves, in order, as decideItemMoves decides them (each as it would be alone, on
 * what the moves before it left), with a few statements instead of one or more per move: the items
 * are locked together, the events collected as usual, and each item's last state written at the
 * end. A refused move answers its AppError in its place and changes nothing, its fire included. A
 * database failure throws, as changeItemStatus would, for the caller to run the moves one by one.
 */
export async function changeItemStatuses(
  trx: Trx,
  actor: VenueActor,
  moves: readonly ItemMove[],
  now: Date,
): Promise<(OrderItem | AppError)[]> {
  const outcomes = decideItemMoves(await lockedItems(trx, actor, moves), moves, now);
  await applyItemMoves(trx, authorOf(actor), together(accepted(outcomes)), now);
  return outcomes.map((o) => (o instanceof AppError ? o : o.answer));
}

/** The venue's items that `moves` name, locked (in id order), as the decisions read them. */
export async function lockedItems(trx: Trx, actor: VenueActor, moves: readonly ItemMove[]): Promise<OrderItem[]> {
  const rows = await lockItemsInVenue(trx, actor.venueId, [...new Set(moves.map((m) => m.id))]);
  return rows.map(presentOrderItem);
}

/** Applies decided item moves (items locked by this transaction): each item's last state in one
 * statement, however many moves it made, and every event. */
export async function applyItemMoves<A>(trx: Trx, author: Author, decided: Decided<A>, now: Date): Promise<A> {
  await writeItemStatuses(trx, lastItemStatuses(decided.writes), now);
  return announceDecided(trx, author, decided, now);
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
