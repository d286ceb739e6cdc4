// The runner interface (spec 2 sections 2.7, 4 and 9): lateness, zone efficiency and the checks
// before Pick Up and Create Zone Run.
import { RUNNER } from '../constants.js';
import { MESSAGES } from '../messages.js';
import type { OrderItemState } from '../schemas/entities.js';
import type { RunnerOrder, RunnerOrderState } from '../schemas/runner.js';

/** Minutes an order has waited since it was ready. */
export function runnerWaitMinutes(readyAt: Date, now: Date): number {
  return Math.max(0, (now.getTime() - readyAt.getTime()) / 60_000);
}

/** Late when the wait exceeds the estimated delivery time (minutes; the zone's average, 5 by
 * default, when the order has none) plus 3 minutes. */
export function isRunnerOrderLate(waitMinutes: number, estimatedDeliveryMinutes: number | null | undefined): boolean {
  const estimate = estimatedDeliveryMinutes ?? RUNNER.defaultZoneAvgDeliveryMinutes;
  return waitMinutes > estimate + RUNNER.lateGraceMinutes;
}

/** A zone's average delivery time in minutes, 5 when it has no deliveries yet. */
export function zoneAverageDeliveryMinutes(deliveryMinutes: readonly number[]): number {
  if (deliveryMinutes.length === 0) return RUNNER.defaultZoneAvgDeliveryMinutes;
  return deliveryMinutes.reduce((a, b) => a + b, 0) / deliveryMinutes.length;
}

/** out for delivery / (ready + out) x 100, and 100 when the zone has none. */
export function zoneEfficiency(counts: { ready: number; outForDelivery: number }): number {
  const all = counts.ready + counts.outForDelivery;
  if (all === 0) return 100;
  return Math.round((counts.outForDelivery / all) * 100);
}

/** Why Pick Up is refused, or null: it needs a runner chosen. */
export function pickUpProblem(runnerId: string | null | undefined): string | null {
  return runnerId ? null : MESSAGES.pickUpNeedsRunner;
}

export interface RunnerOrderLike {
  id: string;
  zone: string | null;
  status: string;
}

/** The orders a zone run takes: every ready order of the zone. */
export function zoneRunOrders<T extends RunnerOrderLike>(orders: readonly T[], zone: string): T[] {
  return orders.filter((o) => o.zone === zone && o.status === 'READY_FOR_RUN');
}

/** Why Create Zone Run is refused, or null: it needs a runner and at least one ready order. */
export function zoneRunProblem(
  runnerId: string | null | undefined,
  orders: readonly RunnerOrderLike[],
  zone: string,
): string | null {
  if (!runnerId) return MESSAGES.zoneRunNeedsRunner;
  if (zoneRunOrders(orders, zone).length === 0) return MESSAGES.zoneRunNeedsReadyOrder(zone);
  return null;
}

/**
 * The runner's state of an order, from its items' states (its items move together once it is on
 * the pass): sent back if any item was, delivered when all were, out once any is, else ready.
 */
export function runnerOrderStatus(itemStates: readonly OrderItemState[]): RunnerOrderState {
  if (itemStates.includes('RETURN_REQUESTED')) return 'RETURN_REQUESTED';
  if (itemStates.length > 0 && itemStates.every((s) => s === 'DELIVERED')) return 'DELIVERED';
  if (itemStates.some((s) => s === 'OUT_FOR_DELIVERY' || s === 'DELIVERED')) return 'OUT_FOR_DELIVERY';
  return 'READY_FOR_RUN';
}

/** Minutes from ready to delivered, for a delivered order; null otherwise. */
export function deliveryMinutes(order: { readyAt: string; deliveredAt: string | null }): number | null {
  if (!order.deliveredAt) return null;
  return Math.max(0, (Date.parse(order.deliveredAt) - Date.parse(order.readyAt)) / 60_000);
}

export interface ZoneStats {
  zone: string;
  ready: number;
  outForDelivery: number;
  delivered: number;
  efficiency: number;
  averageDeliveryMinutes: number;
}

/** One row per zone, by name: counts, efficiency and average delivery time (spec 2 section 9). */
export function zoneStats(
  orders: readonly Pick<RunnerOrder, 'zone' | 'status' | 'readyAt' | 'deliveredAt'>[],
): ZoneStats[] {
  const zones = [...new Set(orders.map((o) => o.zone))].sort((a, b) => a.localeCompare(b));
  return zones.map((zone) => {
    const mine = orders.filter((o) => o.zone === zone);
    const ready = mine.filter((o) => o.status === 'READY_FOR_RUN').length;
    const outForDelivery = mine.filter((o) => o.status === 'OUT_FOR_DELIVERY').length;
    const times = mine.map(deliveryMinutes).filter((m): m is number => m !== null);
    return {
      zone,
      ready,
      outForDelivery,
      delivered: times.length,
      efficiency: zoneEfficiency({ ready, outForDelivery }),
      averageDeliveryMinutes: zoneAverageDeliveryMinutes(times),
    };
  });
}

/** What the runner reads as the order's instructions: the order's own, else its dishes' notes. */
export function runnerInstructions(
  orderInstructions: string | null,
  items: readonly { menuItemName: string; notes: string | null }[],
): string | null {
  if (orderInstructions?.trim()) return orderInstructions;
  const notes = items.filter((i) => i.notes?.trim()).map((i) => `${i.menuItemName}: ${i.notes}`);
  return notes.length > 0 ? notes.join('; ') : null;
}
