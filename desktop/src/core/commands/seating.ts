// Seating a party at a table on this terminal (issue 9), whether it waited in line or booked: the
// seat is decided once (shared/src/decisions/seating.ts), on what this loads from the replica, as
// the cloud decides it on what it loads from its own store.
import { randomUUID } from 'node:crypto';
import type { DecisionActor, SeatRequest, SeatState } from '@tablewise/shared';
import type { AnyDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { getSession } from '../sqlite/repositories/sessions.js';
import { getTable } from '../sqlite/repositories/tables.js';

/** The outbox entity of a reservation's changes (its booking, check-in and seat). */
export const RESERVATION_ENTITY = 'reservation';

/** The table and the sessions a seat at it needs; `guestSessionId`: the session the party checked
 * in with on a phone, if it did. */
export function seatHere(db: AnyDb, seat: SeatRequest, guestSessionId: string | null): SeatState {
  return {
    table: getTable(db, seat.tableId),
    guestSession: guestSessionId ? getSession(db, guestSessionId) : null,
    sessionTaken: seat.sessionId ? getSession(db, seat.sessionId) !== null : false,
    freshSessionId: randomUUID(),
  };
}

/** Who acts here: the staff member at this terminal. A replay of a queued change acts as the
 * terminal, as the cloud sees it when the change arrives. */
export function actorHere(db: AnyDb, kind: 'staff' | 'terminal' = 'staff'): DecisionActor {
  return { kind, userId: null, terminalId: getMeta(db).terminalId };
}
