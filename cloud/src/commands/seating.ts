// Seating a party at a table (issue 9), whether it waited in line or booked ahead, is decided once
// (shared/src/decisions/seating.ts). This loads what it needs from the cloud's store, locking the
// table and the guest's own session, so a second host seating either waits and is then refused.
import { randomUUID } from 'node:crypto';
import type { SeatRequest, SeatState } from '@tablewise/shared';
import type { Trx, VenueActor } from '../context.js';
import { presentSession, presentTable } from '../presenters/index.js';
import { findSession, lockSession } from '../repositories/sessions.js';
import { findTableInVenue } from '../repositories/tables.js';

/** The table and the sessions a seat at it needs, locked; `guestSessionId`: the session the party
 * checked in with on a phone, if it did. */
export async function loadSeat(
  trx: Trx,
  staff: Pick<VenueActor, 'venueId'>,
  seat: SeatRequest,
  guestSessionId: string | null,
): Promise<SeatState> {
  const table = await findTableInVenue(trx, staff.venueId, seat.tableId, { forUpdate: true });
  const own = guestSessionId ? await lockSession(trx, guestSessionId) : undefined;
  return {
    table: table ? presentTable(table) : null,
    guestSession: own ? presentSession(own) : null,
    sessionTaken: seat.sessionId ? (await findSession(trx, seat.sessionId)) !== undefined : false,
    freshSessionId: randomUUID(),
  };
}
