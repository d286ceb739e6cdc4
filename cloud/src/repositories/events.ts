import type { Queryable, Trx } from '../context.js';
import type { EventRow } from './rows.js';

export interface NewEventRow {
  id: string;
  org_id: string;
  venue_id: string;
  seq: number;
  user_id: string | null;
  terminal_id: string | null;
  type: string;
  payload_json: unknown;
  created_at: Date;
}

export const EVENTS_CHANNEL = 'tw_events';
/** Carries `terminal:<id>` or `staff:<auth session id>` when a credential stops being valid. */
export const REVOCATIONS_CHANNEL = 'tw_revoked';

export async function insertEvent(trx: Trx, row: NewEventRow): Promise<void> {
  await trx('events').insert({ ...row, payload_json: JSON.stringify(row.payload_json) });
}

/** Tells every cloud instance, on commit, that the venue's feed has grown. */
export async function notifyVenue(trx: Trx, venueId: string): Promise<void> {
  await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, venueId]);
}

export async function listEventsAfter(
  q: Queryable,
  venueId: string,
  after: number,
  limit: number,
): Promise<EventRow[]> {
  const rows: EventRow[] = await q('events')
    .where({ venue_id: venueId })
    .andWhere('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .select('seq', 'payload_json');
  return rows.map((r) => ({ seq: Number(r.seq), payload_json: r.payload_json }));
}

/** Tells every instance (on commit, when inside a transaction) to drop sockets of a credential. */
export async function notifyRevoked(q: Queryable, ref: string): Promise<void> {
  await q.raw('select pg_notify(?, ?)', [REVOCATIONS_CHANNEL, ref]);
}
