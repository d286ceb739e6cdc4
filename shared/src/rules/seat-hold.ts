// The guest's hold on a table, as the seat-selection page keeps it (spec 3 sections 2 and 4; issue
// 21): picking a table holds it until the expiry the server returns, about 3 minutes, counted down
// in minutes:seconds; while it is held no other table can be picked (selectTableProblem); Confirm
// turns it into the party's table and Cancel lets it go; on expiry the selection clears with
// 'Reservation Expired'. A pure reducer of the page's state and what happened: the clock's tick,
// the server's answers and the tables it reads, and the guest's taps.
import { holdCountdown } from './seat-selection.js';

export interface SeatHold {
  tableId: string;
  tableName: string;
  expiresAt: Date;
  /** When the page learned of the hold (ms): a read of the tables made before then does not know it. */
  since: number;
}

export interface SeatHoldState {
  hold: SeatHold | null;
  /** The page's clock, which the countdown reads. */
  now: Date;
  /** Confirm was pressed, or the party is seated: the hold is becoming the party's table, and a read
   * that no longer shows it (the live update of the seating can come before the confirm's answer)
   * is no expiry. */
  confirming: boolean;
  /** The hold last let go (`tableId@expiry`): a read made before the server let go of it does not
   * bring it back. */
  dropped: string | null;
  /** The last hold that ran out, by its clock or on the server: the page says so once for each. */
  expired: SeatHold | null;
}

/**
 * What the page knows of a table from a read: whether, and until when, it is held for this guest.
 * @internal exported for its tests
 */
export interface HeldTableFacts {
  id: string;
  name: string;
  /** ISO time; null when the table is not held for this guest. */
  heldByYouUntil: string | null;
}

export type SeatHoldAction =
  /** A second passed on the page's clock. */
  | { type: 'tick'; now: Date }
  /** The server held the picked table (the hold call's answer), at `at` (ms). */
  | { type: 'held'; tableId: string; tableName: string; expiresAt: Date; at: number }
  /** The tables as read at `at` (ms): a hold of this guest the page did not know of (a reload) is
   * taken up, and the page's hold ends when a read made after it no longer shows it. */
  | { type: 'read'; tables: readonly HeldTableFacts[]; at: number }
  /** The guest tapped Cancel. */
  | { type: 'cancel' }
  /** The guest tapped Confirm, or the party was seated meanwhile. */
  | { type: 'confirm' }
  /** The confirm was refused: the selection clears. */
  | { type: 'confirmRefused' };

export function initialSeatHold(now: Date): SeatHoldState {
  return { hold: null, now, confirming: false, dropped: null, expired: null };
}

/** The clock moved on to `ms` if that is later: a hold's countdown starts from when it was learned. */
const later = (now: Date, ms: number) => (ms > now.getTime() ? new Date(ms) : now);

const keyOf = (tableId: string, expiresAt: Date) => `${tableId}@${expiresAt.toISOString()}`;

/** Lets the hold go; the page will not take it up again from a read older than this. */
function letGo(state: SeatHoldState, expired: boolean): SeatHoldState {
  if (!state.hold) return state;
  return {
    ...state,
    hold: null,
    confirming: false,
    dropped: keyOf(state.hold.tableId, state.hold.expiresAt),
    expired: expired ? state.hold : state.expired,
  };
}

export function seatHoldReducer(state: SeatHoldState, action: SeatHoldAction): SeatHoldState {
  switch (action.type) {
    case 'tick': {
      const next = { ...state, now: action.now };
      const ranOut = next.hold && !next.confirming && holdCountdown(next.hold.expiresAt, next.now).expired;
      return ranOut ? letGo(next, true) : next;
    }
    case 'held':
      return {
        ...state,
        hold: { tableId: action.tableId, tableName: action.tableName, expiresAt: action.expiresAt, since: action.at },
        now: later(state.now, action.at),
        confirming: false,
      };
    case 'read': {
      const { hold } = state;
      if (hold) {
        const stillHeld = action.tables.some((t) => t.id === hold.tableId && t.heldByYouUntil !== null);
        return action.at > hold.since && !stillHeld && !state.confirming ? letGo(state, true) : state;
      }
      const found = action.tables.find((t) => t.heldByYouUntil !== null);
      if (!found?.heldByYouUntil) return state;
      const expiresAt = new Date(found.heldByYouUntil);
      if (Number.isNaN(expiresAt.getTime()) || keyOf(found.id, expiresAt) === state.dropped) return state;
      // The read knew of the hold: it is as old as the hold, for the next read to be newer.
      return {
        ...state,
        hold: { tableId: found.id, tableName: found.name, expiresAt, since: action.at - 1 },
        now: later(state.now, action.at),
      };
    }
    case 'cancel':
      return letGo(state, false);
    case 'confirm':
      return state.confirming ? state : { ...state, confirming: true };
    case 'confirmRefused':
      return { ...letGo(state, false), confirming: false };
    default: {
      const never: never = action;
      throw new Error(`Unknown seat hold action ${String((never as { type: unknown }).type)}`);
    }
  }
}
