// Staff order for a table on this terminal (the orders screen's Add Items): placed as the cloud
// places it (decideCreateOrder: the session, an id sent again, each line priced from the menu, tax
// once per bill, course fire times), from the replica's session and menu, applied to the replica
// and queued in the outbox in one transaction. Its id and its items' ids are the ones the cloud
// gives them, so the cloud's order.created lands on the same rows and a ticket made here names the
// cloud's items. A refusal is the decision's AppError, the cloud's own.
import { randomUUID } from 'node:crypto';
import {
  type CreateOrderRequest,
  createOrder,
  decideCreateOrder,
  type LiveEvent,
  notFound,
  type PlacedOrder,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { listMenuItems } from '../sqlite/repositories/menu-items.js';
import { getSessionWithTable } from '../sqlite/repositories/menu-orders.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { getOrder } from '../sqlite/repositories/orders.js';
import { getVenue } from '../sqlite/repositories/venue.js';
import { applyLocally } from './decided.js';

export const ORDER_ENTITY = 'order';

type NewOrder = z.output<typeof CreateOrderRequest>;

export interface LocalOrderResult extends PlacedOrder {
  events: LiveEvent[];
}

/** Places an order here; an id sent again answers the order it placed, writing and queueing nothing. */
export function createOrderLocally(db: WriteDb, input: NewOrder, now: Date): LocalOrderResult {
  return transact(db, (): LocalOrderResult => {
    const { venueId, terminalId } = getMeta(db);
    if (!venueId) throw notFound('Venue');
    const order = { ...input, id: input.id ?? randomUUID() };
    const session = getSessionWithTable(db, input.sessionId);
    const named = new Set(input.items.map((l) => l.menuItemId));
    const decided = decideCreateOrder(
      {
        session: session && { ...session, venueId },
        existing: getOrder(db, order.id),
        menu: listMenuItems(db).filter((m) => named.has(m.id)),
        taxRateBps: getVenue(db)?.taxRateBps,
      },
      order,
      { kind: 'terminal', userId: null, terminalId },
      now,
    );
    // Nothing to write (an id sent again): nothing to queue either.
    if (decided.writes.length === 0) return { ...decided.answer, events: [] };
    const { answer, events } = applyLocally(
      db,
      decided,
      createOrder,
      { body: order, entityType: ORDER_ENTITY, entityId: order.id },
      now,
    );
    return { ...answer, events };
  });
}

/** What a queued order was, as staff call it: "Order 1a2b3c4d · Table 4". */
export function orderChangeSubject(db: AnyDb, id: string): string | null {
  const order = getOrder(db, id);
  return order ? `Order ${order.id.slice(-8)}${order.tableName ? ` · ${order.tableName}` : ''}` : null;
}
