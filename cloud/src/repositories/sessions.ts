import type { Queryable } from '../context.js';
import { prepared } from '../db/connect.js';
import type { SessionRow } from './rows.js';

export interface NewSession {
  id: string;
  org_id: string;
  venue_id: string;
  /** Null for a party that chooses its table later or waits for one. */
  table_id: string | null;
  party_size: number;
  guest_name: string | null;
  guest_phone: string | null;
  guest_email: string | null;
  preferences_json: Record<string, unknown>;
  started_at: Date;
  /** The reservation whose party sat down (a seated reservation). */
  reservation_id?: string;
}

export async function insertSession(q: Queryable, row: NewSession): Promise<SessionRow> {
  const [inserted] = await q<SessionRow>('sessions')
    .insert({ ...row, preferences_json: JSON.stringify(row.preferences_json), status: 'ACTIVE' } as never)
    .returning('*');
  if (!inserted) throw new Error('Session insert returned nothing');
  return inserted;
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  return q<SessionRow>('sessions').where({ id }).first();
}

/** What a guest's cookie stands for: the session's place and state. */
export type GuestSessionRow = Pick<SessionRow, 'id' | 'org_id' | 'venue_id' | 'table_id' | 'status'>;

/** The session a guest's cookie names; every guest request reads it, so it runs prepared. */
export async function findGuestSession(q: Queryable, id: string): Promise<GuestSessionRow | undefined> {
  return prepared(q<GuestSessionRow>('sessions').where({ id }).first('id', 'org_id', 'venue_id', 'table_id', 'status'));
}

export async function findSessionInVenue(q: Queryable, venueId: string, id: string): Promise<SessionRow | undefined> {
  return q<SessionRow>('sessions').where({ id, venue_id: venueId }).first();
}

export async function findActiveSessionAtTable(q: Queryable, tableId: string): Promise<SessionRow | undefined> {
  return q<SessionRow>('sessions').where({ table_id: tableId, status: 'ACTIVE' }).orderBy('started_at', 'desc').first();
}

/** The sessions of the party at a table (its phones), oldest first: those still open, and those
 * closed since the party sat down (`since`: a phone that scanned out while the food still comes). */
export async function listPartySessionsAtTable(
  q: Queryable,
  tableId: string,
  since: Date | null,
): Promise<SessionRow[]> {
  return q<SessionRow>('sessions')
    .where({ table_id: tableId })
    .andWhere((w) => {
      w.where('status', 'ACTIVE');
      if (since) w.orWhere('closed_at', '>=', since);
    })
    .orderBy([{ column: 'started_at' }, { column: 'id' }]);
}

/** The venue's parties still at their tables, oldest first. */
export async function listActiveSessions(q: Queryable, venueId: string): Promise<SessionRow[]> {
  return q<SessionRow>('sessions')
    .where({ venue_id: venueId, status: 'ACTIVE' })
    .orderBy([{ column: 'started_at' }, { column: 'id' }]);
}

/** The session, locked for the rest of the transaction: one guest's own calls take turns. */
export async function lockSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  return q<SessionRow>('sessions').where({ id }).forUpdate().first();
}

/** Seats the session at its table, with what the guest told at confirmation. */
export async function seatSession(
  q: Queryable,
  id: string,
  seat: { tableId: string; partySize?: number; guestName?: string; guestPhone?: string; guestEmail?: string },
): Promise<SessionRow> {
  const [row] = await q<SessionRow>('sessions')
    .where({ id })
    .update({
      table_id: seat.tableId,
      ...(seat.partySize ? { party_size: seat.partySize } : {}),
      ...(seat.guestName ? { guest_name: seat.guestName } : {}),
      ...(seat.guestPhone ? { guest_phone: seat.guestPhone } : {}),
      ...(seat.guestEmail ? { guest_email: seat.guestEmail } : {}),
    } as never)
    .returning('*');
  if (!row) throw new Error(`Session ${id} does not exist`);
  return row;
}

export interface VisitRow {
  id: string;
  table_id: string | null;
  table_name: string | null;
  reservation_id: string | null;
  party_size: number;
  guest_name: string | null;
  status: string;
  started_at: Date;
  closed_at: Date | null;
}

/** A venue's parties that sat down (`started_at`) or left (`closed_at`) at or after `since`,
 * newest first, at most `limit`. */
export async function listVisits(
  q: Queryable,
  venueId: string,
  by: 'started_at' | 'closed_at',
  since: Date,
  limit: number,
): Promise<VisitRow[]> {
  return q<VisitRow>('sessions as s')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .where('s.venue_id', venueId)
    .andWhere(`s.${by}`, '>=', since)
    .orderBy([
      { column: `s.${by}`, order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(limit)
    .select(
      's.id',
      's.table_id',
      't.name as table_name',
      's.reservation_id',
      's.party_size',
      's.guest_name',
      's.status',
      's.started_at',
      's.closed_at',
    );
}
