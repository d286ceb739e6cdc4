// Placing an order, decided once (POST /api/orders): the session must be at its table, a client-made
// id sent again answers the order it placed, and each line is priced from the menu as the venue has
// it now (modifiers, tax once per bill), its course's fire time set by the course rule. The cloud
// (a guest's phone, staff, a terminal's outbox) and the terminal (staff with the cloud away) load
// the state below from their stores and write the order this decides.

import type { z } from 'zod';
import type { CreateOrderRequest } from '../calls/orders/create-order.js';
import { orderItemId } from '../calls/orders/create-order.js';
import { type AppError, badRequest, conflict, notFound, unauthorized } from '../errors.js';
import { MESSAGES } from '../messages.js';
import { courseFireTimes } from '../rules/courses.js';
import { priceLine } from '../rules/modifiers.js';
import { billTotals, formatCents } from '../rules/money.js';
import { initialItemStatus } from '../rules/order-items.js';
import type { MenuItem, Order, OrderItem } from '../schemas/entities.js';
import { Changes, type Decided, type DecisionActor } from './decision.js';

/** What an order line needs of its dish. */
export type OrderableDish = Pick<
  MenuItem,
  'id' | 'name' | 'price' | 'modifiersSchema' | 'isAvailable' | 'station' | 'prepTime'
>;

/**
 * The dining session an order is for, with its table, as the venue has it.
 * @internal exported for its tests
 */
export interface OrderSession {
  id: string;
  venueId: string;
  status: string;
  tableId: string | null;
  tableName: string | null;
}

export interface CreateOrderState {
  /** Null when the session is not the venue's. */
  session: OrderSession | null;
  /** The order that already has the request's id, if any: this session's (a client-made id sent
   * again) or another's. */
  existing: Order | null;
  /** The menu items the lines name, those the venue has. */
  menu: readonly OrderableDish[];
  /** The venue's tax rate in basis points (issue 24); 8.75 % when not given. */
  taxRateBps?: number;
}

/** The order to place: the request with its id (the client's, else one the tier made). */
export type OrderToPlace = z.output<typeof CreateOrderRequest> & { id: string };

/** Who orders: staff or a terminal, for any session of the venue, or a guest, for their own. */
export type OrderingActor = DecisionActor | { kind: 'guest'; sessionId: string };

export interface PlacedOrder {
  order: Order;
  /** False for a client-made id sent again: the order as it was placed, nothing written. */
  created: boolean;
}

/** Why `actor` may not order for `sessionId` whatever the state: a guest orders only for their own
 * session, and another id looks like one that does not exist. The cloud asks this before reading. */
export function orderingRefusal(actor: OrderingActor, sessionId: string): AppError | null {
  return actor.kind === 'guest' && sessionId !== actor.sessionId ? notFound('Session') : null;
}

/**
 * Places an order. Refusals come in this order: the session (a guest's own, then found, then
 * active), then an order with this id placed before (answered, or `order_exists` for another
 * session's), then each line in turn (its dish, its availability, its choices).
 */
export function decideCreateOrder(
  state: CreateOrderState,
  input: OrderToPlace,
  actor: OrderingActor,
  now: Date,
): Decided<PlacedOrder> {
  const refusal = orderingRefusal(actor, input.sessionId);
  if (refusal) throw refusal;
  const { session, existing } = state;
  // A guest's cookie whose session closed or went grants nothing, as anywhere else.
  if (actor.kind === 'guest' && session?.status !== 'ACTIVE') throw unauthorized(MESSAGES.guestSessionRequired);
  if (!session) throw notFound('Session');
  if (session.status !== 'ACTIVE') throw conflict(MESSAGES.sessionClosed, 'session_closed');
  if (existing) {
    if (existing.sessionId !== input.sessionId) throw conflict(MESSAGES.orderExists, 'order_exists');
    // The same client-made id again: answered as it was placed, even if its menu changed since.
    return new Changes().answer({ order: existing, created: false });
  }

  const dishes = new Map<string, OrderableDish>();
  for (const dish of state.menu) dishes.set(dish.id, dish);
  const fireTimes = courseFireTimes(
    input.items.map((l) => l.course),
    now,
  );
  const at = now.toISOString();
  const items: OrderItem[] = [];
  const lineCents: number[] = [];
  for (const [index, line] of input.items.entries()) {
    const dish = dishes.get(line.menuItemId);
    if (!dish) throw notFound('Menu item');
    if (!dish.isAvailable) throw conflict(MESSAGES.menuItemUnavailable(dish.name), 'menu_item_unavailable');
    const price = priceLine(dish, line);
    if (!price.ok) throw badRequest(MESSAGES.invalidField(`items.${index}.modifiers`, price.reason), 'invalid_field');
    const fireAt = fireTimes.get(line.course) ?? now;
    lineCents.push(price.totalCents);
    items.push({
      id: orderItemId(input.id, index),
      orderId: input.id,
      venueId: session.venueId,
      menuItemId: dish.id,
      menuItemName: dish.name,
      station: dish.station,
      prepTime: dish.prepTime,
      quantity: line.quantity,
      unitPrice: formatCents(price.unitCents),
      totalPrice: formatCents(price.totalCents),
      notes: line.specialInstructions || null,
      modifiers: price.modifiers,
      course: line.course,
      status: initialItemStatus(fireAt, now),
      fireAt: fireAt.toISOString(),
      createdAt: at,
      updatedAt: at,
    });
  }
  // The bill is the sum of the lines exactly as priced above, modifiers included.
  const totals = billTotals(lineCents, state.taxRateBps);
  const order: Order = {
    id: input.id,
    venueId: session.venueId,
    sessionId: session.id,
    tableId: session.tableId,
    tableName: session.tableName,
    status: 'CONFIRMED',
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
    createdAt: at,
    items,
    priority: 'normal',
  };
  return new Changes()
    .write({ kind: 'order.insert', order })
    .announce({ type: 'order.created', order })
    .answer({ order, created: true });
}

/** An order's priority (PATCH /api/orders/:id/priority): setting the one it has changes nothing
 * and tells no one. */
export function decideOrderPriority(order: Order | null, priority: Order['priority']): Decided<Order> {
  if (!order) throw notFound('Order');
  if (order.priority === priority) return new Changes().answer(order);
  const after: Order = { ...order, priority };
  return new Changes()
    .write({ kind: 'order.priority', order: after })
    .announce({ type: 'order.priority.changed', order: after })
    .answer(after);
}
