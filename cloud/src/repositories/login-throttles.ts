import type { Db } from '../context.js';
import type { LoginThrottleRow } from './rows.js';

type Subject = Pick<LoginThrottleRow, 'email' | 'address'>;

/**
 * Counts one attempt on each subject in one statement and answers the counts after it. A window
 * that started before `windowStartedBefore` is over: the count starts again at 1 from `now`.
 * Concurrent attempts queue on the rows' locks, so each sees a distinct count.
 */
export async function countAttempt(
  db: Db,
  subjects: readonly Subject[],
  now: Date,
  windowStartedBefore: Date,
): Promise<LoginThrottleRow[]> {
  return db<LoginThrottleRow>('login_throttles')
    .insert(subjects.map((s) => ({ ...s, attempts: 1, window_started_at: now })))
    .onConflict(['email', 'address'])
    .merge({
      attempts: db.raw('case when login_throttles.window_started_at < ? then 1 else login_throttles.attempts + 1 end', [
        windowStartedBefore,
      ]),
      window_started_at: db.raw(
        'case when login_throttles.window_started_at < ? then excluded.window_started_at else login_throttles.window_started_at end',
        [windowStartedBefore],
      ),
    })
    .returning(['email', 'address', 'attempts', 'window_started_at']);
}

/** Gives back one counted attempt on each subject (it never reached a verdict on the password). */
export async function uncountAttempt(db: Db, subjects: readonly Subject[]): Promise<void> {
  for (const s of subjects) {
    await db('login_throttles')
      .where(s)
      .andWhere('attempts', '>', 0)
      .update({ attempts: db.raw('attempts - 1') });
  }
}

export async function clearAttempts(db: Db, subjects: readonly Subject[]): Promise<void> {
  for (const s of subjects) await db('login_throttles').where(s).delete();
}

/** Deletes at most `limit` rows whose window started before `windowStartedBefore`; answers how many. */
export async function deleteEndedWindows(db: Db, windowStartedBefore: Date, limit: number): Promise<number> {
  return db('login_throttles')
    .whereIn(
      ['email', 'address'],
      db('login_throttles')
        .select('email', 'address')
        .where('window_started_at', '<', windowStartedBefore)
        .limit(limit),
    )
    .delete();
}
