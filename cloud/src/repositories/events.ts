import type { Knex } from 'knex';
import type { Queryable, Trx } from '../context.js';
import type { EventRow } from './rows.js';

/** An event to append, without its sequence number: the venue's counter gives it one. */
export interface NewEventRow {
  id: string;
  org_id: string;
  user_id: string | null;
  terminal_id: string | null;
  type: string;
  /** The event as sent; its `seq` is filled in when the number is taken. */
  payload_json: object;
  created_at: Date;
}

export const EVENTS_CHANNEL = 'tw_events';
/**
 * A notification on EVENTS_CHANNEL carries the venue and its new events, so a listening instance
 * need not read them back; when they would pass PostgreSQL's 8000-byte payload limit it carries
 * the venue's id alone, and the listener reads the events from the table.
 */
const NOTIFY_EVENTS_MAX_BYTES = 7900;
/** Carries `terminal:<id>` or `staff:<auth session id>` when a credential stops being valid. */
export const REVOCATIONS_CHANNEL = 'tw_revoked';

/** `with w0 as (…), w1 as (…), ` for writes that run inside another statement. */
function alongsideSql(alongside: readonly Knex.QueryBuilder[]): string {
  return alongside.map((_, i) => `w${i} as (?), `).join('');
}

/** Runs writes (updates, inserts) in one statement, one round trip. */
export async function runTogether(trx: Trx, writes: readonly Knex.QueryBuilder[]): Promise<void> {
  if (writes.length === 0) return;
  await trx.raw(`with ${alongsideSql(writes)}done as (select 1) select 1 from done`, [...writes]);
}

/**
 * Appends a venue's events, in the order given, under the venue's next sequence numbers, and tells
 * every cloud instance on commit, in one statement, with `alongside` writes in the same round trip.
 * Taking the number locks the venue's row until the transaction ends, so writers of one venue
 * commit in sequence order and a reader never sees seq n+1 before n; run it last before commit,
 * so the lock is held for the commit alone.
 */
export async function appendVenueEvents(
  trx: Trx,
  venueId: string,
  rows: readonly NewEventRow[],
  alongside: readonly Knex.QueryBuilder[] = [],
): Promise<void> {
  if (rows.length === 0) return runTogether(trx, alongside);
  const numbered = rows.map((row, index) => ({ ...row, n: index + 1 }));
  const result = await trx.raw<{ rows: Array<{ written: number }> }>(
    `with ${alongsideSql(alongside)}s as (
       update venues set event_seq = event_seq + ? where id = ? returning event_seq - ? as base
     ),
     e as (
       insert into events (id, org_id, venue_id, seq, user_id, terminal_id, type, payload_json, created_at)
       select x.id, x.org_id, ?, s.base + x.n, x.user_id, x.terminal_id, x.type,
              x.payload_json || jsonb_build_object('seq', s.base + x.n), x.created_at
       from s, jsonb_to_recordset(?::jsonb) as x(
         n int, id uuid, org_id uuid, user_id uuid, terminal_id uuid, type text, payload_json jsonb,
         created_at timestamptz
       )
       returning seq, payload_json
     ),
     n as (select json_build_object('venueId', ?::text, 'events', json_agg(payload_json order by seq))::text as text from e)
     select (select count(*) from e)::int as written,
            pg_notify(?, (select case when octet_length(text) <= ? then text else ? end from n))`,
    [
      ...alongside,
      rows.length,
      venueId,
      rows.length,
      venueId,
      JSON.stringify(numbered),
      venueId,
      EVENTS_CHANNEL,
      NOTIFY_EVENTS_MAX_BYTES,
      venueId,
    ],
  );
  if (result.rows[0]?.written !== rows.length) throw new Error(`Venue ${venueId} does not exist`);
}

/** What a notification on EVENTS_CHANNEL says: the venue, and its new events when they fitted. */
export function parseEventsNotification(payload: string): { venueId: string; events: object[] | null } {
  if (!payload.startsWith('{')) return { venueId: payload, events: null };
  const { venueId, events } = JSON.parse(payload) as { venueId: string; events: object[] };
  return { venueId, events };
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
