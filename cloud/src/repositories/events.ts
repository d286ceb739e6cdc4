import type { Knex } from 'knex';
import type { Queryable, Trx } from '../context.js';
import { committing, prepared } from '../db/connect.js';
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
export const NOTIFY_EVENTS_MAX_BYTES = 7900;
/** Carries `terminal:<id>` or `staff:<auth session id>` when a credential stops being valid. */
export const REVOCATIONS_CHANNEL = 'tw_revoked';

/** `with w0 as (…), w1 as (…), ` for writes that run inside another statement. */
function alongsideSql(alongside: readonly Knex.QueryBuilder[]): string {
  return alongside.map((_, i) => `w${i} as (?), `).join('');
}

/**
 * `last`: the transaction's last statement, sent with its COMMIT (db/connect.ts, committing()),
 * prepared so it can be.
 */
export interface LastStatement {
  last?: boolean;
}

const asLast = (statement: Knex.Raw, options: LastStatement): Knex.Raw =>
  options.last ? committing(prepared(statement)) : statement;

/** Runs writes (updates, inserts) in one statement, one round trip. */
export async function runTogether(
  trx: Trx,
  writes: readonly Knex.QueryBuilder[],
  options: LastStatement = {},
): Promise<void> {
  if (writes.length === 0) return;
  await asLast(trx.raw(`with ${alongsideSql(writes)}done as (select 1) select 1 from done`, [...writes]), options);
}

/**
 * Appends a venue's events, in the order given, with `alongside` writes in the same statement (one
 * round trip). They are numbered at COMMIT (migration 0010's deferred trigger on event_batches):
 * the venue's row is locked there, so writers of one venue commit in sequence order and a reader
 * never sees seq n+1 before n, and the lock is held for the commit alone, never for a round trip
 * to this process. Every cloud instance is told on commit (EVENTS_CHANNEL), with the events when
 * they fit. A venue that does not exist fails the statement (the batch's foreign key).
 */
export async function appendVenueEvents(
  trx: Trx,
  venueId: string,
  rows: readonly NewEventRow[],
  alongside: readonly Knex.QueryBuilder[] = [],
  options: LastStatement = {},
): Promise<void> {
  if (rows.length === 0) return runTogether(trx, alongside, options);
  const numbered = rows.map((row, index) => ({ ...row, n: index + 1 }));
  await asLast(
    trx.raw(
      `with ${alongsideSql(alongside)}b as (
         insert into event_batches (venue_id, rows, notify_channel, notify_max_bytes) values (?, ?::jsonb, ?, ?)
         returning 1
       )
       select count(*)::int as batches from b`,
      [...alongside, venueId, JSON.stringify(numbered), EVENTS_CHANNEL, NOTIFY_EVENTS_MAX_BYTES],
    ),
    options,
  );
}

/** What a notification on EVENTS_CHANNEL says: the venue, and its new events when they fitted. */
export function parseEventsNotification(payload: string): { venueId: string; events: object[] | null } {
  if (!payload.startsWith('{')) return { venueId: payload, events: null };
  const { venueId, events } = JSON.parse(payload) as { venueId: string; events: object[] };
  return { venueId, events };
}

/**
 * The venue's events after seq `after`, in order: from the hot table and, for a cursor older than
 * the retention window, the archive (events_all, migration 0073), so a terminal that was away
 * longer catches up without a gap. A recent cursor costs the archive one index probe that finds
 * nothing.
 */
export async function listEventsAfter(
  q: Queryable,
  venueId: string,
  after: number,
  limit: number,
): Promise<EventRow[]> {
  const rows: EventRow[] = await q('events_all')
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

/**
 * How many events of `type` the venue's feed holds for a dining session (payload `sessionId`).
 * The hot table only: it counts a departing party's receipt prints, asked for within
 * GUEST_EXIT_RECEIPT_MS of its checkout, far inside EVENTS_HOT_RETENTION_MS.
 */
export async function countSessionEvents(q: Queryable, venueId: string, type: string, sessionId: string) {
  const row = await q('events')
    .where({ venue_id: venueId, type })
    .whereRaw("payload_json->>'sessionId' = ?", [sessionId])
    .count<{ count: string }>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

export interface VenueEventRow {
  id: string;
  seq: string | number;
  org_id: string;
  venue_id: string;
  user_id: string | null;
  type: string;
  payload_json: Record<string, unknown>;
  created_at: Date;
  user_name: string | null;
}

/** A venue's events, newest first: of one type (or its dotted family) when given, older than `before`;
 * past the retention window from the archive (events_all), so the activity feed pages on through it. */
export async function listVenueEventsNewestFirst(
  q: Queryable,
  venueId: string,
  page: { type?: string | undefined; before?: number | undefined; limit: number },
): Promise<VenueEventRow[]> {
  const query = q('events_all as e').where({ 'e.venue_id': venueId });
  if (page.type) {
    const type = page.type;
    query.andWhere((w) => w.where('e.type', type).orWhere('e.type', 'like', `${type.replace(/[\\%_]/g, '\\$&')}.%`));
  }
  if (page.before !== undefined) query.andWhere('e.seq', '<', page.before);
  return query
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .orderBy('e.seq', 'desc')
    .limit(page.limit)
    .select(
      'e.id',
      'e.seq',
      'e.org_id',
      'e.venue_id',
      'e.user_id',
      'e.type',
      'e.payload_json',
      'e.created_at',
      q.raw("nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as user_name"),
    );
}
