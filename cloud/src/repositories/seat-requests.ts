// Guests' table choices waiting for the host (migration 0071). Only queries here.
import type { Queryable } from '../context.js';

export interface SeatRequestRow {
  id: string;
  org_id: string;
  venue_id: string;
  session_id: string;
  table_id: string;
  party_size: number;
  status: string;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  /** Joined: the table's name and the party's name, as the host and the guest read them. */
  table_name: string;
  guest_name: string | null;
}

function withNames(q: Queryable) {
  return q<SeatRequestRow>('seat_requests as r')
    .join('tables as t', 't.id', 'r.table_id')
    .join('sessions as s', 's.id', 'r.session_id')
    .select('r.*', 't.name as table_name', 's.guest_name as guest_name');
}

export async function findSeatRequest(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SeatRequestRow | undefined> {
  const query = withNames(q).where({ 'r.id': id, 'r.venue_id': venueId }).first();
  return opts.forUpdate ? query.forUpdate('r') : query;
}

/** The session's request waiting for the host, if it has one. */
export async function findPendingRequestOf(q: Queryable, sessionId: string): Promise<SeatRequestRow | undefined> {
  return withNames(q).where({ 'r.session_id': sessionId, 'r.status': 'PENDING' }).first();
}

/** The session's latest request, answered or not: what its waiting page shows. */
export async function findLatestRequestOf(q: Queryable, sessionId: string): Promise<SeatRequestRow | undefined> {
  return withNames(q)
    .where({ 'r.session_id': sessionId })
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .first();
}

/** The venue's requests waiting and not run out, oldest first. */
export async function listPendingRequests(q: Queryable, venueId: string, now: Date): Promise<SeatRequestRow[]> {
  return withNames(q)
    .where({ 'r.venue_id': venueId, 'r.status': 'PENDING' })
    .where('r.expires_at', '>', now)
    .orderBy([{ column: 'r.created_at' }, { column: 'r.id' }]);
}

export async function insertSeatRequest(
  q: Queryable,
  row: Omit<SeatRequestRow, 'table_name' | 'guest_name' | 'decided_at' | 'decided_by' | 'status'>,
): Promise<void> {
  await q('seat_requests').insert({ ...row, status: 'PENDING' });
}

export async function setSeatRequestStatus(
  q: Queryable,
  id: string,
  change: { status: string; at: Date; by: string | null },
): Promise<void> {
  await q('seat_requests')
    .where({ id })
    .update({ status: change.status, decided_at: change.at, decided_by: change.by });
}

/** Requests nobody answered in time, locked for the sweep that closes them. */
export async function lockExpiredRequests(q: Queryable, now: Date, limit: number): Promise<SeatRequestRow[]> {
  const ids = await q('seat_requests')
    .where({ status: 'PENDING' })
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .pluck('id');
  if (ids.length === 0) return [];
  return withNames(q).whereIn('r.id', ids);
}

export async function setSeatingApprovalOf(q: Queryable, venueId: string, hostApproves: boolean): Promise<void> {
  await q('venues').where({ id: venueId }).update({ host_approves_self_seating: hostApproves });
}
