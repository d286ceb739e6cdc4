// Slows password guessing: after too many failed sign-ins for one email from one address, further
// attempts are refused for a while. Kept in memory per instance; a lost count after a restart only
// gives an attacker a few more guesses, each still costing an argon2 verification.
export interface LoginThrottle {
  /** Milliseconds until `key` may try again, or 0. */
  blockedFor(key: string, now: number): number;
  fail(key: string, now: number): void;
  succeed(key: string): void;
}

export function createLoginThrottle(opts: { maxFailures: number; windowMs: number }): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((at) => now - at < opts.windowMs);
  return {
    blockedFor(key, now) {
      const list = recent(key, now);
      if (list.length === 0) failures.delete(key);
      else failures.set(key, list);
      if (list.length < opts.maxFailures) return 0;
      return opts.windowMs - (now - (list[0] ?? now));
    },
    fail(key, now) {
      const list = recent(key, now);
      list.push(now);
      failures.set(key, list);
      // Bound memory under a spray of distinct emails: forget the oldest keys.
      if (failures.size > 10_000) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
    },
    succeed(key) {
      failures.delete(key);
    },
  };
}
