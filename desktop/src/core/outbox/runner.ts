// Expo and the runners on this terminal (issue 10): Send to Runner and the runner's moves apply to
// the replica at once, judged by the shared rules as the cloud judges them, and reach the cloud
// through the outbox, in one SQLite transaction each.
import { randomUUID } from 'node:crypto';
import {
  deliveryMinutes,
  MESSAGES,
  type OrderItem,
  type OrderItemState,
  type Runner,
  type RunnerOrder,
  type RunnerStatusRequest,
  runnerInstructions,
  runnerOrderStatus,
  SERVICE_MESSAGES,
  staffItemTransition,
  UNZONED_RUNNER_ZONE,
  zoneAverageDeliveryMinutes,
} from '@tablewise/shared';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { appendOutbox } from '../sqlite/repositories/outbox.js';
import {
  getRunner,
  getRunnerOrder,
  listRunnerOrders,
  putRunner,
  putRunnerOrder,
} from '../sqlite/repositories/runners.js';
import { getOrder, getOrderItem, getTable, setItemStatus } from '../sqlite/repositories/venue-data.js';

export const RUNNER_ORDER_ENTITY = 'runner_order';

const EXPO_READY: ReadonlySet<OrderItemState> = new Set<OrderItemState>(['READY_FOR_RUN', 'OUT_FOR_DELIVERY']);

export type LocalRunnerResult =
  | { ok: true; order: RunnerOrder; items: { item: OrderItem; from: OrderItemState }[]; runner: Runner | null }
  | { ok: false; status: 400 | 404 | 409; message: string; entity?: string };

/** Send to Runner: every item ready, the order not yet with the runners. */
export function sendToRunnersLocally(db: WriteDb, orderId: string, now: Date): LocalRunnerResult {
  return transact(db, (): LocalRunnerResult => {
    const order = getOrder(db, orderId);
    if (!order) return { ok: false, status: 404, message: MESSAGES.notFound('Order') };
    if (getRunnerOrder(db, orderId)) return { ok: false, status: 409, message: SERVICE_MESSAGES.expoAlreadySent };
    if (order.items.length === 0 || !order.items.every((i) => EXPO_READY.has(i.status))) {
      return { ok: false, status: 409, message: SERVICE_MESSAGES.expoNotReady };
    }
    const zone = (order.tableId ? getTable(db, order.tableId)?.zone : null) ?? UNZONED_RUNNER_ZONE;
    const since = now.getTime() - 2 * 60 * 60 * 1000;
    const times = listRunnerOrders(db)
      .filter((o) => o.zone === zone && o.deliveredAt && Date.parse(o.deliveredAt) >= since)
      .map(deliveryMinutes)
      .filter((m): m is number => m !== null);
    const at = now.toISOString();
    const runnerOrder: RunnerOrder = {
      id: order.id,
      tableName: order.tableName,
      zone,
      status: runnerOrderStatus(order.items.map((i) => i.status)),
      readyAt: at,
      pickedUpAt: null,
      deliveredAt: null,
      estimatedDeliveryTime: Math.round(zoneAverageDeliveryMinutes(times)),
      // Hot or cold and fragile are the cloud's menu facts: they arrive with its copy of the order.
      items: order.items.map((i) => ({
        id: i.id,
        menuItemName: i.menuItemName,
        quantity: i.quantity,
        temperature: null,
        fragile: false,
        course: i.course,
        station: i.station,
        status: i.status,
      })),
      specialInstructions: runnerInstructions(null, order.items),
      runnerAssigned: null,
      priority: 'normal',
      deliveryRunId: null,
    };
    putRunnerOrder(db, runnerOrder);
    appendOutbox(db, {
      idempotencyKey: randomUUID(),
      method: 'POST',
      path: `/api/orders/${orderId}/send-to-expo`,
      body: {},
      entityType: RUNNER_ORDER_ENTITY,
      entityId: orderId,
      createdAt: at,
    });
    return { ok: true, order: runnerOrder, items: [], runner: null };
  });
}

/** Pick Up (needs an available runner), Delivered, Return Requested. */
export function moveRunnerOrderLocally(
  db: WriteDb,
  orderId: string,
  input: RunnerStatusRequest,
  now: Date,
): LocalRunnerResult {
  return transact(db, (): LocalRunnerResult => {
    const stored = getRunnerOrder(db, orderId);
    if (!stored) return { ok: false, status: 404, message: MESSAGES.notFound('Order') };
    const current = stored.items.map((i) => getOrderItem(db, i.id)?.status ?? i.status);
    const from = runnerOrderStatus(current);
    const verdict = staffItemTransition(from, input.status);
    if (!verdict.ok) {
      return { ok: false, status: 409, message: SERVICE_MESSAGES.runnerOrderTransitionRefused(from, input.status) };
    }
    let runner: Runner | null = null;
    if (verdict.needsRunner) {
      if (!input.runnerId) return { ok: false, status: 400, message: MESSAGES.pickUpNeedsRunner };
      runner = getRunner(db, input.runnerId);
      if (!runner) return { ok: false, status: 404, message: MESSAGES.notFound('Runner') };
      if (runner.status === 'offline')
        return { ok: false, status: 409, message: SERVICE_MESSAGES.runnerUnavailable(runner.name) };
    }
    const at = now.toISOString();
    const moved: { item: OrderItem; from: OrderItemState }[] = [];
    for (const { id } of stored.items) {
      const item = getOrderItem(db, id);
      if (!item || item.status !== from) continue;
      setItemStatus(db, id, input.status, at);
      const after = getOrderItem(db, id);
      if (after) moved.push({ item: after, from });
    }
    const items = stored.items.map((i) => ({ ...i, status: getOrderItem(db, i.id)?.status ?? input.status }));
    const order: RunnerOrder = {
      ...stored,
      items,
      status: runnerOrderStatus(items.map((i) => i.status)),
      ...(runner ? { runnerAssigned: runner.id, pickedUpAt: at } : {}),
      ...(input.status === 'DELIVERED' ? { deliveredAt: at } : {}),
    };
    putRunnerOrder(db, order);
    if (runner) {
      runner = { ...runner, status: 'busy', currentZone: order.zone };
      putRunner(db, runner);
    } else if (order.runnerAssigned) {
      // Free again once they carry nothing else.
      const carrier = getRunner(db, order.runnerAssigned);
      const stillOut = listRunnerOrders(db).some(
        (o) => o.runnerAssigned === order.runnerAssigned && o.id !== order.id && o.status === 'OUT_FOR_DELIVERY',
      );
      if (carrier && carrier.status === 'busy' && !stillOut) {
        runner = { ...carrier, status: 'available' };
        putRunner(db, runner);
      }
    }
    appendOutbox(db, {
      idempotencyKey: randomUUID(),
      method: 'POST',
      path: `/api/runner/orders/${orderId}/status`,
      body: { status: input.status, ...(input.runnerId ? { runnerId: input.runnerId } : {}) },
      entityType: RUNNER_ORDER_ENTITY,
      entityId: orderId,
      createdAt: at,
    });
    return { ok: true, order, items: moved, runner };
  });
}

/** What a runner change waiting in the outbox is about, as staff call it. */
export function runnerChangeSubject(
  db: WriteDb | Parameters<typeof getRunnerOrder>[0],
  orderId: string,
): string | null {
  const order = getRunnerOrder(db, orderId);
  return order ? `${order.tableName ?? order.zone} · #${order.id.slice(-8)}` : null;
}
