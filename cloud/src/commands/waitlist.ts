// The host's waitlist (spec 2 section 2.4): add a party at the back of the line with its quote,
// and move it (notify, seat, remove) as the shared waitlist rule allows. Every change is a
// waitlist.updated event, so every screen's queue moves with it.
import { randomUUID } from 'node:crypto';
import {
  type addToWaitlist,
  type changeWaitlistStatus,
  partyQuote,
  type SeatPartyAnswer,
  type WaitlistAction,
  type WaitlistEntry,
  waitlistAnswer,
  waitlistTransition,
} from '@tablewise/shared';
import type { z } from 'zod';
import { actorRef, type Queryable, type Trx, type VenueActor } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { presentWaitlistEntry } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import {
  findWaitlistEntry,
  insertWaitlistEntry,
  listActiveWaitlist,
  lockWaitlistEntry,
  nextWaitlistPosition,
  setWaitlistStatus,
} from '../repositories/waitlist.js';
import { seatAtTable } from './seating.js';

type NewParty = z.output<(typeof addToWaitlist)['body']>;
type NewStatus = z.output<(typeof changeWaitlistStatus)['body']>['status'];

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

/** Who made a change, for its events: a host on the cloud, or a terminal replaying its outbox. */
function authorOf(actor: VenueActor, at: Date) {
  const { userId, terminalId } = actorRef(actor);
  return { orgId: actor.orgId, venueId: actor.venueId, userId, terminalId, at };
}

async function announce(trx: Trx, actor: VenueActor, entry: WaitlistEntry, at: Date): Promise<void> {
  await appendEvent(trx, { ...authorOf(actor, at), event: { type: 'waitlist.updated', entry } });
}

/** Adds a party at the back of the line; without a quote, the spec's for its place in line. */
export async function addParty(trx: Trx, staff: VenueActor, party: NewParty, now: Date): Promise<WaitlistEntry> {
  const id = party.id ?? randomUUID();
  const position = await nextWaitlistPosition(trx, staff.venueId);
  const quote = partyQuote(party, (await listActiveWaitlist(trx, staff.venueId)).length + 1);
  const inserted = await insertWaitlistEntry(trx, {
    id,
    org_id: staff.orgId,
    venue_id: staff.venueId,
    guest_name: party.guestName,
    phone: party.phone || null,
    email: party.email || null,
    party_size: party.partySize,
    quoted_min_wait: quote.min,
    quoted_max_wait: quote.max,
    position,
    status: 'WAITING',
    needs_accessibility: party.needsAccessibility,
    needs_high_chair: party.needsHighChair,
    occasion: party.occasion || null,
    created_at: now,
  });
  const row = await findWaitlistEntry(trx, id);
  // An id taken by another venue's party is not this one's to answer.
  if (!row || row.venue_id !== staff.venueId) throw conflict(`Waitlist entry ${id} already exists`);
  const entry = presentWaitlistEntry(row);
  if (inserted) await announce(trx, staff, entry, now);
  return entry;
}

const ACTION_FOR: Record<NewStatus, WaitlistAction> = { NOTIFIED: 'notify', SEATED: 'seat', CANCELLED: 'remove' };

export async function moveParty(
  trx: Trx,
  staff: VenueActor,
  id: string,
  status: NewStatus,
  now: Date,
): Promise<WaitlistEntry> {
  const row = await lockWaitlistEntry(trx, staff.venueId, id);
  if (!row) throw notFound('Waitlist entry');
  const move = waitlistTransition(row.status as WaitlistEntry['status'], ACTION_FOR[status]);
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const entry = presentWaitlistEntry(await setWaitlistStatus(trx, id, move.to, now));
  await announce(trx, staff, entry, now);
  return entry;
}

/**
 * Seats a waiting (or notified) party at a table (commands/seating.ts): the table becomes OCCUPIED
 * by the party with a dining session of its own, and the party leaves the line. The party and the
 * table are locked in that order, so a second host seating either waits and is then refused.
 */
export async function seatParty(
  trx: Trx,
  staff: VenueActor,
  waitlistId: string,
  seat: { tableId: string; sessionId?: string | undefined },
  now: Date,
): Promise<z.output<typeof SeatPartyAnswer>> {
  const row = await lockWaitlistEntry(trx, staff.venueId, waitlistId);
  if (!row) throw notFound('Waitlist entry');
  const leave = waitlistTransition(row.status as WaitlistEntry['status'], 'seat');
  if (!leave.ok) throw conflict(leave.reason, 'transition_refused');
  const { table, sessionId } = await seatAtTable(
    trx,
    staff,
    authorOf(staff, now),
    seat,
    {
      guestName: row.guest_name,
      phone: row.phone,
      email: row.email,
      partySize: row.party_size,
      preferences: {
        occasion: row.occasion,
        needsAccessibility: row.needs_accessibility,
        needsHighChair: row.needs_high_chair,
      },
      guestSessionId: row.session_id,
    },
    now,
  );
  const entry = presentWaitlistEntry(await setWaitlistStatus(trx, row.id, leave.to, now, sessionId));
  await announce(trx, staff, entry, now);
  return { entry, table, sessionId };
}
