// Placing an order, as shared/src/decisions/orders.ts decides it: prices come from the menu in the
// database and fire times from the shared course rule; a client sends neither (an old guest
// build's courseTiming is ignored).

import { randomUUID } from 'node:crypto';
import {
  assembleOrders,
  type CreateOrderRequest,
  type CreateOrderState,
  type Decided,
  decideCreateOrder,
  type Order,
  type OrderableDish,
  type OrderingActor,
  openOrdersAnswer,
  orderingRefusal,
  type PlacedOrder,
} from '@tablewise/shared';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { type Actor, actorRef, type Db, type Queryable, type Trx } from '../context.js';
import { handTransaction } from '../db/connect.js';
import { claimOf, idempotencyCutoff, type MutationMeta } from '../mutations.js';
import { itemFacts, modifierGroupsOf, modifierGroupsOfJson, orderFacts } from '../presenters/index.js';
import { atCommit } from '../realtime/append-event.js';
import {
  findOrderById,
  insertOrder,
  listItemsOfOrders,
  listOpenOrders,
  listOrdersOfSession,
  type OrderableRow,
  orderWrites,
  type PlacedOrderWrite,
  placeOnce,
  readClaimedOrderContext,
  readOrderContext,
  type SessionSeen,
  writePlacedOrder,
} from '../repositories/orders.js';
import type { MenuItemRow, OrderRow } from '../repositories/rows.js';
import type { TwoCounted, TwoLimits } from '../security/limits.js';
import { type Author, announceDecided, authorOf, decisionActor } from './decided.js';

type CreateOrderInput = z.output<typeof CreateOrderRequest>;

async function withItems(q: Queryable, rows: readonly OrderRow[]) {
  const items = await listItemsOfOrders(
    q,
    rows.map((r) => r.id),
  );
  return { orders: rows.map(orderFacts), items: items.map(itemFacts) };
}

export async function loadOrder(q: Queryable, id: string): Promise<Order | null> {
  const row = await findOrderById(q, id);
  if (!row) return null;
  const { orders, items } = await withItems(q, [row]);
  return assembleOrders(orders, items)[0] ?? null;
}

/** A dining session's orders with their items, oldest first. */
export async function ordersOfSession(q: Queryable, sessionId: string): Promise<Order[]> {
  const { orders, items } = await withItems(q, await listOrdersOfSession(q, sessionId));
  return assembleOrders(orders, items);
}

/** A venue's open orders with their items, oldest first (GET /api/orders, the sync snapshot). */
export async function openOrders(q: Queryable, venueId: string): Promise<Order[]> {
  const { orders, items } = await withItems(q, await listOpenOrders(q, venueId));
  return openOrdersAnswer(orders, items);
}

/** Who orders, as the decision knows them. */
function orderingActor(actor: Actor): OrderingActor {
  return actor.kind === 'guest' ? { kind: 'guest', sessionId: actor.sessionId } : decisionActor(actor);
}

/** A menu item as an order line needs it. */
function orderableDish(row: MenuItemRow): OrderableDish {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    modifiersSchema: modifierGroupsOf(row),
    isAvailable: row.is_available,
    station: row.station,
    prepTime: row.prep_time,
  };
}

/**
 * `lastWrite`: nothing after this order in the transaction reads it back (one request, not a
 * terminal's batch), so it is written in the transaction's last statement with its event.
 */
export interface PlaceOptions {
  lastWrite?: boolean;
}

/**
 * Places an order as decideCreateOrder decides it. One read first (the session, locked until
 * commit; whether an order has this id; the menu items), with the request's idempotency claim when
 * it waits for one; then the decision, and the order written with its event: in the transaction's
 * last statement when nothing reads it back, else at once. An order with this id (a repeat) is
 * read whole for the decision, which answers it or refuses it.
 */
