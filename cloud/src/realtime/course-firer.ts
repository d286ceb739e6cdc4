// Sends held courses to the kitchen when their time comes. Every instance may run it: items are
// taken with SKIP LOCKED, so two firers never fire the same item.

import { fireDueItems } from '../commands/order-items.js';
import type { AppDeps } from '../context.js';
import { type PeriodicPass, startPeriodic } from '../periodic.js';

export type CourseFirer = PeriodicPass;

export function startCourseFirer(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, intervalMs: number): CourseFirer {
  return startPeriodic('course firer', () => fireDueItems(deps.db, deps.now()), intervalMs, deps.log);
}
