// Sends held courses to the kitchen when their time comes. Every instance may run it: items are
// taken with SKIP LOCKED, so two firers never fire the same item.

import { fireDueItems } from '../commands/order-items.js';
import type { AppDeps } from '../context.js';

export interface CourseFirer {
  /** Runs one pass now (tests call this to avoid waiting for the interval). */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startCourseFirer(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, intervalMs: number): CourseFirer {
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  const tick = (): Promise<number> => {
    // One pass at a time per instance; a slow pass delays the next instead of overlapping it.
    running = running.then(
      () => (stopped ? 0 : fireDueItems(deps.db, deps.now())),
      () => 0,
    );
    running.catch((error) => deps.log(`course firer failed: ${(error as Error).stack ?? error}`));
    return running;
  };
  const timer = setInterval(() => {
    tick().catch(() => {});
  }, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => {});
    },
  };
}
