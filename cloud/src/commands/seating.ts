// Seating a party at a table (issue 9), whether it waited in line or booked ahead: the one table
// state machine decides whether the host may seat the table, which becomes OCCUPIED by the party
// with a dining session of its own, as a check-in would make.
import { randomUUID } from 'node:crypto';
import { MESSAGES, type Table, type TableState, tableMove } from '@tablewise/shared';
import type { Trx, VenueActor } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { presentSession, presentTable } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import type { SessionRow } from '../repositories/rows.js';
import { findSession, insertSession, lockSession, seatSession } from '../repositories/sessions.js';
import { findTableInVenue, seatTable } from '../repositories/tables.js';

export interface SeatedParty {
  guestName: string;
  phone: string | null;
  email: string | null;
  partySize: number;
  preferences: Record<string, unknown>;
  /** The reservation whose party sits down, if it booked. */
  reservationId?: string;
  /** The session a guest checked in with on their phone (a walk-in sent to the waitlist). */
  guestSessionId?: string | null;
}

export interface Author {
  orgId: string;
  venueId: string;
  userId: string | null;
  terminalId: string | null;
  at: Date;
}

/**
 * Locks the table and seats the party at it, with the session id the client made (a terminal
 * seating offline) or a new one, and announces the table's move and the party's session. A table
 * the host may not seat answers 409 naming its state and the move.
 */
export async function seatAtTable(
  trx: Trx,
  staff: VenueActor,
  author: Author,
  seat: { tableId: string; sessionId?: string | undefined },
  party: SeatedParty,
  now: Date,
): Promise<{ table: Table; sessionId: string }> {
  const table = await findTableInVenue(trx, staff.venueId, seat.tableId, { forUpdate: true });
  if (!table) throw notFound('Table');
  const sit = tableMove(table.state as TableState, 'OCCUPIED', 'staff');
  if (!sit.ok) throw conflict(`${MESSAGES.tableUnavailable(table.name)}: ${sit.reason}`, 'transition_refused');
  // A party that checked in on a phone sits down with that session, so the guest's phone follows
  // it to the table and the menu; the session a terminal made for the seat is then not used.
  const own = party.guestSessionId ? await lockSession(trx, party.guestSessionId) : undefined;
  const session =
    own && own.table_id === null && own.status === 'ACTIVE'
      ? await seatSession(trx, own.id, { tableId: table.id })
      : await newSession(trx, staff, table.id, seat.sessionId, party, now);
  const seated = presentTable(
    await seatTable(trx, table.id, { state: sit.to, partyName: party.guestName, guestCount: party.partySize, at: now }),
  );
  await appendEvent(trx, {
    ...author,
    event: { type: 'table.state.changed', tableId: table.id, state: seated.state, table: seated },
  });
  await appendEvent(trx, { ...author, event: { type: 'guest.checkedin', session: presentSession(session) } });
  return { table: seated, sessionId: session.id };
}

async function newSession(
  trx: Trx,
  staff: VenueActor,
  tableId: string,
  sessionId: string | undefined,
  party: SeatedParty,
  now: Date,
): Promise<SessionRow> {
  if (sessionId && (await findSession(trx, sessionId))) throw conflict(`Session ${sessionId} already exists`);
  return insertSession(trx, {
    id: sessionId ?? randomUUID(),
    org_id: staff.orgId,
    venue_id: staff.venueId,
    table_id: tableId,
    party_size: party.partySize,
    guest_name: party.guestName,
    guest_phone: party.phone,
    guest_email: party.email,
    preferences_json: party.preferences,
    started_at: now,
    ...(party.reservationId ? { reservation_id: party.reservationId } : {}),
  });
}
