// The parties in line as the replica holds them.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import { WaitlistEntry } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

/** The parties still in line, in no particular order: waitlistAnswer orders them. */
export function listActiveWaitlist(db: AnyDb): WaitlistEntry[] {
  const rows = db.sql.prepare("SELECT entry_json FROM waitlist WHERE status IN ('WAITING', 'NOTIFIED')").all() as {
    entry_json: string;
  }[];
  return rows.map((r) => WaitlistEntry.parse(JSON.parse(r.entry_json)));
}
export function getWaitlistEntry(db: AnyDb, id: string): WaitlistEntry | null {
  const row = db.sql.prepare('SELECT entry_json FROM waitlist WHERE id = ?').get(id) as
    | { entry_json: string }
    | undefined;
  return row ? WaitlistEntry.parse(JSON.parse(row.entry_json)) : null;
}
/** The place at the back of the line as this replica knows it (0 when nobody was ever in it). */
export function lastWaitlistPosition(db: AnyDb): number {
  return (db.sql.prepare('SELECT COALESCE(MAX(position), 0) AS last FROM waitlist').get() as { last: number }).last;
}
export function deleteWaitlistEntry(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM waitlist WHERE id = ?').run(id);
}
export function clearWaitlist(db: WriteDb): void {
  db.sql.prepare('DELETE FROM waitlist').run();
}
export function putWaitlistEntry(db: WriteDb, e: WaitlistEntry): void {
  db.sql
    .prepare('INSERT OR REPLACE INTO waitlist (id, status, position, entry_json) VALUES (?, ?, ?, ?)')
    .run(e.id, e.status, e.position, JSON.stringify(e));
}