export async function createOrder(
  trx: Trx,
  actor: Actor,
  input: CreateOrderInput,
  now: Date,
  options: PlaceOptions = {},
): Promise<PlacedOrder> {
  const ordering = orderingActor(actor);
  // Refused before anything is read: a guest ordering for a session not theirs.
  const refusal = orderingRefusal(ordering, input.sessionId);
  if (refusal) throw refusal;
  const orderId = input.id ?? randomUUID();
  const context = await readOrderContext(
    trx,
    actor,
    input.sessionId,
    orderId,
    input.items.map((l) => l.menuItemId),
  );
  const state: CreateOrderState = {
    session: context.session && {
      id: input.sessionId,
      venueId: actor.venueId,
      status: context.session.status,
      tableId: context.session.table_id,
      tableName: context.session.table_name,
    },
    existing: context.orderExists ? await loadOrder(trx, orderId) : null,
    menu: context.menu.map(orderableDish),
    taxRateBps: context.taxRateBps,
  };
  const order = { ...input, id: orderId };
  const author = authorOf(actor);
  const decided = decideCreateOrder(state, order, ordering, now);
  if (await writeOrder(trx, author, decided, options)) return announceDecided(trx, author, decided, now);
  // Another request placed this id between the read and the insert: decided again with it.
  const placed = await loadOrder(trx, orderId);
  if (!placed) throw new Error(`Order ${orderId} neither inserted nor found`);
  return decideCreateOrder({ ...state, existing: placed }, order, ordering, now).answer;
}

/** Writes the order the decision placed, if it placed one (the cloud's applier of order.insert,
 * here for its last-statement write). False when an order with its id was inserted meanwhile. */
async function writeOrder(trx: Trx, author: Author, decided: Decided<PlacedOrder>, options: PlaceOptions) {
  for (const write of decided.writes) {
    if (write.kind !== 'order.insert') throw new Error(`An order's decision wrote ${write.kind}`);
    if (options.lastWrite) {
      for (const statement of orderWrites(trx, author.orgId, write.order)) await atCommit(trx, statement);
    } else if (!(await insertOrder(trx, author.orgId, write.order))) {
      return false;
    }
  }
  return true;
}

/**
 * PostgreSQL refused an order whose id exists: a unique_violation on the orders' key or their
 * items' (whose ids derive from the order's), whichever of the statement's inserts met it first.
 */
export function isDuplicateOrder(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === 'orders_pkey' || e.constraint === 'order_items_pkey');
}

/** Menu items' modifier groups by their stored JSON's text: each menu's groups are checked once, not per order. */
const modifierGroupsByText = new LRUCache<string, OrderableDish['modifiersSchema']>({ max: 2_000 });

function orderableDishOf(row: OrderableRow): OrderableDish {
  const text = row.modifiers_text ?? 'null';
  let groups = modifierGroupsByText.get(text);
  if (!groups) {
    groups = modifierGroupsOfJson(text);
    modifierGroupsByText.set(text, groups);
  }
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    modifiersSchema: groups,
    isAvailable: row.is_available,
    station: row.station,
    prepTime: row.prep_time,
  };
}

/** An order placed at once: the order, and its JSON as answered and stored. */
interface OrderPlacedAtOnce {
  order: Order;
  json: string;
}

/** What placeOrderAtOnce did. */
export interface AtOnce {
  /** The order placed, or null: nothing of it was written, and the caller takes the general way. */
  placed: OrderPlacedAtOnce | null;
  /** Whether the rate limit it was given was counted (the general way must not count it again). */
  counted: boolean;
  /** When that limit refused the order: ms before the next is allowed (nothing else was written). */
  limitedFor: number | null;
}

/**
 * Sessions and dishes as the cloud last read them for an order (issue 28): a session's next order
 * is decided on them and placed in one statement, which writes it only while they are still so.
 */
const sessionsSeen = new LRUCache<string, SessionSeen>({ max: 20_000 });
const dishesSeen = new LRUCache<string, OrderableRow>({ max: 5_000 });

