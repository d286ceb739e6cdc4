// The runner interface (spec 2 sections 2.7, 4 and 9): lateness, zone efficiency and the checks
// before Pick Up and Create Zone Run.
import { RUNNER } from '../constants.js';
import { MESSAGES } from '../messages.js';

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
