import type { Queryable } from '../context.js';
import type { SessionRow } from './rows.js';

export interface NewSession {
  id: string;
  org_id: string;
  venue_id: string;
  table_id: string;
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

export async function findSessionInVenue(q: Queryable, venueId: string, id: string): Promise<SessionRow | undefined> {
  return q<SessionRow>('sessions').where({ id, venue_id: venueId }).first();
}

export async function findActiveSessionAtTable(q: Queryable, tableId: string): Promise<SessionRow | undefined> {
  return q<SessionRow>('sessions').where({ table_id: tableId, status: 'ACTIVE' }).orderBy('started_at', 'desc').first();
}

/** The venue's parties still at their tables, oldest first. */
export async function listActiveSessions(q: Queryable, venueId: string): Promise<SessionRow[]> {
  return q<SessionRow>('sessions')
    .where({ venue_id: venueId, status: 'ACTIVE' })
    .orderBy([{ column: 'started_at' }, { column: 'id' }]);
}