function seenDishes(ids: readonly string[]): OrderableRow[] | null {
  const rows: OrderableRow[] = [];
  for (const id of new Set(ids)) {
    const row = dishesSeen.get(id);
    if (!row) return null;
    rows.push(row);
  }
  return rows;
}

/** The order decideCreateOrder places, when it places exactly one new order with its one event. */
function newOrderOf(decided: Decided<PlacedOrder>): Order | null {
  const [event, ...moreEvents] = decided.events;
  const [write, ...moreWrites] = decided.writes;
  if (
    !decided.answer.created ||
    write?.kind !== 'order.insert' ||
    event?.type !== 'order.created' ||
    moreEvents.length > 0 ||
    moreWrites.length > 0
  ) {
    return null;
  }
  return decided.answer.order;
}

/** What a placed new order writes besides its rows: its key's answer (201, the order) and its event's authors. */
function placedWrite(actor: Actor, json: string, meta: { idempotencyKey: string }): PlacedOrderWrite {
  const { userId, terminalId } = actorRef(actor);
  return {
    orgId: actor.orgId,
    orderJson: json,
    key: meta.idempotencyKey,
    status: 201,
    eventId: randomUUID(),
    userId,
    terminalId,
  };
}

/** Either what placeOrderAtOnce answers, or the one statement's way did not apply (counted: its limits were). */
type Once = AtOnce | { fallBack: true; counted: boolean };

/**
 * A session's next order, decided on the session and dishes as last read and placed with the
 * guest's limits in one statement (repositories/orders.ts, placeOnce). Falls back, having written
 * nothing but perhaps the limits' counts, when anything it read has changed or it is not a plain
 * new order; what was read is then forgotten.
 */
async function placeOrderOnce(
  db: Db,
  actor: Actor,
  input: CreateOrderInput,
  orderId: string,
  meta: MutationMeta & { idempotencyKey: string },
  now: Date,
  seen: { key: string; session: SessionSeen; dishes: OrderableRow[] },
  limit: TwoLimits | undefined,
): Promise<Once> {
  const state: CreateOrderState = {
    session: {
      id: input.sessionId,
      venueId: actor.venueId,
      status: 'ACTIVE',
      tableId: seen.session.tableId,
      tableName: seen.session.tableName,
    },
    existing: null,
    menu: seen.dishes.map(orderableDishOf),
    taxRateBps: seen.session.taxRateBps,
  };
  let order: Order | null;
  try {
    order = newOrderOf(decideCreateOrder(state, { ...input, id: orderId }, orderingActor(actor), now));
  } catch {
    order = null;
  }
  if (!order) return { fallBack: true, counted: false };
  const json = JSON.stringify(order);
  let answer: Awaited<ReturnType<typeof placeOnce>> | null;
  try {
    answer = await handTransaction(db, (tx) =>
      placeOnce(tx, {
        ...placedWrite(actor, json, meta),
        claim: claimOf(meta, now),
        expiredBefore: idempotencyCutoff(now),
        venueId: actor.venueId,
        sessionId: input.sessionId,
        createdAt: order.createdAt,
        session: seen.session,
        orderId,
        dishes: seen.dishes,
        ...(limit ? { limits: limit } : {}),
      }),
    );
  } catch (error) {
    // Nothing of it was written, the limits' counts neither: the general way counts them and meets
    // whatever this was (an order with this id placed meanwhile, the limit store's failure).
    if (limit || isDuplicateOrder(error)) return { fallBack: true, counted: false };
    throw error;
  }
  if (!answer) return { fallBack: true, counted: false };
  if (answer.claimed === 1) return { placed: { order, json }, counted: limit !== undefined, limitedFor: null };
  const limitedFor = limit ? limit.wait(answer as TwoCounted) : null;
  if (limitedFor !== null) return { placed: null, counted: true, limitedFor };
  sessionsSeen.delete(seen.key);
  for (const dish of seen.dishes) dishesSeen.delete(dish.id);
  return { fallBack: true, counted: limit !== undefined };
}

