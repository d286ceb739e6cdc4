// The host's front desk (spec 2 sections 2.4 and 2.10): which tables a party may be seated at, and
// the host console's floor plan grid. Seating is the one table state machine's staff 'seat' move.
import { HOST_FLOOR_PLAN } from '../constants.js';
import type { Table, TableState } from '../schemas/entities.js';
import { compareTables } from './table-order.js';
import { TABLE_STATE_LABELS, tableMove } from './tables.js';

export interface SeatChoice {
  table: Table;
  /** The state machine lets the host seat a party here now. */
  canSeat: boolean;
  /** The party fits the table's capacity. */
  fits: boolean;
}

/** Every table in order, each with whether the host may seat the party there: free tables that fit first. */
export function seatChoices(tables: readonly Table[], partySize: number): SeatChoice[] {
  const choices = [...tables].sort(compareTables).map((table) => ({
    table,
    canSeat: tableMove(table.state, 'OCCUPIED', 'staff').ok,
    fits: partySize <= table.capacityMax,
  }));
  const rank = (c: SeatChoice) => (c.canSeat ? (c.fits ? 0 : 1) : 2);
  return choices
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** The host console's floor plan: 36 cells in 6 columns filled with the tables in order (null: an empty cell). */
export function hostFloorCells(tables: readonly Table[]): (Table | null)[] {
  const ordered = [...tables].sort(compareTables).slice(0, HOST_FLOOR_PLAN.cells);
  return Array.from({ length: HOST_FLOOR_PLAN.cells }, (_, i) => ordered[i] ?? null);
}

/** A table's state as the host's screens name it ('Hold', 'Paid', 'QA Check'). */
export function floorStateLabel(state: TableState): string {
  return TABLE_STATE_LABELS[state];
}
