// Capped exponential back-off for a terminal's retries: it never gives up, it only waits longer.
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 30_000 };

/** Delay before retry `attempt` (1-based): base doubling per attempt, never above max. */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const n = Math.max(1, Math.floor(attempt));
  // 2 ** 31 keeps the arithmetic finite for any attempt count a long outage can reach.
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(n - 1, 31));
}
