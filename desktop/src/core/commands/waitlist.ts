// The host's waitlist on this terminal: each change is decided by the shared decisions
// (shared/src/decisions/waitlist.ts) on the replica's state, as the cloud decides it on its own,
// applied to the replica and queued for the cloud in one SQLite transaction, so the door keeps
// working while the cloud is away. The cloud decides in the end: its copies of a party replace the
// replica's, with this terminal's changes still waiting decided again on top
// (reapplyPendingWaitlist), and a change it refuses sets the replica right from the cloud's copy.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  addToWaitlist,
  changeWaitlistStatus,
  type Decided,
  decideAddParty,
  decideMoveParty,
  decideSeatParty,
  type LiveEvent,
  type SeatPartyAnswer,
  type SeatRequest,
  seatWaitlistParty,
  type WaitlistEntry,
  type WaitlistMove,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { isEntryOf, type OutboxEntry, pendingOf } from '../sqlite/repositories/outbox.js';
import {
  clearWaitlist,
  deleteWaitlistEntry,
  getWaitlistEntry,
  lastWaitlistPosition,
  listActiveWaitlist,
  putWaitlistEntry,
} from '../sqlite/repositories/waitlist.js';
import { applyLocally, writeDecided } from './decided.js';
import { seatHere } from './seating.js';

export const WAITLIST_ENTITY = 'waitlist_entry';

type NewParty = z.output<(typeof addToWaitlist)['body']>;

export interface WaitlistHere<A> {
  value: A;
  /** For the local screens. */
  events: LiveEvent[];
}

/** What a change to a party was about, as a host calls it: "Lin, party of 2". */
export function waitlistChangeSubject(db: AnyDb, id: string): string | null {
  const entry = getWaitlistEntry(db, id);
  return entry ? `${entry.guestName}, party of ${entry.partySize}` : null;
}

function addHere(db: AnyDb, venueId: string, party: NewParty & { id: string }, now: Date): Decided<WaitlistEntry> {
  return decideAddParty(
    {
      venueId,
      existing: getWaitlistEntry(db, party.id),
      inLine: listActiveWaitlist(db).length,
      lastPosition: lastWaitlistPosition(db),
    },
    party,
    now,
  );
}

/** Adds a party here; a repeat of the same id answers the party already added. */
export function addToWaitlistLocally(
  db: WriteDb,
  venueId: string,
  party: NewParty,
  now: Date,
): WaitlistHere<WaitlistEntry> {
  return transact(db, () => {
    const id = party.id ?? randomUUID();
    const decided = addHere(db, venueId, { ...party, id }, now);
    // A repeat of an add made here answers the party it made, and queues nothing more.
    if (decided.writes.length === 0) return { value: decided.answer, events: [] };
    const { answer, events } = applyLocally(
      db,
      decided,
      addToWaitlist,
      { body: { ...party, id }, entityType: WAITLIST_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/** Notify, Seat, Remove, or the Undo of a Remove, here. */
export function changeWaitlistStatusLocally(
  db: WriteDb,
  id: string,
  status: WaitlistMove,
  now: Date,
): WaitlistHere<WaitlistEntry> {
  return transact(db, () => {
    const decided = decideMoveParty({ entry: getWaitlistEntry(db, id) }, { status }, now);
    const { answer, events } = applyLocally(
      db,
      decided,
      changeWaitlistStatus,
      { params: { id }, body: { status }, entityType: WAITLIST_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/**
 * Seats a waiting party at a table here (POST /api/waitlist/:waitlistId/seat): the party leaves the
 * line and the table is theirs, with the session the cloud will give it too (named in the queued
 * seat), in the replica and the outbox in one transaction.
 */
export function seatWaitlistPartyLocally(
  db: WriteDb,
  waitlistId: string,
  seat: SeatRequest,
  now: Date,
): WaitlistHere<z.output<typeof SeatPartyAnswer>> {
  return transact(db, () => {
    const entry = getWaitlistEntry(db, waitlistId);
    const decided = decideSeatParty({ entry, ...seatHere(db, seat, entry?.sessionId ?? null) }, seat, now);
    const { answer, events } = applyLocally(
      db,
      decided,
      seatWaitlistParty,
      {
        params: { waitlistId },
        body: { tableId: seat.tableId, sessionId: decided.answer.sessionId },
        entityType: WAITLIST_ENTITY,
        entityId: waitlistId,
      },
      now,
    );
    return { value: answer, events };
  });
}

/** The decision a waiting entry is, on the replica as it is now; null for an entry of another call. */
function redecide(db: WriteDb, venueId: string, entry: OutboxEntry): Decided<unknown> | null {
  const at = new Date(entry.createdAt);
  const id = entry.entityId;
  if (isEntryOf(entry, addToWaitlist, undefined)) {
    return addHere(db, venueId, { ...addToWaitlist.body.parse(entry.body), id }, at);
  }
  if (isEntryOf(entry, changeWaitlistStatus, { id })) {
    return decideMoveParty({ entry: getWaitlistEntry(db, id) }, changeWaitlistStatus.body.parse(entry.body), at);
  }
  if (isEntryOf(entry, seatWaitlistParty, { waitlistId: id })) {
    const seat = seatWaitlistParty.body.parse(entry.body);
    let party = getWaitlistEntry(db, id);
    const sessionId = seat.sessionId ?? null;
    // This seat, shown already on the party (the cloud's copy of the table came since): decided
    // again as from the line, so the table shows it too.
    const ours = party?.status === 'SEATED' && party.sessionId === sessionId;
    if (party && ours) party = { ...party, status: 'NOTIFIED' };
    const state = seatHere(db, seat, party?.sessionId ?? null);
    return decideSeatParty({ entry: party, ...state, sessionTaken: state.sessionTaken && !ours }, seat, at);
  }
  return null;
}

/**
 * After the cloud's copy of a party or a table replaced the replica's, decides this terminal's
 * waitlist changes still waiting in the outbox again, in order, by the same decisions, so the door
 * shows what the host did. A change the rules no longer allow (the cloud's copy already has it) is
 * left to the cloud's verdict.
 */
export function reapplyPendingWaitlist(db: WriteDb, venueId: string): void {
  for (const entry of pendingOf(db, WAITLIST_ENTITY)) {
    try {
      const decided = redecide(db, venueId, entry);
      if (decided) writeDecided(db, decided, new Date(entry.createdAt));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** The cloud's copy of a party replaces the replica's, with this terminal's waiting changes on top. */
export function restoreWaitlistEntry(db: WriteDb, entry: WaitlistEntry): WaitlistEntry {
  return transact(db, () => {
    putWaitlistEntry(db, entry);
    reapplyPendingWaitlist(db, entry.venueId);
    return getWaitlistEntry(db, entry.id) ?? entry;
  });
}

/** A party the cloud does not have (its add was refused) leaves the replica's line. */
export function dropWaitlistEntry(db: WriteDb, id: string): void {
  deleteWaitlistEntry(db, id);
}

/**
 * Sets the replica's waitlist to the cloud's (from a snapshot), then decides again on top what this
 * terminal has not pushed yet: its parties added, moved and seated.
 */
export function replaceWaitlist(db: WriteDb, venueId: string, entries: readonly WaitlistEntry[]): void {
  transact(db, () => {
    clearWaitlist(db);
    for (const entry of entries) putWaitlistEntry(db, entry);
    reapplyPendingWaitlist(db, venueId);
  });
}
