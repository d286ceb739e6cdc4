// The host's waitlist, decided once (spec 2 section 2.4): a party joins the back of the line with
// its quote, and moves (notify, seat, remove, and the undo of a remove) as the waitlist rule
// allows. Every change is a waitlist.updated event, so every screen's queue moves with it. The
// cloud and the terminal load the state below from their stores and apply what these answer.

import type { z } from 'zod';
import type { addToWaitlist } from '../calls/waitlist/add-to-waitlist.js';
import type { changeWaitlistStatus } from '../calls/waitlist/change-waitlist-status.js';
import { conflict, notFound } from '../errors.js';
import { MESSAGES } from '../messages.js';
import { partyQuote, type WaitlistAction, waitlistTransition } from '../rules/waitlist.js';
import type { Table, WaitlistEntry } from '../schemas/entities.js';
import { Changes, type Decided } from './decision.js';
import { decideSeating, type SeatRequest, type SeatState } from './seating.js';

type NewParty = z.output<(typeof addToWaitlist)['body']> & { id: string };
export type WaitlistMove = z.output<(typeof changeWaitlistStatus)['body']>['status'];

export interface AddPartyState {
  venueId: string;
  /** The party the request's id names already, in any venue (a repeat, or another's id). */
  existing: WaitlistEntry | null;
  /** How many parties are in line now (WAITING or NOTIFIED). */
  inLine: number;
  /** The last place ever given in the venue's line (0 when nobody was ever in it). */
  lastPosition: number;
}

/** Add to Waitlist (POST /api/waitlist): at the back of the line, with the quote the host gave or
 * the spec's for its place. A repeat of the same id answers the party already added. */
export function decideAddParty(state: AddPartyState, party: NewParty, now: Date): Decided<WaitlistEntry> {
  const changes = new Changes();
  if (state.existing) {
    // An id taken by another venue's party is not this one's to answer.
    if (state.existing.venueId !== state.venueId) throw conflict(MESSAGES.alreadyExists('Waitlist entry', party.id));
    return changes.answer(state.existing);
  }
  const quote = partyQuote(party, state.inLine + 1);
  const entry: WaitlistEntry = {
    id: party.id,
    venueId: state.venueId,
    guestName: party.guestName,
    phone: party.phone || null,
    email: party.email || null,
    partySize: party.partySize,
    quotedMinWait: quote.min,
    quotedMaxWait: quote.max,
    position: state.lastPosition + 1,
    status: 'WAITING',
    needsAccessibility: party.needsAccessibility,
    needsHighChair: party.needsHighChair,
    occasion: party.occasion || null,
    notifiedAt: null,
    seatedAt: null,
    createdAt: now.toISOString(),
    sessionId: null,
  };
  return changes.write({ kind: 'waitlist.insert', entry }).announce({ type: 'waitlist.updated', entry }).answer(entry);
}

const ACTION_FOR: Record<WaitlistMove, WaitlistAction> = {
  NOTIFIED: 'notify',
  SEATED: 'seat',
  CANCELLED: 'remove',
  WAITING: 'restore',
};

/** The party after a move the rule allowed; `sessionId`: the session it sat down with. */
function moved(entry: WaitlistEntry, action: WaitlistAction, now: Date, sessionId?: string): WaitlistEntry {
  const move = waitlistTransition(entry.status, action);
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const at = now.toISOString();
  // An undone Remove puts the party back as it was: told of its table already if it had been.
  const to = action === 'restore' && entry.notifiedAt ? 'NOTIFIED' : move.to;
  return {
    ...entry,
    status: to,
    notifiedAt: action === 'notify' ? at : entry.notifiedAt,
    seatedAt: action === 'seat' ? at : entry.seatedAt,
    sessionId: sessionId ?? entry.sessionId,
  };
}

/** Notify, Seat (without a table), Remove, or the Undo of a Remove
 * (PATCH /api/waitlist/:id/status). */
export function decideMoveParty(
  state: { entry: WaitlistEntry | null },
  input: { status: WaitlistMove },
  now: Date,
): Decided<WaitlistEntry> {
  if (!state.entry) throw notFound('Waitlist entry');
  const entry = moved(state.entry, ACTION_FOR[input.status], now);
  return new Changes()
    .write({ kind: 'waitlist.status', entry, readyTableId: null })
    .announce({ type: 'waitlist.updated', entry })
    .answer(entry);
}

export interface SeatPartyState extends SeatState {
  entry: WaitlistEntry | null;
}

/** Seat at a table (POST /api/waitlist/:waitlistId/seat): the party leaves the line and the table
 * is theirs, with a dining session (the guest's own, if they checked in on a phone). */
export function decideSeatParty(
  state: SeatPartyState,
  seat: SeatRequest,
  now: Date,
): Decided<{ entry: WaitlistEntry; table: Table; sessionId: string }> {
  const { entry } = state;
  if (!entry) throw notFound('Waitlist entry');
  const leave = waitlistTransition(entry.status, 'seat');
  if (!leave.ok) throw conflict(leave.reason, 'transition_refused');
  const changes = new Changes();
  const { table, sessionId } = decideSeating(
    changes,
    state,
    seat,
    {
      guestName: entry.guestName,
      phone: entry.phone,
      email: entry.email,
      partySize: entry.partySize,
      preferences: {
        occasion: entry.occasion,
        needsAccessibility: entry.needsAccessibility,
        needsHighChair: entry.needsHighChair,
      },
      reservationId: null,
    },
    now,
  );
  const seated = moved(entry, 'seat', now, sessionId);
  return changes
    .write({ kind: 'waitlist.status', entry: seated, readyTableId: null })
    .announce({ type: 'waitlist.updated', entry: seated })
    .answer({ entry: seated, table, sessionId });
}
