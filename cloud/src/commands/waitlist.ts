// The host's waitlist (spec 2 section 2.4) on the cloud: each write loads the state its decision
// (shared/src/decisions/waitlist.ts) needs, locking what it must, and applies what it decided.
import { randomUUID } from 'node:crypto';
import {
  type addToWaitlist,
  decideAddParty,
  decideMoveParty,
  decideSeatParty,
  type SeatPartyAnswer,
  type SeatRequest,
  type WaitlistEntry,
  type WaitlistMove,
  waitlistAnswer,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Queryable, Trx, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import { presentWaitlistEntry } from '../presenters/index.js';
import {
  findWaitlistEntry,
  listActiveWaitlist,
  lockWaitlistEntry,
  nextWaitlistPosition,
} from '../repositories/waitlist.js';
import { applyDecided, authorOf } from './decided.js';
import { loadSeat } from './seating.js';

type NewParty = z.output<(typeof addToWaitlist)['body']>;

export async function waitlistQueue(q: Queryable, staff: Pick<VenueActor, 'venueId'>): Promise<WaitlistEntry[]> {
  return waitlistAnswer((await listActiveWaitlist(q, staff.venueId)).map(presentWaitlistEntry));
}

export async function waitlistEntry(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  id: string,
): Promise<WaitlistEntry> {
  const row = await findWaitlistEntry(q, id);
  if (!row || row.venue_id !== actor.venueId) throw notFound('Waitlist entry');
  return presentWaitlistEntry(row);
}

/** Adds a party at the back of the line (decideAddParty); a repeat of its id answers it. */
export async function addParty(trx: Trx, staff: VenueActor, party: NewParty, now: Date): Promise<WaitlistEntry> {
  const id = party.id ?? randomUUID();
  // Adds to one venue's line take their turn, so two hosts adding at once never get the same place.
  const lastPosition = (await nextWaitlistPosition(trx, staff.venueId)) - 1;
  const existing = await findWaitlistEntry(trx, id);
  const decided = decideAddParty(
    {
      venueId: staff.venueId,
      existing: existing ? presentWaitlistEntry(existing) : null,
      inLine: (await listActiveWaitlist(trx, staff.venueId)).length,
      lastPosition,
    },
    { ...party, id },
    now,
  );
  return applyDecided(trx, authorOf(staff), decided, now);
}

/** Notify, Seat, Remove or the Undo of a Remove (decideMoveParty), the party locked. */
export async function moveParty(
  trx: Trx,
  staff: VenueActor,
  id: string,
  status: WaitlistMove,
  now: Date,
): Promise<WaitlistEntry> {
  const row = await lockWaitlistEntry(trx, staff.venueId, id);
  const decided = decideMoveParty({ entry: row ? presentWaitlistEntry(row) : null }, { status }, now);
  return applyDecided(trx, authorOf(staff), decided, now);
}

/**
 * Seats a waiting (or notified) party at a table (decideSeatParty): the party and the table are
 * locked in that order, so a second host seating either waits and is then refused.
 */
export async function seatParty(
  trx: Trx,
  staff: VenueActor,
  waitlistId: string,
  seat: SeatRequest,
  now: Date,
): Promise<z.output<typeof SeatPartyAnswer>> {
  const row = await lockWaitlistEntry(trx, staff.venueId, waitlistId);
  const entry = row ? presentWaitlistEntry(row) : null;
  const state = entry
    ? { entry, ...(await loadSeat(trx, staff, seat, entry.sessionId)) }
    : { entry, table: null, guestSession: null, sessionTaken: false, freshSessionId: randomUUID() };
  return applyDecided(trx, authorOf(staff), decideSeatParty(state, seat, now), now);
}
