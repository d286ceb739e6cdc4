// A pass the cloud runs on an interval in every instance (the course firer, the expiry sweep):
// one pass at a time per instance, so a slow pass delays the next instead of overlapping it.
// Each pass runs under an id of its own ('<name>:<uuid>'), so its log lines go together as a
// request's do.
import { randomUUID } from 'node:crypto';
import { inRequest, type Logger } from './log/logger.js';

export interface PeriodicPass {
  /** Runs one pass now (tests call this to avoid waiting for the interval). */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startPeriodic(
  name: string,
  pass: () => Promise<number>,
  intervalMs: number,
  log: Logger,
): PeriodicPass {
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  const tick = (): Promise<number> => {
    running = running.then(
      () => (stopped ? 0 : inRequest(`${name.replaceAll(' ', '-')}:${randomUUID()}`, pass)),
      () => 0,
    );
    running.catch((err) => log.error({ err, job: name }, `${name} failed`));
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
