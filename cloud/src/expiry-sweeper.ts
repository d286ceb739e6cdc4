// Deletes what no longer counts: idempotency records older than a day and sign-in counts whose
// window is over. Every instance may run it; deletes go in bounded batches, so a backlog never
// holds a long lock or a long transaction.
import type { AppDeps } from './context.js';
import { idempotencyCutoff } from './mutations.js';
import { type PeriodicPass, startPeriodic } from './periodic.js';
import { deleteExpiredKeys } from './repositories/idempotency.js';
import { sweepEndedSignInWindows } from './security/login-throttle.js';

export type ExpirySweeper = PeriodicPass;

const BATCH = 500;
/** A pass stops after this many batches; the next pass takes the rest. */
const MAX_BATCHES = 20;

async function sweep(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  let deleted = 0;
  for (const sweepOne of [
    () => deleteExpiredKeys(deps.db, idempotencyCutoff(deps.now()), BATCH),
    () => sweepEndedSignInWindows(deps, BATCH),
  ]) {
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const n = await sweepOne();
      deleted += n;
      if (n < BATCH) break;
    }
  }
  return deleted;
}

export function startExpirySweeper(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, intervalMs: number): ExpirySweeper {
  return startPeriodic('expiry sweep', () => sweep(deps), intervalMs, deps.log);
}
