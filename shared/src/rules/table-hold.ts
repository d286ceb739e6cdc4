// A guest's hold on a table and where check-in sends a party (spec 3 sections 2 and 4): the hold's
// expiry, whether a stored hold still counts, which tables fit a party's needs, and the check-in
// route (seated at once, choose a table, or join the waitlist).
import { TABLE_HOLD_MS } from '../constants.js';
import type { TableState } from '../schemas/entities.js';

/** When a hold taken now ends (about 3 minutes, spec 3 section 9). */
export function holdExpiry(now: Date, holdMs: number = TABLE_HOLD_MS): Date {
  return new Date(now.getTime() + holdMs);
}

/** A hold counts until its expiry; one without an expiry never held anything. */
export function isHoldLive(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() > now.getTime();
}

/**
 * The state a table is in for a new party: a guest's hold (HOLD_SOFT) that ran out is a free table
 * even before the sweep has released it, so nobody waits on a hold that no longer exists.
 */
export function effectiveTableState(state: TableState, holdExpiresAt: Date | null, now: Date): TableState {
  return state === 'HOLD_SOFT' && !isHoldLive(holdExpiresAt, now) ? 'EMPTY' : state;
}

export interface PartyNeeds {
  partySize: number;
  needsAccessibility: boolean;
  needsHighChair: boolean;
}

/**
 * Seats a party takes: a high chair takes a place at the table too.
 * @internal exported for its tests
 */
export function seatsNeeded(needs: PartyNeeds): number {
  return needs.partySize + (needs.needsHighChair ? 1 : 0);
}

export interface FittingTable {
  capacityMax: number;
  isAccessible: boolean;
}

/**
 * A table fits a party when it seats everyone (and the high chair) and, if needed, takes a wheelchair.
 * @internal exported for its tests
 */
export function tableFits(table: FittingTable, needs: PartyNeeds): boolean {
  return table.capacityMax >= seatsNeeded(needs) && (!needs.needsAccessibility || table.isAccessible);
}

export type CheckinRoute = 'session_created' | 'seat_selection' | 'waitlist';

/**
 * Where check-in sends a party: straight to the QR code's table when it is free and fits; to seat
 * selection when another free table fits (the guest chooses); to the waitlist when none does.
 */
export function checkinRoute<T extends FittingTable>(input: {
  qrTable: T | null;
  tables: readonly T[];
  needs: PartyNeeds;
  isFree: (table: T) => boolean;
}): CheckinRoute {
  const { qrTable, tables, needs, isFree } = input;
  if (qrTable && isFree(qrTable) && tableFits(qrTable, needs)) return 'session_created';
  return tables.some((t) => isFree(t) && tableFits(t, needs)) ? 'seat_selection' : 'waitlist';
}
