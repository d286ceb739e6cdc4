// Expo and the runners on this terminal (issue 10): Send to Runner and the runner's moves are
// decided by the shared decisions (decideSendToRunners, decideRunnerMove) on the replica's state,
// as the cloud decides them on its own, applied to the replica and queued for the cloud in one
// SQLite transaction each. A refusal is the decision's AppError, the cloud's own.
import { randomUUID } from 'node:crypto';
import {
  changeRunnerOrderStatus,
  decideRunnerMove,
  decideSendToRunners,
  type LiveEvent,
  type OrderItem,
  RUNNER_DELIVERED_WINDOW_MS,
  type RunnerItemFacts,
  type RunnerOrder,
  type RunnerStatusRequest,
  type SendToExpoRequest,
  sendToExpo,
} from '@tablewise/shared';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { getMenuItem } from '../sqlite/repositories/menu-orders.js';
import { getOrder, getOrderItem } from '../sqlite/repositories/orders.js';
import { getRunner, getRunnerOrder, listRunnerOrders } from '../sqlite/repositories/runners.js';
import { getTable } from '../sqlite/repositories/tables.js';
import { applyLocally } from './decided.js';

export const RUNNER_ORDER_ENTITY = 'runner_order';

export interface LocalRunnerResult {
  order: RunnerOrder;
  events: LiveEvent[];
}

/** The replica's copy of an item with its dish's handling facts (hot or cold, fragile), from the
 * replica's menu as the cloud takes them from its own. */
function withHandling(db: AnyDb, item: OrderItem): RunnerItemFacts {
  const dish = getMenuItem(db, item.menuItemId);
  return { ...item, temperature: dish?.temperature ?? null, fragile: dish?.isFragile ?? false };
}

/** Send to Runner here: the order's ready items not on the pass yet (or those named) as a ticket. */
export function sendToRunnersLocally(
  db: WriteDb,
  orderId: string,
  input: SendToExpoRequest,
  now: Date,
): LocalRunnerResult {
  return transact(db, () => {
    const order = getOrder(db, orderId);
    const since = now.getTime() - RUNNER_DELIVERED_WINDOW_MS;
    const tickets = listRunnerOrders(db);
    const onPass = new Set(tickets.flatMap((t) => t.items.map((i) => i.id)));
    const decided = decideSendToRunners(
      {
        order: order
          ? {
              id: order.id,
              tableName: order.tableName,
              zone: (order.tableId ? getTable(db, order.tableId)?.zone : null) ?? null,
              priority: order.priority,
              specialInstructions: null,
              items: order.items.map((i) => ({ ...withHandling(db, i), onPass: onPass.has(i.id) })),
            }
          : null,
        hasTicket: tickets.some((t) => t.orderId === orderId),
        ticketIdTaken: input.id !== undefined && tickets.some((t) => t.id === input.id),
        freshId: randomUUID(),
        recentDeliveries: tickets.flatMap((o) =>
          o.deliveredAt && Date.parse(o.deliveredAt) >= since
            ? [{ zone: o.zone, readyAt: o.readyAt, deliveredAt: o.deliveredAt }]
            : [],
        ),
      },
      input,
      now,
    );
    // The cloud makes the same ticket: the same id, the same items.
    const ticket = decided.answer;
    const { answer, events } = applyLocally(
      db,
      decided,
      sendToExpo,
      {
        params: { orderId },
        body: { id: ticket.id, itemIds: ticket.items.map((i) => i.id) },
        entityType: RUNNER_ORDER_ENTITY,
        entityId: ticket.id,
      },
      now,
    );
    return { order: answer, events };
  });
}

/** Pick Up (needs an available runner), Delivered, Return Requested here. */
export function moveRunnerOrderLocally(
  db: WriteDb,
  orderId: string,
  input: RunnerStatusRequest,
  now: Date,
): LocalRunnerResult {
  return transact(db, () => {
    const stored = getRunnerOrder(db, orderId);
    const carrier = stored?.runnerAssigned ? getRunner(db, stored.runnerAssigned) : null;
    const itemsNow = (stored?.items ?? []).flatMap((known) => {
      const item = getOrderItem(db, known.id);
      return item ? [withHandling(db, item)] : [];
    });
    const decided = decideRunnerMove(
      {
        order: stored ? { ...stored, itemsNow } : null,
        runner: input.runnerId ? getRunner(db, input.runnerId) : null,
        carrier,
        carrierOtherOrdersOut: carrier
          ? listRunnerOrders(db).filter(
              (o) => o.runnerAssigned === carrier.id && o.id !== orderId && o.status === 'OUT_FOR_DELIVERY',
            ).length
          : 0,
      },
      input,
      now,
    );
    const { answer, events } = applyLocally(
      db,
      decided,
      changeRunnerOrderStatus,
      {
        params: { id: orderId },
        body: { status: input.status, ...(input.runnerId ? { runnerId: input.runnerId } : {}) },
        entityType: RUNNER_ORDER_ENTITY,
        entityId: orderId,
      },
      now,
    );
    return { order: answer, events };
  });
}

/** What a runner change waiting in the outbox is about, as staff call it. */
export function runnerChangeSubject(db: AnyDb, orderId: string): string | null {
  const order = getRunnerOrder(db, orderId);
  return order ? `${order.tableName ?? order.zone} · #${order.id.slice(-8)}` : null;
}
