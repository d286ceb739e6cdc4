// Slows password guessing: an account takes at most ten sign-in attempts in fifteen minutes, from
// all addresses together and from any one address. The attempt is counted before the password is
// checked, so a burst of parallel guesses cannot slip past the count, and the count lives in
// PostgreSQL, so every cloud instance enforces the same limit. A correct password clears the
// account's count and its address's; an attempt that ends without a verdict on the password gives
// its count back.
import type { AppDeps } from '../context.js';
import { clearAttempts, countAttempt, deleteEndedWindows, uncountAttempt } from '../repositories/login-throttles.js';
import type { LoginThrottleRow } from '../repositories/rows.js';

const LOGIN_MAX_ATTEMPTS = 10;
/** @internal exported for the throttle's tests, which move the clock past a window */
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** The account across every address. */
const EVERY_ADDRESS = '';

/** Where a window must have started to still count at `now`. */
const windowCutoff = (now: Date): Date => new Date(now.getTime() - LOGIN_WINDOW_MS);

export type SignInAttempt =
  | {
      allowed: true;
      /** The password was right: clear the counts. */
      succeeded(): Promise<void>;
      /** The attempt ended before a verdict on the password: give its count back. */
      abandoned(): Promise<void>;
    }
  | { allowed: false; retryAfterMs: number };

/**
 * Whether attempts counted so far allow this one: none of the rows may be past the limit. When one
 * is, the answer says how long until its window ends.
 */
function verdict(rows: readonly LoginThrottleRow[], now: Date): { allowed: boolean; retryAfterMs: number } {
  let retryAfterMs = 0;
  for (const row of rows) {
    if (row.attempts <= LOGIN_MAX_ATTEMPTS) continue;
    const endsAt = new Date(row.window_started_at).getTime() + LOGIN_WINDOW_MS;
    retryAfterMs = Math.max(retryAfterMs, endsAt - now.getTime(), 1000);
  }
  return { allowed: retryAfterMs === 0, retryAfterMs };
}

/** Counts a sign-in attempt for `email` from `address`, before its password is checked. */
export async function beginSignIn(
  deps: Pick<AppDeps, 'db' | 'now'>,
  email: string,
  address: string,
): Promise<SignInAttempt> {
  const account = email.trim().toLowerCase();
  const subjects = [
    { email: account, address: EVERY_ADDRESS },
    // A request whose socket is already gone has no address; it still counts apart from the account.
    { email: account, address: address || 'unknown' },
  ];
  const now = deps.now();
  const { allowed, retryAfterMs } = verdict(await countAttempt(deps.db, subjects, now, windowCutoff(now)), now);
  if (!allowed) return { allowed, retryAfterMs };
  return {
    allowed,
    succeeded: () => clearAttempts(deps.db, subjects),
    abandoned: () => uncountAttempt(deps.db, subjects),
  };
}

/** Deletes at most `limit` counts whose window is over; answers how many. */
export function sweepEndedSignInWindows(deps: Pick<AppDeps, 'db' | 'now'>, limit: number): Promise<number> {
  return deleteEndedWindows(deps.db, windowCutoff(deps.now()), limit);
}
