// Slows password guessing without locking the real person out (issue 27). Three counts per
// attempt, in PostgreSQL, so every cloud instance enforces the same limits:
// - the account and the address together: at most ten attempts in fifteen minutes; past that, this
//   address waits, for this account only (the probe's lock-out of every account behind a venue's
//   shared Wi-Fi address came from counting addresses alone);
// - the account across every address: a slow-down, not a lock. Past ten, an address that already
//   tried this account in the window waits, while an address that has not failed here is always let
//   through to the password check: a correct password from a clean address is never refused, and a
//   guesser spread over many addresses gets one try per address per window;
// - the address across every account (one password tried on many accounts): past fifty, the
//   address waits, except for an account that signed in from it before (within thirty days): a
//   venue's staff keep signing in behind their shared address while someone there sprays guesses.
// The attempt is counted before the password is checked, so a burst of parallel guesses cannot
// slip past the count. A correct password clears its account-and-address count, gives back its own
// count on the account and on the address across accounts, and marks the address known for the account; an attempt
// that ends without a verdict on the password gives its counts back.
import type { AppDeps } from '../context.js';
import { clearAttempts, countAttempt, deleteEndedWindows, uncountAttempt } from '../repositories/login-throttles.js';
import type { LoginThrottleRow } from '../repositories/rows.js';
import { consumeOrWait } from './limits.js';

/** @internal exported for the throttle's tests */
const LOGIN_MAX_ATTEMPTS = 10;
/** @internal exported for the throttle's tests */
export const LOGIN_ADDRESS_MAX_FAILURES = 50;
/** @internal exported for the throttle's tests, which move the clock past a window */
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** The account across every address. */
const EVERY_ADDRESS = '';
/** The address across every account: no email typed can be it, since an email is trimmed. */
const EVERY_ACCOUNT = ' every account';

/** How long a successful sign-in keeps its address known for the account. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

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

type Subject = Pick<LoginThrottleRow, 'email' | 'address'>;

/** When the window of `row` ends, as a wait from `now` (at least a second). */
const waitOf = (row: LoginThrottleRow, now: Date): number =>
  Math.max(new Date(row.window_started_at).getTime() + LOGIN_WINDOW_MS - now.getTime(), 1000);

/**
 * Whether attempts counted so far (this one included) allow this one, by the rules above; when not,
 * how long until the count that stops it ends its window.
 */
function verdict(
  rows: readonly LoginThrottleRow[],
  now: Date,
  known: boolean,
): { allowed: boolean; retryAfterMs: number } {
  const ofAccount = rows.find((r) => r.email !== EVERY_ACCOUNT && r.address === EVERY_ADDRESS);
  const pair = rows.find((r) => r.email !== EVERY_ACCOUNT && r.address !== EVERY_ADDRESS);
  const ofAddress = rows.find((r) => r.email === EVERY_ACCOUNT);
  const triedBefore = (pair?.attempts ?? 0) > 1;
  let retryAfterMs = 0;
  const stop = (row: LoginThrottleRow) => {
    retryAfterMs = Math.max(retryAfterMs, waitOf(row, now));
  };
  if (pair && pair.attempts > LOGIN_MAX_ATTEMPTS) stop(pair);
  if (ofAccount && ofAccount.attempts > LOGIN_MAX_ATTEMPTS && triedBefore) stop(ofAccount);
  if (ofAddress && ofAddress.attempts > LOGIN_ADDRESS_MAX_FAILURES && !known) stop(ofAddress);
  return { allowed: retryAfterMs === 0, retryAfterMs };
}

/** Counts a sign-in attempt for `email` from `address`, before its password is checked. */
export async function beginSignIn(
  deps: Pick<AppDeps, 'db' | 'now' | 'limits'>,
  email: string,
  address: string,
): Promise<SignInAttempt> {
  const account = email.trim().toLowerCase();
  // A request whose socket is already gone has no address; it still counts apart from the account.
  const from = address || 'unknown';
  const pair: Subject = { email: account, address: from };
  const ofAccount: Subject = { email: account, address: EVERY_ADDRESS };
  const ofAddress: Subject = { email: EVERY_ACCOUNT, address: from };
  const subjects = [ofAccount, pair, ofAddress];
  const knownAddresses = deps.limits.limiter({
    keyPrefix: 'login:known',
    points: 1,
    duration: KNOWN_ADDRESS_SECONDS,
  });
  const knownKey = JSON.stringify([account, from]);
  const now = deps.now();
  const [rows, knownRes] = await Promise.all([
    countAttempt(deps.db, subjects, now, windowCutoff(now)),
    knownAddresses.get(knownKey),
  ]);
  const { allowed, retryAfterMs } = verdict(rows, now, knownRes !== null);
  if (!allowed) return { allowed, retryAfterMs };
  return {
    allowed,
    succeeded: async () => {
      await clearAttempts(deps.db, [pair]);
      await uncountAttempt(deps.db, [ofAccount, ofAddress]);
      if (knownRes === null) await consumeOrWait(knownAddresses, knownKey);
    },
    abandoned: () => uncountAttempt(deps.db, subjects),
  };
}

/** Deletes at most `limit` counts whose window is over; answers how many. */
export function sweepEndedSignInWindows(deps: Pick<AppDeps, 'db' | 'now'>, limit: number): Promise<number> {
  return deleteEndedWindows(deps.db, windowCutoff(deps.now()), limit);
}
