import type { Queryable } from '../context.js';
import type { AuthSessionRow } from './rows.js';

export async function insertAuthSession(q: Queryable, row: AuthSessionRow): Promise<void> {
  await q('auth_sessions').insert(row);
}

export async function findLiveAuthSession(q: Queryable, id: string, now: Date): Promise<AuthSessionRow | undefined> {
  return q<AuthSessionRow>('auth_sessions').where({ id }).andWhere('expires_at', '>', now).first();
}

export async function deleteAuthSession(q: Queryable, id: string): Promise<void> {
  await q('auth_sessions').where({ id }).delete();
}

/** The venue a staff session works at from now on (the header's venue selector). */
export async function setAuthSessionVenue(q: Queryable, id: string, venueId: string): Promise<void> {
  await q('auth_sessions').where({ id }).update({ venue_id: venueId });
}
