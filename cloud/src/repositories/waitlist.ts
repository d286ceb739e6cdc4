// The waitlist's rows. Which status follows which is shared/rules/waitlist.ts's to say.
import type { Queryable, Trx } from '../context.js';
import type { WaitlistRow } from './rows.js';

const ACTIVE = ['WAITING', 'NOTIFIED'];

/** The parties still in line, in queue order. */
export async function listActiveWaitlist(q: Queryable, venueId: string): Promise<WaitlistRow[]> {
  return q<WaitlistRow>('waitlist')
    .where({ venue_id: venueId })
    .whereIn('status', ACTIVE)
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
}

/**
 * The next place at the back of the venue's line. Adds to one venue's line take their turn on a
 * transaction-scoped lock, so two hosts adding at once never get the same place.
 */
export async function nextWaitlistPosition(trx: Trx, venueId: string): Promise<number> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`waitlist:${venueId}`]);
  const row = await trx('waitlist').where({ venue_id: venueId }).max<{ max: number | null }>('position as max').first();
  return (row?.max ?? 0) + 1;
}

/** Inserts the entry unless its id is taken; answers whether it did. */
export async function insertWaitlistEntry(
  trx: Trx,
  row: Omit<WaitlistRow, 'created_at' | 'notified_at' | 'seated_at'> & { created_at: Date; session_id?: string },
): Promise<boolean> {
  const inserted = await trx('waitlist').insert(row).onConflict('id').ignore().returning('id');
  return inserted.length === 1;
}

export async function findWaitlistEntry(q: Queryable, id: string): Promise<WaitlistRow | undefined> {
  return q<WaitlistRow>('waitlist').where({ id }).first();
}

/** A party of the venue, locked for the rest of the transaction. */
export async function lockWaitlistEntry(trx: Trx, venueId: string, id: string): Promise<WaitlistRow | undefined> {
  return trx<WaitlistRow>('waitlist').where({ venue_id: venueId, id }).forUpdate().first();
}

/** `sessionId`: the dining session a party seated at a table now has. */
export async function setWaitlistStatus(
  trx: Trx,
  id: string,
  status: string,
  at: Date,
  sessionId?: string,
): Promise<WaitlistRow> {
  const [row] = await trx('waitlist')
    .where({ id })
    .update({
      status,
      updated_at: at,
      ...(sessionId ? { session_id: sessionId } : {}),
      ...(status === 'NOTIFIED' ? { notified_at: at } : {}),
      ...(status === 'SEATED' ? { seated_at: at } : {}),
    })
    .returning<WaitlistRow[]>('*');
  return row as WaitlistRow;
}

/** A party's status as a decision left it: its times and the session it sat down with too. */
export async function saveWaitlistStatus(
  trx: Trx,
  entry: { id: string; status: string; notifiedAt: string | null; seatedAt: string | null; sessionId: string | null },
  at: Date,
): Promise<void> {
  await trx('waitlist')
    .where({ id: entry.id })
    .update({
      status: entry.status,
      notified_at: entry.notifiedAt ? new Date(entry.notifiedAt) : null,
      seated_at: entry.seatedAt ? new Date(entry.seatedAt) : null,
      session_id: entry.sessionId,
      updated_at: at,
    });
}

/** The party a guest's dining session waits as, while it is still in line. */
export async function findWaitingPartyOfSession(trx: Trx, sessionId: string): Promise<WaitlistRow | undefined> {
  return trx<WaitlistRow>('waitlist').where('session_id', sessionId).whereIn('status', ACTIVE).forUpdate().first();
}

/** Ids of the parties a guest's dining session joined the line as. */
export async function waitlistIdsOfSession(q: Queryable, sessionId: string): Promise<string[]> {
  const rows = await q('waitlist').where('session_id', sessionId).select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}

/** Parties notified before `cutoff` and not seated (their turn has passed), locked. */
export async function lockPartiesNotifiedBefore(
  trx: Trx,
  cutoff: Date,
): Promise<{ id: string; org_id: string; venue_id: string; status: string }[]> {
  return trx('waitlist')
    .where({ status: 'NOTIFIED' })
    .where('notified_at', '<', cutoff)
    .orderBy('id')
    .forUpdate()
    .select<{ id: string; org_id: string; venue_id: string; status: string }[]>('id', 'org_id', 'venue_id', 'status');
}

/** Waiting parties are notified one notifier at a time per venue, so two freed tables go to two
 * different parties. */
export async function lockVenueWaitlist(trx: Trx, venueId: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`waitlist:${venueId}`]);
}
