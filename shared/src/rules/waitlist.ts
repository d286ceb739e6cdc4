// The waitlist (spec 2 section 2.4, spec 3 sections 4 and 9): quoted waits, the guest's estimate,
// progress and message band, and the host's Seat and Remove moves.
import { WAITLIST, type WAITLIST_STATUSES } from '../constants.js';
import { MESSAGES } from '../messages.js';

export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

function assertPosition(position: number): void {
  if (!Number.isInteger(position) || position < 1) {
    throw new Error(`Waitlist position must be a whole number of at least 1, got ${position}`);
  }
}

/** The wait the host screen shows for position p: (15+(p-1)*5) to (25+(p-1)*5) minutes. */
export function quotedWait(position: number): { min: number; max: number } {
  assertPosition(position);
  const extra = (position - 1) * WAITLIST.minutesPerPlace;
  return { min: WAITLIST.defaultQuotedMinWait + extra, max: WAITLIST.defaultQuotedMaxWait + extra };
}

/** The quote a party joining at `place` gets: the host's, else the spec's for that place (a
 * host's shortest wait above the spec's longest stretches the longest to it). */
export function partyQuote(
  party: { quotedMinWait?: number; quotedMaxWait?: number },
  place: number,
): { min: number; max: number } {
  const spec = quotedWait(place);
  return {
    min: party.quotedMinWait ?? spec.min,
    max: party.quotedMaxWait ?? Math.max(spec.max, party.quotedMinWait ?? 0),
  };
}

/** The guest's estimate: 15 minutes plus 5 per place behind the first. */
export function guestEstimatedWaitMinutes(position: number): number {
  return quotedWait(position).min;
}

/** The position-based floor of the guest's progress bar: 85 when first, else 60 minus 10 per
 * place behind the first, at least 20. */
export function positionProgressFloor(position: number): number {
  assertPosition(position);
  if (position === 1) return 85;
  return Math.max(20, 60 - 10 * (position - 1));
}

export interface GuestProgressInput {
  status: string;
  position: number;
  joinedAt: Date;
  estimatedWaitMinutes: number;
}

/** The guest's progress bar in percent (whole numbers, as a bar needs no fractions). */
export function guestWaitProgress(entry: GuestProgressInput, now: Date): number {
  switch (entry.status) {
    case 'READY':
    case 'SEATED':
      return 100;
    case 'NOTIFIED':
      return 90;
    default: {
      const elapsedMinutes = Math.max(0, now.getTime() - entry.joinedAt.getTime()) / 60_000;
      const byTime =
        entry.estimatedWaitMinutes > 0 ? Math.min(80, (elapsedMinutes / entry.estimatedWaitMinutes) * 80) : 80;
      return Math.round(Math.max(byTime, positionProgressFloor(entry.position)));
    }
  }
}

export type WaitlistBand = 'first' | 'soon' | 'later';

/** Messages differ for first place, positions 2-3 and the rest. */
export function waitlistBand(position: number): WaitlistBand {
  assertPosition(position);
  if (position === 1) return 'first';
  if (position <= 3) return 'soon';
  return 'later';
}

export function waitlistBandMessage(position: number): string {
  const band = waitlistBand(position);
  switch (band) {
    case 'first':
      return MESSAGES.waitlistFirst;
    case 'soon':
      return MESSAGES.waitlistSoon;
    case 'later':
      return MESSAGES.waitlistLater;
    default: {
      const never: never = band;
      throw new Error(`Unknown band ${String(never)}`);
    }
  }
}

export type WaitlistAction = 'seat' | 'remove' | 'notify' | 'restore';

const WAITLIST_MOVES: Record<WaitlistAction, { from: readonly WaitlistStatus[]; to: WaitlistStatus }> = {
  // A notified party may still be seated or removed; a seated or cancelled one is done.
  seat: { from: ['WAITING', 'NOTIFIED'], to: 'SEATED' },
  remove: { from: ['WAITING', 'NOTIFIED'], to: 'CANCELLED' },
  notify: { from: ['WAITING'], to: 'NOTIFIED' },
  // Undo of a Remove: the party goes back to its place in line (its position never changed).
  restore: { from: ['CANCELLED'], to: 'WAITING' },
};

export function waitlistTransition(
  status: WaitlistStatus,
  action: WaitlistAction,
): { ok: true; to: WaitlistStatus } | { ok: false; reason: string } {
  const move = WAITLIST_MOVES[action];
  if (!move.from.includes(status)) return { ok: false, reason: MESSAGES.waitlistTransitionRefused(status, move.to) };
  return { ok: true, to: move.to };
}

/** The parties still in line, in queue order; the first is marked Next Up. */
export function activeQueue<T extends { status: string; position: number }>(entries: readonly T[]): T[] {
  return entries
    .filter((e) => e.status === 'WAITING' || e.status === 'NOTIFIED')
    .sort((a, b) => a.position - b.position);
}

/** The next party to notify when a table frees up: the first still WAITING. */
export function nextToNotify<T extends { status: string; position: number }>(entries: readonly T[]): T | null {
  return activeQueue(entries).find((e) => e.status === 'WAITING') ?? null;
}