/**
 * Places a new order as runMutation and createOrder (lastWrite) would. A session's next order, when
 * the cloud has read its session and dishes before, goes in one statement (placeOrderOnce);
 * otherwise, or when what was read has changed since, in a hand-built transaction
 * (db/connect.ts, handTransaction) of two statements: the read with the request's key claimed, and
 * the order, its items, its key's answer and its event with the COMMIT. `limit`, a guest's rate
 * limit, is counted and committed on its own in the read's round trip, before it; when it refuses,
 * the read is rolled back. Answers no order, having written nothing else, for anything else (a
 * repeat of the key, an order with this id, a refusal, a client-made id placed meanwhile, embedded
 * PGlite, a failed round trip): the caller then takes the general way, which answers it as it
 * always did.
 */
export async function placeOrderAtOnce(
  db: Db,
  actor: Actor,
  input: CreateOrderInput,
  meta: MutationMeta & { idempotencyKey: string },
  now: Date,
  limit?: TwoLimits,
): Promise<AtOnce> {
  const outcome: AtOnce = { placed: null, counted: false, limitedFor: null };
  if (actor.kind === 'terminal' || meta.terminal) return outcome;
  const ordering = orderingActor(actor);
  if (orderingRefusal(ordering, input.sessionId)) return outcome;
  const orderId = input.id ?? randomUUID();
  const menuItemIds = input.items.map((l) => l.menuItemId);
  let counting = limit;
  const seenKey = `${actor.venueId}:${input.sessionId}`;
  const session = sessionsSeen.get(seenKey);
  const dishes = session && seenDishes(menuItemIds);
  if (session && dishes) {
    const once = await placeOrderOnce(
      db,
      actor,
      input,
      orderId,
      meta,
      now,
      { key: seenKey, session, dishes },
      counting,
    );
    if (!('fallBack' in once)) return once;
    if (once.counted) {
      // Counted in the statement: not again below, nor by the general way.
      outcome.counted = true;
      counting = undefined;
    }
  }
  const placed = await handTransaction(db, async (tx) => {
    let context: Awaited<ReturnType<typeof readClaimedOrderContext>>;
    try {
      context = await readClaimedOrderContext(
        tx,
        claimOf(meta, now),
        idempotencyCutoff(now),
        actor,
        input.sessionId,
        orderId,
        menuItemIds,
        counting?.call,
      );
    } catch (error) {
      // With a limit, the round trip's failure may be the limit's: the general way counts it
      // with the store's limiter, which falls back to counting in memory, and meets any other.
      if (counting) return null;
      throw error;
    }
    if (counting) {
      outcome.counted = true;
      outcome.limitedFor = counting.wait(context.before[0] as TwoCounted | undefined);
      if (outcome.limitedFor !== null) return null;
    }
    if (context.session?.status === 'ACTIVE') {
      sessionsSeen.set(seenKey, {
        tableId: context.session.table_id,
        tableName: context.session.table_name,
        taxRateBps: context.taxRateBps,
      });
      for (const row of context.menu) dishesSeen.set(row.id, row);
    }
    if (!context.claimed || context.orderExists || context.session?.status !== 'ACTIVE') return null;
    const state: CreateOrderState = {
      session: {
        id: input.sessionId,
        venueId: actor.venueId,
        status: context.session.status,
        tableId: context.session.table_id,
        tableName: context.session.table_name,
      },
      existing: null,
      menu: context.menu.map(orderableDishOf),
      taxRateBps: context.taxRateBps,
    };
    let decided: Decided<PlacedOrder>;
    try {
      decided = decideCreateOrder(state, { ...input, id: orderId }, ordering, now);
    } catch {
      return null;
    }
    const order = newOrderOf(decided);
    if (!order) return null;
    const json = JSON.stringify(order);
    try {
      await writePlacedOrder(tx, placedWrite(actor, json, meta));
    } catch (error) {
      if (isDuplicateOrder(error)) return null;
      throw error;
    }
    return { order, json };
  });
  outcome.placed = placed ?? null;
  return outcome;
}
