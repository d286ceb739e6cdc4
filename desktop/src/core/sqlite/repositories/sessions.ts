// The venue's dining sessions as the replica holds them.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import type { DiningSession } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

export function getSession(db: AnyDb, id: string): DiningSession | null {
  const r = db.sql.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as
    | {
        id: string;
        venue_id: string;
        table_id: string | null;
        party_size: number;
        guest_name: string | null;
        status: DiningSession['status'];
        started_at: string;
        closed_at: string | null;
      }
    | undefined;
  return r
    ? {
        id: r.id,
        venueId: r.venue_id,
        tableId: r.table_id,
        partySize: r.party_size,
        guestName: r.guest_name,
        status: r.status,
        startedAt: r.started_at,
        closedAt: r.closed_at,
      }
    : null;
}
export function putSession(db: WriteDb, s: DiningSession): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO sessions (id, venue_id, table_id, party_size, guest_name, status, started_at, closed_at)
       VALUES (@id, @venueId, @tableId, @partySize, @guestName, @status, @startedAt, @closedAt)`,
    )
    .run(s);
}

/** The sessions of the party at a table (its phones), oldest first: those still open, and those
 * closed since the party sat down (`since`), as the cloud lists them. */
export function listPartySessionIdsAtTable(db: AnyDb, tableId: string, since: string | null): string[] {
  const rows = db.sql
    .prepare(
      `SELECT id FROM sessions WHERE table_id = ?
         AND (status = 'ACTIVE' OR (? IS NOT NULL AND closed_at IS NOT NULL AND julianday(closed_at) >= julianday(?)))
       ORDER BY started_at, id`,
    )
    .all(tableId, since, since) as { id: string }[];
  return rows.map((r) => r.id);
}
