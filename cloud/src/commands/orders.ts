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
import type { z } from 'zod';
import type { Actor, Queryable, Trx } from '../context.js';
import { itemFacts, modifierGroupsOf, orderFacts } from '../presenters/index.js';
import { atCommit } from '../realtime/append-event.js';
import {
  findOrderById,
  insertOrder,
  listItemsOfOrders,
  listOpenOrders,
  listOrdersOfSession,
  orderWrites,
  readOrderContext,
} from '../repositories/orders.js';
import type { MenuItemRow, OrderRow } from '../repositories/rows.js';
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
