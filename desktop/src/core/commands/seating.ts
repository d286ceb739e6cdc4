// Seating a party at a table on this terminal (issue 9), whether it waited in line or booked: the
// one table state machine decides, as on the cloud, and the table and the party's dining session
// go into the replica. The caller queues the seat in the outbox in the same transaction. Until the
// cloud has it, a table the cloud's feed sets otherwise is seated again here.
import { MESSAGES, type Table, type TableState, tableMove } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../sqlite/replica.js';
import { getReservation } from '../sqlite/repositories/reservations.js';
import { getTable, getWaitlistEntry, putSession, putTable } from '../sqlite/repositories/venue-data.js';

/** The outbox entity of a reservation's changes (its booking, check-in and seat). */
export const RESERVATION_ENTITY = 'reservation';
/** The waitlist's, as commands/waitlist.ts names it (kept here so seating needs no import of it). */
const WAITLIST_ENTITY = 'waitlist_entry';

export interface SeatedParty {
  guestName: string;
  partySize: number;
}

export type SeatResult = { ok: true; table: Table } | { ok: false; status: 404 | 409; message: string };

function seated(table: Table, party: SeatedParty, to: TableState, now: Date): Table {
  return {
    ...table,
    state: to,
    partyName: party.guestName,
    guestCount: party.partySize,
    timeSeated: now.toISOString(),
    holdExpiresAt: null,
  };
}

/** Seats the party at the table in the replica, with its session; refused as the cloud refuses. */
export function seatTableLocally(
  db: WriteDb,
  seat: { tableId: string; sessionId: string },
  party: SeatedParty,
  now: Date,
): SeatResult {
  const table = getTable(db, seat.tableId);
  if (!table) return { ok: false, status: 404, message: MESSAGES.notFound('Table') };
  const sit = tableMove(table.state, 'OCCUPIED', 'staff');
  if (!sit.ok) return { ok: false, status: 409, message: `${MESSAGES.tableUnavailable(table.name)}: ${sit.reason}` };
  const next = seated(table, party, sit.to, now);
  putTable(db, next);
  putSession(db, {
    id: seat.sessionId,
    venueId: table.venueId,
    tableId: table.id,
    partySize: party.partySize,
    guestName: party.guestName,
    status: 'ACTIVE',
    startedAt: now.toISOString(),
    closedAt: null,
  });
  return { ok: true, table: next };
}

interface PendingSeat {
  entityType: string;
  entityId: string;
  createdAt: string;
}

/** This terminal's seats at the table still waiting in the outbox, oldest first. */
function pendingSeatsAt(db: AnyDb, tableId: string): PendingSeat[] {
  return (
    db.sql
      .prepare(
        `SELECT entity_type, entity_id, created_at FROM outbox
         WHERE status = 'PENDING' AND entity_type IN (?, ?) AND json_extract(body_json, '$.tableId') = ?
         ORDER BY seq`,
      )
      .all(WAITLIST_ENTITY, RESERVATION_ENTITY, tableId) as {
      entity_type: string;
      entity_id: string;
      created_at: string;
    }[]
  ).map((r) => ({ entityType: r.entity_type, entityId: r.entity_id, createdAt: r.created_at }));
}

/** Whether a seat of the entity waits in the outbox: its copy from the cloud is seated here. */
export function hasPendingSeat(db: AnyDb, entityType: string, entityId: string): boolean {
  return (
    db.sql
      .prepare(
        `SELECT 1 FROM outbox WHERE status = 'PENDING' AND entity_type = ? AND entity_id = ?
         AND json_extract(body_json, '$.tableId') IS NOT NULL LIMIT 1`,
      )
      .get(entityType, entityId) !== undefined
  );
}

function partyOf(db: AnyDb, seat: PendingSeat): SeatedParty | null {
  if (seat.entityType === WAITLIST_ENTITY) return getWaitlistEntry(db, seat.entityId);
  const reservation = getReservation(db, seat.entityId);
  return reservation ? { guestName: reservation.guestContact.name, partySize: reservation.partySize } : null;
}

/**
 * After the cloud's copy of a table replaced the replica's, seats again the party this terminal
 * seated there and has not pushed yet, where the state machine still lets it: the host sees the
 * table as they left it until the cloud decides.
 */
export function reapplyPendingSeats(db: WriteDb, tableId: string): void {
  for (const seat of pendingSeatsAt(db, tableId)) {
    const table = getTable(db, tableId);
    const party = partyOf(db, seat);
    if (!table || !party) continue;
    const sit = tableMove(table.state, 'OCCUPIED', 'staff');
    if (sit.ok) putTable(db, seated(table, party, sit.to, new Date(seat.createdAt)));
  }
}
