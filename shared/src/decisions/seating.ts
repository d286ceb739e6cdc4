// Seating a party at a table (issue 9), decided once for the waitlist's Seat and a reservation's:
// the table state machine says whether the host may seat the table, which becomes OCCUPIED by the
// party with a dining session of its own, as a check-in would make. A party that checked in on a
// phone sits down with that session, so the guest's phone follows it to the table and the menu.
import { conflict, notFound } from '../errors.js';
import { MESSAGES } from '../messages.js';
import { tableMove } from '../rules/tables.js';
import type { DiningSession, Table } from '../schemas/entities.js';
import type { Changes } from './decision.js';

/** What seating needs to know of the table and the sessions. */
export interface SeatState {
  table: Table | null;
  /** The session the party's guest checked in with on a phone, as it is now, if it has one. */
  guestSession: DiningSession | null;
  /** Whether the session id the request names is another session's already. */
  sessionTaken: boolean;
  /** A session id for when the request names none (the caller makes it). */
  freshSessionId: string;
}

/** Who sits down. */
export interface SeatedParty {
  guestName: string;
  phone: string | null;
  email: string | null;
  partySize: number;
  preferences: Record<string, unknown>;
  /** The reservation whose party sits down, if it booked. */
  reservationId: string | null;
}

export interface SeatRequest {
  tableId: string;
  sessionId?: string | undefined;
}

/** Seats the party (the caller decided the party may sit): the table's move and the session's
 * writes and events go into `changes`; answers the table as it is now and the party's session. */
export function decideSeating(
  changes: Changes,
  state: SeatState,
  seat: SeatRequest,
  party: SeatedParty,
  now: Date,
): { table: Table; sessionId: string } {
  const { table } = state;
  if (!table || table.id !== seat.tableId) throw notFound('Table');
  const sit = tableMove(table.state, 'OCCUPIED', 'staff');
  if (!sit.ok) throw conflict(`${MESSAGES.tableUnavailable(table.name)}: ${sit.reason}`, 'transition_refused');
  const at = now.toISOString();
  const own = state.guestSession;
  let session: DiningSession;
  if (own && own.tableId === null && own.status === 'ACTIVE') {
    session = { ...own, tableId: table.id };
    changes.write({ kind: 'session.seat', session });
  } else {
    if (seat.sessionId && state.sessionTaken) throw conflict(MESSAGES.alreadyExists('Session', seat.sessionId));
    session = {
      id: seat.sessionId ?? state.freshSessionId,
      venueId: table.venueId,
      tableId: table.id,
      partySize: party.partySize,
      guestName: party.guestName,
      status: 'ACTIVE',
      startedAt: at,
      closedAt: null,
    };
    changes.write({
      kind: 'session.open',
      session,
      contact: { phone: party.phone, email: party.email },
      preferences: party.preferences,
      reservationId: party.reservationId,
    });
  }
  const seated: Table = {
    ...table,
    state: sit.to,
    partyName: party.guestName,
    guestCount: party.partySize,
    timeSeated: at,
    holdExpiresAt: null,
  };
  changes
    .write({ kind: 'table.seat', table: seated })
    .announce({ type: 'table.state.changed', tableId: table.id, state: seated.state, table: seated })
    .announce({ type: 'guest.checkedin', session });
  return { table: seated, sessionId: session.id };
}
