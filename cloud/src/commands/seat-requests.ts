// The host approves self-seating during a rush (issue 27, finding 1). With the venue's setting on,
// a guest's confirmation of a held table becomes a request: the table stays held for the party
// until the host approves (the party sits down) or declines (the table is free again), or until
// SEAT_REQUEST_WAIT_MS pass. The host's answer is decided once, in shared (decisions/seat-requests.ts).
import { randomUUID } from 'node:crypto';
import {
  answerSeatRequest,
  type ConfirmTableAnswer,
  SEAT_REQUEST_WAIT_MS,
  type SeatRequestsAnswer,
  type TableRequest,
  type TableRequestStatus,
  withQuery,
} from '@tablewise/shared';
import type { AppDeps, GuestActor, Queryable, Trx, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import { presentSession, presentTable } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import type { SessionRow, TableRow, VenueRow } from '../repositories/rows.js';
import {
  findLatestRequestOf,
  findPendingRequestOf,
  findSeatRequest,
  insertSeatRequest,
  listPendingRequests,
  lockExpiredRequests,
  type SeatRequestRow,
  setSeatingApprovalOf,
  setSeatRequestStatus,
} from '../repositories/seat-requests.js';
import { findSession } from '../repositories/sessions.js';
import { extendHold, findTableInVenue } from '../repositories/tables.js';
import { findVenue } from '../repositories/venues.js';
import { applyDecided, authorOf } from './decided.js';

function presentTableRequest(row: SeatRequestRow): TableRequest {
  return {
    id: row.id,
    venueId: row.venue_id,
    sessionId: row.session_id,
    tableId: row.table_id,
    tableName: row.table_name,
    guestName: row.guest_name,
    partySize: row.party_size,
    status: row.status as TableRequestStatus,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/** Whether a guest's table choice at the venue waits for the host. */
export async function hostApprovesSelfSeating(q: Queryable, venueId: string): Promise<boolean> {
  return (await findVenue(q, venueId))?.host_approves_self_seating === true;
}

/**
 * The guest's confirmation while the host approves self-seating: a request for the table it holds
 * (checked by the caller under the table's lock), the hold kept until the request runs out. A
 * repeat of the confirmation answers the request already waiting.
 */
export async function requestSeat(
  trx: Trx,
  session: SessionRow,
  table: TableRow,
  now: Date,
): Promise<ConfirmTableAnswer> {
  const answer = (requestId: string): ConfirmTableAnswer => ({
    success: true,
    sessionId: session.id,
    tableId: table.id,
    tableName: table.name,
    redirectUrl: withQuery('/guest/table-confirmation', { sessionId: session.id, tableId: table.id }),
    awaitingHost: true,
    requestId,
  });
  const waiting = await findPendingRequestOf(trx, session.id);
  if (waiting && waiting.table_id === table.id) return answer(waiting.id);
  const scope = { orgId: session.org_id, venueId: session.venue_id, at: now };
  if (waiting) {
    // Another table's request (its hold ran out and the guest chose again): this one replaces it.
    await setSeatRequestStatus(trx, waiting.id, { status: 'CANCELLED', at: now, by: null });
    const cancelled = await findSeatRequest(trx, session.venue_id, waiting.id);
    if (cancelled) {
      await appendEvent(trx, {
        ...scope,
        event: { type: 'seat.request.updated', request: presentTableRequest(cancelled) },
      });
    }
  }
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + SEAT_REQUEST_WAIT_MS);
  await insertSeatRequest(trx, {
    id,
    org_id: session.org_id,
    venue_id: session.venue_id,
    session_id: session.id,
    table_id: table.id,
    party_size: session.party_size,
    created_at: now,
    expires_at: expiresAt,
  });
  const held = await extendHold(trx, table.id, expiresAt, now);
  const presented = presentTable(held);
  await appendEvent(trx, {
    ...scope,
    event: { type: 'table.state.changed', tableId: held.id, state: presented.state, table: presented },
  });
  const row = await findSeatRequest(trx, session.venue_id, id);
  if (!row) throw new Error(`Seat request ${id} was not inserted`);
  await appendEvent(trx, { ...scope, event: { type: 'seat.request.updated', request: presentTableRequest(row) } });
  return answer(id);
}

/** A guest who cancels their hold cancels the request it waits in. */
export async function cancelRequestOf(trx: Trx, session: SessionRow, tableId: string, now: Date): Promise<void> {
  const waiting = await findPendingRequestOf(trx, session.id);
  if (!waiting || waiting.table_id !== tableId) return;
  await setSeatRequestStatus(trx, waiting.id, { status: 'CANCELLED', at: now, by: null });
  const row = await findSeatRequest(trx, session.venue_id, waiting.id);
  if (row) {
    await appendEvent(trx, {
      orgId: session.org_id,
      venueId: session.venue_id,
      at: now,
      event: { type: 'seat.request.updated', request: presentTableRequest(row) },
    });
  }
}

export async function seatRequests(
  deps: Pick<AppDeps, 'db' | 'now'>,
  actor: { venueId: string },
): Promise<SeatRequestsAnswer> {
  const venue = await findVenue(deps.db, actor.venueId);
  if (!venue) throw notFound('Venue');
  const rows = await listPendingRequests(deps.db, actor.venueId, deps.now());
  return { hostApproves: (venue as VenueRow).host_approves_self_seating, requests: rows.map(presentTableRequest) };
}

export async function setSeatingApproval(
  trx: Trx,
  staff: VenueActor,
  hostApproves: boolean,
  now: Date,
): Promise<{ hostApproves: boolean }> {
  if ((await hostApprovesSelfSeating(trx, staff.venueId)) !== hostApproves) {
    await setSeatingApprovalOf(trx, staff.venueId, hostApproves);
    await appendEvent(trx, {
      ...authorOf(staff),
      at: now,
      event: { type: 'seating.approval.changed', hostApproves },
    });
  }
  return { hostApproves };
}

/** The host's answer: loads what the decision needs, under the request's and the table's locks. */
export async function decideSeatRequest(
  trx: Trx,
  staff: VenueActor,
  id: string,
  input: { approve: boolean },
  now: Date,
): Promise<TableRequest> {
  const row = await findSeatRequest(trx, staff.venueId, id, { forUpdate: true });
  const table = row ? await findTableInVenue(trx, staff.venueId, row.table_id, { forUpdate: true }) : undefined;
  const session = row ? await findSession(trx, row.session_id) : undefined;
  const heldForParty = Boolean(
    table &&
      row &&
      table.state === 'HOLD_SOFT' &&
      table.held_by_session_id === row.session_id &&
      table.hold_expires_at &&
      table.hold_expires_at > now,
  );
  const decided = answerSeatRequest(
    {
      request: row ? presentTableRequest(row) : null,
      table: table ? presentTable(table) : null,
      session: session ? presentSession(session) : null,
      heldForParty,
    },
    input,
    now,
  );
  return applyDecided(trx, authorOf(staff), decided, now);
}

/** The guest's latest request and its answer. */
export async function guestSeatRequest(q: Queryable, guest: GuestActor): Promise<{ request: TableRequest | null }> {
  const row = await findLatestRequestOf(q, guest.sessionId);
  return { request: row ? presentTableRequest(row) : null };
}

const SWEEP_BATCH = 100;

/** Closes requests nobody answered in time (their holds run out with them); answers how many. */
export async function expireSeatRequests(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (trx) => {
    const expired = await lockExpiredRequests(trx, now, SWEEP_BATCH);
    for (const row of expired) {
      await setSeatRequestStatus(trx, row.id, { status: 'EXPIRED', at: now, by: null });
      const request: TableRequest = { ...presentTableRequest(row), status: 'EXPIRED', decidedAt: now.toISOString() };
      await appendEvent(trx, {
        orgId: row.org_id,
        venueId: row.venue_id,
        at: now,
        event: { type: 'seat.request.updated', request },
      });
    }
    return expired.length;
  });
}
