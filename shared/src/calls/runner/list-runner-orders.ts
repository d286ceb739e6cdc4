import { z } from 'zod';
import { RUNNER_DELIVERED_WINDOW_MS } from '../../constants.js';
import { runnerOrderStatus } from '../../rules/runner.js';
import type { OrderItemState } from '../../schemas/entities.js';
import { RunnerOrder } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

/** Orders sent to the runners that are still theirs, and those delivered lately (for the zones'
 * average delivery time), oldest ready first. Polled every 3 s while Auto is on. */
export const listRunnerOrders = defineCall({
  method: 'GET',
  path: '/api/runner/orders',
  summary: 'Orders on the pass for the runners',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(RunnerOrder),
  staleOn: [
    'order.ready_for_run',
    'order.delivered',
    'runner.status.changed',
    'order.item.status.changed',
    'runner.order.updated',
  ],
});

/**
 * The one rule for the answer, from the orders as either tier holds them and their items' states
 * now: those not delivered, and those delivered within the window, oldest ready first; each order's
 * status from its items.
 */
export function runnerOrdersAnswer(
  orders: readonly RunnerOrder[],
  itemStates: ReadonlyMap<string, OrderItemState>,
  now: Date,
): RunnerOrder[] {
  const since = now.getTime() - RUNNER_DELIVERED_WINDOW_MS;
  return orders
    .filter((o) => o.deliveredAt === null || Date.parse(o.deliveredAt) >= since)
    .map((o) => {
      const items = o.items.map((i) => ({ ...i, status: itemStates.get(i.id) ?? i.status }));
      return { ...o, items, status: runnerOrderStatus(items.map((i) => i.status)) };
    })
    .sort((a, b) => Date.parse(a.readyAt) - Date.parse(b.readyAt) || a.id.localeCompare(b.id));
}
