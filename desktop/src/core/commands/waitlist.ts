// The host's waitlist on this terminal: a party added or moved here goes into the replica and the
// outbox in one SQLite transaction, by the same shared rules as the cloud, so the door keeps
// working while the cloud is away. The cloud decides in the end: its copies of an entry replace the
// replica's, with this terminal's changes still waiting replayed on top, and a change it refuses
// sets the replica right from the cloud's queue.
import { randomUUID } from 'node:crypto';
import {
  type addToWaitlist,
  addToWaitlist as addToWaitlistCall,
  changeWaitlistStatus as changeWaitlistStatusCall,
  MESSAGES,
  partyQuote,
  type SeatPartyAnswer,
  seatWaitlistParty as seatWaitlistPartyCall,
  type WaitlistAction,
  type WaitlistEntry,
  type WaitlistStatus,
  waitlistTransition,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { appendCall, pendingOf, pendingStatusesFor } from '../sqlite/repositories/outbox.js';
import {
  clearWaitlist,
  deleteWaitlistEntry,
  getWaitlistEntry,
  lastWaitlistPosition,
  listActiveWaitlist,
  putWaitlistEntry,
} from '../sqlite/repositories/venue-data.js';
import { hasPendingSeat, seatTableLocally } from './seating.js';

export const WAITLIST_ENTITY = 'waitlist_entry';

type NewParty = z.output<(typeof addToWaitlist)['body']>;
type NewStatus = 'NOTIFIED' | 'SEATED' | 'CANCELLED';

const ACTION_FOR: Record<NewStatus, WaitlistAction> = { NOTIFIED: 'notify', SEATED: 'seat', CANCELLED: 'remove' };

export type WaitlistChangeResult =
  | { ok: true; entry: WaitlistEntry }
  | { ok: false; status: 404 | 409; message: string };

/** What a change to a party was about, as a host calls it: "Lin, party of 2". */
export function waitlistChangeSubject(db: AnyDb, id: string): string | null {
  const entry = getWaitlistEntry(db, id);
  return entry ? `${entry.guestName}, party of ${entry.partySize}` : null;
}

/** The entry an add makes, as the cloud would make it at the back of this replica's line. */
function entryOf(db: AnyDb, venueId: string, party: NewParty & { id: string }, now: Date): WaitlistEntry {
  const quote = partyQuote(party, listActiveWaitlist(db).length + 1);
  return {
    id: party.id,
    venueId,
    guestName: party.guestName,
    phone: party.phone || null,
    email: party.email || null,
    partySize: party.partySize,
    quotedMinWait: quote.min,
    quotedMaxWait: quote.max,
    position: lastWaitlistPosition(db) + 1,
    status: 'WAITING',
    needsAccessibility: party.needsAccessibility,
    needsHighChair: party.needsHighChair,
    occasion: party.occasion || null,
    notifiedAt: null,
    seatedAt: null,
    createdAt: now.toISOString(),
    sessionId: null,
  };
}

/** Adds a party here; a repeat of the same id answers the party already added. */
export function addToWaitlistLocally(db: WriteDb, venueId: string, party: NewParty, now: Date): WaitlistEntry {
  return transact(db, () => {
    const id = party.id ?? randomUUID();
    const known = getWaitlistEntry(db, id);
    if (known) return known;
    const entry = entryOf(db, venueId, { ...party, id }, now);
    putWaitlistEntry(db, entry);
    appendCall(db, addToWaitlistCall, {
      idempotencyKey: randomUUID(),
      body: { ...party, id },
      entityType: WAITLIST_ENTITY,
      entityId: id,
      createdAt: now.toISOString(),
    });
    return entry;
  });
}

function moved(entry: WaitlistEntry, to: WaitlistStatus, now: Date): WaitlistEntry {
  const at = now.toISOString();
  return {
    ...entry,
    status: to,
    notifiedAt: to === 'NOTIFIED' ? at : entry.notifiedAt,
    seatedAt: to === 'SEATED' ? at : entry.seatedAt,
  };
}

export function changeWaitlistStatusLocally(
  db: WriteDb,
  id: string,
  status: NewStatus,
  now: Date,
): WaitlistChangeResult {
  return transact(db, (): WaitlistChangeResult => {
    const entry = getWaitlistEntry(db, id);
    if (!entry) return { ok: false, status: 404, message: MESSAGES.notFound('Waitlist entry') };
    const move = waitlistTransition(entry.status, ACTION_FOR[status]);
    if (!move.ok) return { ok: false, status: 409, message: move.reason };
    const next = moved(entry, move.to, now);
    putWaitlistEntry(db, next);
    appendCall(db, changeWaitlistStatusCall, {
      idempotencyKey: randomUUID(),
      params: { id },
      body: { status },
      entityType: WAITLIST_ENTITY,
      entityId: id,
      createdAt: now.toISOString(),
    });
    return { ok: true, entry: next };
  });
}

export type SeatPartyResult =
  | { ok: true; answer: z.output<typeof SeatPartyAnswer> }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Seats a waiting party at a table here (POST /api/waitlist/:waitlistId/seat): the party leaves the
 * line and the table is theirs, with the session id the cloud will give it too, in the replica and
 * the outbox in one transaction. Refused, as the cloud refuses, when the party or the table may not.
 */
export function seatWaitlistPartyLocally(
  db: WriteDb,
  waitlistId: string,
  seat: { tableId: string; sessionId?: string | undefined },
  now: Date,
): SeatPartyResult {
  return transact(db, (): SeatPartyResult => {
    const entry = getWaitlistEntry(db, waitlistId);
    if (!entry) return { ok: false, status: 404, message: MESSAGES.notFound('Waitlist entry') };
    const leave = waitlistTransition(entry.status, 'seat');
    if (!leave.ok) return { ok: false, status: 409, message: leave.reason };
    // A party that checked in on a phone sits down with its guest's session, as on the cloud.
    const sessionId = entry.sessionId ?? seat.sessionId ?? randomUUID();
    const sat = seatTableLocally(db, { tableId: seat.tableId, sessionId }, entry, now);
    if (!sat.ok) return sat;
    const next = moved(entry, leave.to, now);
    putWaitlistEntry(db, next);
    appendCall(db, seatWaitlistPartyCall, {
      idempotencyKey: randomUUID(),
      params: { waitlistId },
      body: { tableId: seat.tableId, sessionId },
      entityType: WAITLIST_ENTITY,
      entityId: waitlistId,
      createdAt: now.toISOString(),
    });
    return { ok: true, answer: { entry: next, table: sat.table, sessionId } };
  });
}

/**
 * After the cloud's copy of a party replaced the replica's, replays this terminal's moves of it
 * still waiting in the outbox, so the door shows what the host did. A move the rule no longer
 * allows (the cloud's copy already has it) is left to the cloud's verdict.
 */
export function reapplyPendingWaitlistChanges(db: WriteDb, id: string, now: Date): void {
  let entry = getWaitlistEntry(db, id);
  if (!entry) return;
  let changed = false;
  // A party's add carries no status; its moves do.
  for (const status of pendingStatusesFor(db, WAITLIST_ENTITY, id)) {
    const action = status ? ACTION_FOR[status as NewStatus] : undefined;
    const move = action ? waitlistTransition(entry.status, action) : null;
    if (!move?.ok) continue;
    entry = moved(entry, move.to, now);
    changed = true;
  }
  // A seat at a table carries no status: the party it seats is SEATED.
  if (hasPendingSeat(db, WAITLIST_ENTITY, id)) {
    const move = waitlistTransition(entry.status, 'seat');
    if (move.ok) {
      entry = moved(entry, move.to, now);
      changed = true;
    }
  }
  if (changed) putWaitlistEntry(db, entry);
}

/** The cloud's copy of a party replaces the replica's, with this terminal's waiting moves on top. */
export function restoreWaitlistEntry(db: WriteDb, entry: WaitlistEntry, now: Date): WaitlistEntry {
  return transact(db, () => {
    putWaitlistEntry(db, entry);
    reapplyPendingWaitlistChanges(db, entry.id, now);
    return getWaitlistEntry(db, entry.id) ?? entry;
  });
}

/** A party the cloud does not have (its add was refused) leaves the replica's line. */
export function dropWaitlistEntry(db: WriteDb, id: string): void {
  deleteWaitlistEntry(db, id);
}

/**
 * Sets the replica's waitlist to the cloud's (from a snapshot, or read again after the cloud
 * refused a change), then replays on top what this terminal has not pushed yet: its parties added
 * and its moves.
 */
export function replaceWaitlist(db: WriteDb, venueId: string, entries: readonly WaitlistEntry[], now: Date): void {
  transact(db, () => {
    clearWaitlist(db);
    for (const entry of entries) putWaitlistEntry(db, entry);
    for (const pending of pendingOf(db, WAITLIST_ENTITY)) {
      if (pending.method !== addToWaitlistCall.method || getWaitlistEntry(db, pending.entityId)) continue;
      const party = pending.body as NewParty & { id: string };
      putWaitlistEntry(db, entryOf(db, venueId, party, new Date(pending.createdAt)));
    }
    for (const entry of listActiveWaitlist(db)) reapplyPendingWaitlistChanges(db, entry.id, now);
  });
}
