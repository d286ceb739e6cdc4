// Staff who signed in on this terminal, and the staff app's local sessions.
import type { AnyDb, WriteDb } from '../replica.js';

export interface LocalUser {
  id: string;
  email: string;
  passwordHash: string;
  venueId: string;
  me: unknown;
}

interface LocalUserRow {
  id: string;
  email: string;
  password_hash: string;
  venue_id: string;
  me_json: string;
}
function toUser(r: LocalUserRow): LocalUser {
  return { id: r.id, email: r.email, passwordHash: r.password_hash, venueId: r.venue_id, me: JSON.parse(r.me_json) };
}

export function findUserByEmail(db: AnyDb, email: string): LocalUser | null {
  const row = db.sql.prepare('SELECT * FROM local_users WHERE email = ?').get(email.trim()) as LocalUserRow | undefined;
  return row ? toUser(row) : null;
}

export function putUser(db: WriteDb, u: LocalUser, at: string): void {
  // An email can move to another user id in the cloud; the newest sign-in owns it here.
  db.sql.prepare('DELETE FROM local_users WHERE email = ? AND id <> ?').run(u.email.trim(), u.id);
  db.sql
    .prepare(
      `INSERT INTO local_users (id, email, password_hash, venue_id, me_json, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET email = excluded.email, password_hash = excluded.password_hash,
         venue_id = excluded.venue_id, me_json = excluded.me_json, updated_at = excluded.updated_at`,
    )
    .run(u.id, u.email.trim(), u.passwordHash, u.venueId, JSON.stringify(u.me), at);
}

export function createSession(db: WriteDb, id: string, userId: string, expiresAt: string, at: string): void {
  db.sql
    .prepare('INSERT INTO local_sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
    .run(id, userId, expiresAt, at);
}

/** The user of a live session, or null when the session is unknown or expired at `now`. */
export function sessionUser(db: AnyDb, id: string, now: Date): LocalUser | null {
  const row = db.sql
    .prepare(
      `SELECT u.*, s.expires_at AS expires_at FROM local_sessions s JOIN local_users u ON u.id = s.user_id WHERE s.id = ?`,
    )
    .get(id) as (LocalUserRow & { expires_at: string }) | undefined;
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return toUser(row);
}

export function deleteSession(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM local_sessions WHERE id = ?').run(id);
}

export function deleteExpiredSessions(db: WriteDb, now: Date): void {
  db.sql.prepare('DELETE FROM local_sessions WHERE expires_at <= ?').run(now.toISOString());
}

export function deleteUser(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM local_users WHERE id = ?').run(id);
}

/** Forgets a staff member here: their cached sign-in and every local session (issue 24: the cloud
 * deactivated them, changed their role or duty, or reset their password). */
export function forgetUser(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM local_sessions WHERE user_id = ?').run(id);
  db.sql.prepare('DELETE FROM local_users WHERE id = ?').run(id);
}
