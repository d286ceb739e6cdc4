// Placing an order. Prices come from the menu in the database and fire times from the shared
// course rule; a client sends neither (an old guest build's courseTiming is ignored).

import { randomUUID } from 'node:crypto';
import {
  assembleOrders,
  billTotals,
  type Course,
  type CreateOrderRequest,
  courseFireTimes,
  formatCents,
  initialItemStatus,
  MESSAGES,
  type Order,
  openOrdersAnswer,
  orderItemId,
  priceLine,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Actor, Queryable, Trx } from '../context.js';
import { actorRef } from '../context.js';
import { type AppError, badRequest, conflict, notFound, unauthorized } from '../errors.js';
import { itemFacts, modifierGroupsOf, orderFacts } from '../presenters/index.js';
import { appendEvent, atCommit } from '../realtime/append-event.js';
import {
  findOrderById,
  insertOrder,
  listItemsOfOrders,
  listOpenOrders,
  listOrdersOfSession,
  type NewOrderItem,
  orderWrites,
  readOrderContext,
} from '../repositories/orders.js';
import type { OrderRow } from '../repositories/rows.js';
import { findSessionInVenue } from '../repositories/sessions.js';

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

/** Why an order cannot go to the session: it is not the venue's, or no longer active. */
async function sessionRefusal(trx: Trx, venueId: string, sessionId: string): Promise<AppError | null> {
  const session = await findSessionInVenue(trx, venueId, sessionId);
  if (!session) return notFound('Session');
  if (session.status !== 'ACTIVE') return conflict(MESSAGES.sessionClosed, 'session_closed');
  return null;
}

/** The order `id` as placed before: a client-made id sent again. Null when there is none. */
async function placedBefore(
  trx: Trx,
  sessionId: string,
  id: string,
): Promise<{ order: Order; created: boolean } | null> {
  const existing = await findOrderById(trx, id);
  if (!existing) return null;
  if (existing.session_id !== sessionId) throw conflict('Order already exists', 'order_exists');
  // The same client-made id again: the order was placed already; answer it, create nothing.
  const order = await loadOrder(trx, existing.id);
  if (!order) throw new Error(`Order ${existing.id} vanished`);
  return { order, created: false };
}

/**
 * `lastWrite`: nothing after this order in the transaction reads it back (one request, not a
 * terminal's batch), so it is written in the transaction's last statement with its event.
 */
export interface PlaceOptions {
  lastWrite?: boolean;
}

// One read first (the session, locked until commit; an order with this id; the menu items), with
// the request's idempotency claim when it waits for one; then the order is priced, and written
// with its event: in the transaction's last statement when nothing reads it back, else at once.
// Refusals keep the order they have always had: the session, then an order placed before, then
// the lines.
export async function createOrder(
  trx: Trx,
  actor: Actor,
  input: CreateOrderInput,
  now: Date,
  options: PlaceOptions = {},
): Promise<{ order: Order; created: boolean }> {
  // A guest orders only for their own session; another id looks like one that does not exist.
  if (actor.kind === 'guest' && input.sessionId !== actor.sessionId) throw notFound('Session');
  const scope = { orgId: actor.orgId, venueId: actor.venueId };
  const orderId = input.id ?? randomUUID();
  const context = await readOrderContext(
    trx,
    scope,
    input.sessionId,
    orderId,
    input.items.map((l) => l.menuItemId),
  );
  // A guest's session is checked here, not before (middleware/principals.ts): a cookie whose
  // session closed or went grants nothing, as anywhere else.
  if (actor.kind === 'guest' && context.session?.status !== 'ACTIVE') throw unauthorized(MESSAGES.guestSessionRequired);
  if (!context.session) throw notFound('Session');
  if (context.session.status !== 'ACTIVE') throw conflict(MESSAGES.sessionClosed, 'session_closed');
  if (context.orderExists) {
    // The same client-made id again: answered as it was placed, even if its menu changed since.
    const before = await placedBefore(trx, input.sessionId, orderId);
    if (before) return before;
  }
  const menu = context.menu;
  const byId = new Map(menu.map((m) => [m.id, m]));
  const fireTimes = courseFireTimes(
    input.items.map((l) => l.course),
    now,
  );
  const priced = input.items.map((line, index) => {
    const item = byId.get(line.menuItemId);
    if (!item) throw notFound('Menu item');
    if (!item.is_available) throw conflict(MESSAGES.menuItemUnavailable(item.name), 'menu_item_unavailable');
    const price = priceLine({ name: item.name, price: item.price, modifiersSchema: modifierGroupsOf(item) }, line);
    if (!price.ok) throw badRequest(MESSAGES.invalidField(`items.${index}.modifiers`, price.reason), 'invalid_field');
    const fireAt = fireTimes.get(line.course as Course) ?? now;
    const row: NewOrderItem = {
      id: orderItemId(orderId, index),
      org_id: scope.orgId,
      venue_id: scope.venueId,
      order_id: orderId,
      menu_item_id: item.id,
      menu_item_name: item.name,
      station: item.station,
      prep_time: item.prep_time,
      quantity: line.quantity,
      unit_price: formatCents(price.unitCents),
      total_price: formatCents(price.totalCents),
      notes: line.specialInstructions || null,
      modifiers_json: price.modifiers,
      course: line.course,
      status: initialItemStatus(fireAt, now),
      fire_at: fireAt,
      sort_order: index,
      created_at: now,
    };
    return { row, totalCents: price.totalCents };
  });

  // The bill is the sum of the lines exactly as priced above, modifiers included.
  const totals = billTotals(priced.map((p) => p.totalCents));
  const row = {
    id: orderId,
    org_id: scope.orgId,
    venue_id: scope.venueId,
    session_id: input.sessionId,
    status: 'CONFIRMED',
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
    created_at: now,
    priority: 'normal',
  };
  const items = priced.map((p) => p.row);
  const table = { table_id: context.session.table_id, table_name: context.session.table_name };
  if (options.lastWrite) {
    for (const write of orderWrites(trx, row, items)) await atCommit(trx, write);
  } else {
    const written = await insertOrder(trx, row, items);
    if (!written) throw (await sessionRefusal(trx, scope.venueId, input.sessionId)) ?? notFound('Session');
    if (!written.inserted) {
      const before = await placedBefore(trx, input.sessionId, orderId);
      if (!before) throw new Error(`Order ${orderId} neither inserted nor found`);
      return before;
    }
  }
  // The answer is built from what is written, not read back.
  const [order] = assembleOrders(
    [orderFacts({ ...row, ...table, session_status: 'ACTIVE' })],
    items.map((item) => itemFacts({ ...item, updated_at: now })),
  );
  if (!order) throw new Error(`Order ${orderId} has no answer`);
  const ref = actorRef(actor);
  await appendEvent(trx, {
    orgId: scope.orgId,
    venueId: scope.venueId,
    userId: ref.userId,
    terminalId: ref.terminalId,
    event: { type: 'order.created', order },
    at: now,
  });
  return { order, created: true };
}
