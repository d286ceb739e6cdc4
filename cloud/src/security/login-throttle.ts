// Slows password guessing: an account takes at most ten sign-in attempts in fifteen minutes, from
// all addresses together and from any one address; and one address takes at most fifty attempts
// that fail, across every account (trying one password on many accounts). The attempt is counted
// before the password is checked, so a burst of parallel guesses cannot slip past the count, and
// the count lives in PostgreSQL, so every cloud instance enforces the same limit. A correct password
// clears the account's count and its address's, and gives back its own count on the address across
// accounts (a venue's staff signing in all evening behind one address are never stopped, and one's
// own account cannot be used to wipe the count of guesses at others'); an attempt that ends
// without a verdict on the password gives its counts back.
import type { AppDeps } from '../context.js';
import { clearAttempts, countAttempt, deleteEndedWindows, uncountAttempt } from '../repositories/login-throttles.js';
import type { LoginThrottleRow } from '../repositories/rows.js';

const LOGIN_MAX_ATTEMPTS = 10;
/** @internal exported for the throttle's tests */
export const LOGIN_ADDRESS_MAX_FAILURES = 50;
/** @internal exported for the throttle's tests, which move the clock past a window */
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** The account across every address. */
const EVERY_ADDRESS = '';
/** The address across every account: no email typed can be it, since an email is trimmed. */
const EVERY_ACCOUNT = ' every account';

const limitOf = (row: Pick<LoginThrottleRow, 'email'>): number =>
  row.email === EVERY_ACCOUNT ? LOGIN_ADDRESS_MAX_FAILURES : LOGIN_MAX_ATTEMPTS;

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
    if (row.attempts <= limitOf(row)) continue;
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
  // A request whose socket is already gone has no address; it still counts apart from the account.
  const from = address || 'unknown';
  const ofAccount = [
    { email: account, address: EVERY_ADDRESS },
    { email: account, address: from },
  ];
  const ofAddress = { email: EVERY_ACCOUNT, address: from };
  const subjects = [...ofAccount, ofAddress];
  const now = deps.now();
  const { allowed, retryAfterMs } = verdict(await countAttempt(deps.db, subjects, now, windowCutoff(now)), now);
  if (!allowed) return { allowed, retryAfterMs };
  return {
    allowed,
    succeeded: async () => {
      await clearAttempts(deps.db, ofAccount);
      await uncountAttempt(deps.db, [ofAddress]);
    },
    abandoned: () => uncountAttempt(deps.db, subjects),
  };
}

/** Deletes at most `limit` counts whose window is over; answers how many. */
export function sweepEndedSignInWindows(deps: Pick<AppDeps, 'db' | 'now'>, limit: number): Promise<number> {
  return deleteEndedWindows(deps.db, windowCutoff(deps.now()), limit);
}
