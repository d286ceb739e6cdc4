// Guest seat selection (spec 3 sections 2, 4 and 9): the filters and the hold countdown.
import type { SEAT_FILTER_PARTY_SIZES, SeatFeature } from '../constants.js';
import { MESSAGES } from '../messages.js';

/** The guest view of a table (spec 3 section 3). */
export interface SeatTable {
  zone: string | null;
  capacity: number;
  isAccessible: boolean;
  hasView: boolean;
  hasPlugs: boolean;
  isQuiet: boolean;
}

export interface SeatFilters {
  /** A zone name, or null for all zones. */
  zone: string | null;
  /** 2+, 4+, 6+ or 8+ seats, or null for any size. */
  minSeats: (typeof SEAT_FILTER_PARTY_SIZES)[number] | null;
  features: readonly SeatFeature[];
}

export const NO_SEAT_FILTERS: SeatFilters = { zone: null, minSeats: null, features: [] };

function hasFeature(table: SeatTable, feature: SeatFeature): boolean {
  switch (feature) {
    case 'accessibility':
      return table.isAccessible;
    case 'view':
      return table.hasView;
    case 'plugs':
      return table.hasPlugs;
    case 'quiet':
      return table.isQuiet;
    default: {
      const never: never = feature;
      throw new Error(`Unknown seat feature ${String(never)}`);
    }
  }
}

/** Tables matching every chosen filter: the zone, at least the seats, and all chosen features. */
export function filterSeats<T extends SeatTable>(tables: readonly T[], filters: SeatFilters): T[] {
  return tables.filter(
    (t) =>
      (filters.zone === null || t.zone === filters.zone) &&
      (filters.minSeats === null || t.capacity >= filters.minSeats) &&
      filters.features.every((f) => hasFeature(t, f)),
  );
}

export interface HoldCountdown {
  remainingMs: number;
  /** minutes:seconds, e.g. 2:05. */
  text: string;
  expired: boolean;
}

/** The hold timer from the server's expiry; whole seconds are rounded up so 0:00 means expired. */
export function holdCountdown(expiresAt: Date, now: Date): HoldCountdown {
  const remainingMs = Math.max(0, expiresAt.getTime() - now.getTime());
  const seconds = Math.ceil(remainingMs / 1000);
  return {
    remainingMs,
    text: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
    expired: remainingMs === 0,
  };
}

/** Why another table cannot be picked: a hold is active and must be confirmed or cancelled. */
export function selectTableProblem(activeHold: { expiresAt: Date } | null, now: Date): string | null {
  if (activeHold && !holdCountdown(activeHold.expiresAt, now).expired) return MESSAGES.tableAlreadyReserved;
  return null;
}
