// Phones asking to join a seated party (migration 0072). Only queries here.
import type { Queryable } from '../context.js';

export interface PartyPhoneRow {
  id: string;
  org_id: string;
  venue_id: string;
  session_id: string;
  status: string;
  created_at: Date;
  decided_at: Date | null;
  /** Joined: the party's table, by name. */
  table_name: string | null;
}

function withTable(q: Queryable) {
  return q<PartyPhoneRow>('party_phones as p')
    .join('sessions as s', 's.id', 'p.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .select('p.*', 't.name as table_name');
}

export async function findPartyPhone(
  q: Queryable,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PartyPhoneRow | undefined> {
  const query = withTable(q).where({ 'p.id': id }).first();
  return opts.forUpdate ? query.forUpdate('p') : query;
}

/** What a phone's cookie stands for: its party and whether it was let in. */
export async function findPhoneStanding(
  q: Queryable,
  id: string,
): Promise<{ session_id: string; status: string } | undefined> {
  return q('party_phones').where({ id }).first('session_id', 'status');
}

/** The phones still waiting to join the session's party, oldest first. */
export async function listWaitingPhonesOfSession(q: Queryable, sessionId: string): Promise<PartyPhoneRow[]> {
  return withTable(q)
    .where({ 'p.session_id': sessionId, 'p.status': 'PENDING' })
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
}

/** The venue's phones waiting to join an open party, oldest first. */
export async function listWaitingPhonesOfVenue(q: Queryable, venueId: string): Promise<PartyPhoneRow[]> {
  return withTable(q)
    .where({ 'p.venue_id': venueId, 'p.status': 'PENDING', 's.status': 'ACTIVE' })
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
}

export async function insertPartyPhone(
  q: Queryable,
  row: { id: string; org_id: string; venue_id: string; session_id: string; created_at: Date },
): Promise<void> {
  await q('party_phones').insert({ ...row, status: 'PENDING' });
}

export async function setPartyPhoneStatus(
  q: Queryable,
  id: string,
  change: { status: string; at: Date; byUser: string | null; byPhone: string | null },
): Promise<void> {
  await q('party_phones').where({ id }).update({
    status: change.status,
    decided_at: change.at,
    decided_by_user: change.byUser,
    decided_by_phone: change.byPhone,
  });
}
