// Staff order for a table on this terminal (the orders screen's Add Items): priced from the
// replica's menu by the same rules as the cloud (modifiers, tax once per bill, course fire times),
// applied to the replica and queued in the outbox in one transaction. Its id and its items' ids
// are the ones the cloud will give them, so the cloud's order.created lands on the same rows and
// a ticket made here names the cloud's items.
import { randomUUID } from 'node:crypto';
import {
  billTotals,
  type Course,
  type CreateOrderRequest,
  courseFireTimes,
  createOrder,
  formatCents,
  initialItemStatus,
  MESSAGES,
  type Order,
  orderItemId,
  priceLine,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { getMenuItem, getSessionWithTable } from '../sqlite/repositories/menu-orders.js';
import { appendOutbox, pendingOf } from '../sqlite/repositories/outbox.js';
import { getOrder, putOrder } from '../sqlite/repositories/venue-data.js';

export const ORDER_ENTITY = 'order';

type NewOrder = z.output<typeof CreateOrderRequest>;
export type LocalOrderResult = { ok: true; order: Order } | { ok: false; status: 400 | 404 | 409; message: string };

export function createOrderLocally(db: WriteDb, venueId: string, input: NewOrder, now: Date): LocalOrderResult {
  return transact(db, (): LocalOrderResult => {
    const id = input.id ?? randomUUID();
    // A repeat of an order still waiting here (a double tap) answers the order it placed.
    if (pendingOf(db, ORDER_ENTITY).some((e) => e.entityId === id)) {
      const placed = getOrder(db, id);
      if (placed) return { ok: true, order: placed };
    }
    const session = getSessionWithTable(db, input.sessionId);
    if (!session) return { ok: false, status: 404, message: MESSAGES.notFound('Session') };
    if (session.status !== 'ACTIVE') return { ok: false, status: 409, message: MESSAGES.sessionClosed };
    if (getOrder(db, id)) return { ok: false, status: 409, message: 'Order already exists' };
    const fireTimes = courseFireTimes(
      input.items.map((l) => l.course),
      now,
    );
    const at = now.toISOString();
    const items: Order['items'] = [];
    const lineCents: number[] = [];
    for (const [index, line] of input.items.entries()) {
      const dish = getMenuItem(db, line.menuItemId);
      if (!dish) return { ok: false, status: 404, message: MESSAGES.notFound('Menu item') };
      if (!dish.isAvailable) return { ok: false, status: 409, message: MESSAGES.menuItemUnavailable(dish.name) };
      const price = priceLine(dish, line);
      if (!price.ok) {
        return { ok: false, status: 400, message: MESSAGES.invalidField(`items.${index}.modifiers`, price.reason) };
      }
      const fireAt = fireTimes.get(line.course as Course) ?? now;
      lineCents.push(price.totalCents);
      items.push({
        id: orderItemId(id, index),
        orderId: id,
        venueId,
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
    // The bill is the sum of the lines exactly as priced, as on the cloud.
    const totals = billTotals(lineCents);
    const order: Order = {
      id,
      venueId,
      sessionId: session.id,
      tableId: session.tableId,
      tableName: session.tableName,
      status: 'CONFIRMED',
      subtotal: formatCents(totals.subtotal),
      tax: formatCents(totals.tax),
      total: formatCents(totals.total),
      createdAt: at,
      priority: 'normal',
      items,
    };
    putOrder(db, order);
    appendOutbox(db, {
      idempotencyKey: randomUUID(),
      method: createOrder.method,
      path: createOrder.path,
      body: { ...input, id },
      entityType: ORDER_ENTITY,
      entityId: id,
      createdAt: at,
    });
    return { ok: true, order: getOrder(db, id) ?? order };
  });
}

/** What a queued order was, as staff call it: "Order 1a2b3c4d · Table 4". */
export function orderChangeSubject(db: AnyDb, id: string): string | null {
  const order = getOrder(db, id);
  return order ? `Order ${order.id.slice(-8)}${order.tableName ? ` · ${order.tableName}` : ''}` : null;
}
