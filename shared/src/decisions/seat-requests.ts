// The host's answer to a guest's table choice (issue 27, finding 1), decided once. With the venue's
// "host approves self-seating" on, a guest who confirms a held table asks the host; the table stays
// held for the party. Approve: the party sits down there with its own session, as a confirmation
// would have seated it (seating.ts). Decline: the hold ends and the table is free again. A request
// answered already, or one nobody answered in time, is closed.
import { conflict, notFound } from '../errors.js';
import { MESSAGES } from '../messages.js';
import { tableTransition } from '../rules/tables.js';
import type { DiningSession, Table } from '../schemas/entities.js';
import type { TableRequest } from '../schemas/seat-request.js';
import { Changes, type Decided } from './decision.js';
import { decideSeating } from './seating.js';

export interface SeatRequestState {
  request: TableRequest | null;
  /** The requested table, as it is now. */
  table: Table | null;
  /** The requesting party's session, as it is now. */
  session: DiningSession | null;
  /** Whether the table is still held for the request's session (its hold has not been lost). */
  heldForParty: boolean;
}

export function answerSeatRequest(
  state: SeatRequestState,
  input: { approve: boolean },
  now: Date,
): Decided<TableRequest> {
  const { request, table, session } = state;
  if (!request) throw notFound('Seat request');
  if (request.status !== 'PENDING') throw conflict(MESSAGES.seatRequestClosed(request.status), 'seat_request_closed');
  if (Date.parse(request.expiresAt) <= now.getTime())
    throw conflict(MESSAGES.seatRequestExpired, 'seat_request_closed');
  const changes = new Changes();
  const at = now.toISOString();
  if (input.approve) {
    if (session?.status !== 'ACTIVE' || session.tableId !== null) {
      throw conflict(MESSAGES.seatRequestSessionSeated, 'seat_request_closed');
    }
    if (!table || !state.heldForParty)
      throw conflict(MESSAGES.tableUnavailable(request.tableName), 'table_unavailable');
    decideSeating(
      changes,
      { table, guestSession: session, sessionTaken: false, freshSessionId: session.id },
      { tableId: table.id, sessionId: session.id },
      {
        guestName: session.guestName ?? request.guestName ?? '',
        phone: null,
        email: null,
        partySize: session.partySize,
        preferences: {},
        reservationId: null,
      },
      now,
    );
  } else if (table && state.heldForParty) {
    const release = tableTransition(table.state, 'releaseHold', 'staff');
    if (!release.ok) throw conflict(release.reason, 'transition_refused');
    const freed: Table = { ...table, state: release.to, holdExpiresAt: null };
    changes
      .write({ kind: 'table.state', table: freed, clearParty: false })
      .announce({ type: 'table.state.changed', tableId: freed.id, state: freed.state, table: freed });
  }
  const answered: TableRequest = { ...request, status: input.approve ? 'APPROVED' : 'DECLINED', decidedAt: at };
  return changes
    .write({ kind: 'seatRequest.update', request: answered })
    .announce({ type: 'seat.request.updated', request: answered })
    .answer(answered);
}
