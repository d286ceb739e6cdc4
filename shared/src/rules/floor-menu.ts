// The designer's table context menu (spec 2 sections 2.2, 4 and 5): Chair Management's seat
// changes and which of them are offered, the status toggle, and the 45-degree turn. Pure: the
// menu shows what these answer and applies it to the draft.

import { FLOOR_TEXTS } from '../floor-texts.js';
import type { TableState } from '../schemas/entities.js';
import { clampCapacity, FLOOR_DESIGN } from './floor-layout.js';

export interface ChairChoice {
  label: string;
  /** The short form a row of quick set values shows ("6" for "Set 6 seats"). */
  short?: string;
  /** The capacity it sets, or null when it is not offered at this capacity (shown disabled). */
  to: number | null;
}

/** Quick set values of Chair Management (spec 2 section 5). */
const QUICK_SEATS = [1, 2, 4, 6, 8, 10, 12] as const;

/**
 * Chair Management at `capacity` seats: Add Chair and Remove Chair (disabled at 1 or less), -2
 * (disabled at 2 or less; it floors at 1), +1, +2, +4, and the quick set values. Every result
 * stays within the seat limits a table has (1 to 20).
 */
export function chairChoices(capacity: number): ChairChoice[] {
  const to = (n: number) => clampCapacity(n);
  return [
    { label: FLOOR_TEXTS.addChair, to: to(capacity + 1) },
    { label: FLOOR_TEXTS.removeChair, to: capacity <= 1 ? null : to(capacity - 1) },
    { label: '-2', to: capacity <= 2 ? null : Math.max(1, to(capacity - 2)) },
    { label: '+1', to: to(capacity + 1) },
    { label: '+2', to: to(capacity + 2) },
    { label: '+4', to: to(capacity + 4) },
    ...QUICK_SEATS.map((n) => ({ label: FLOOR_TEXTS.setSeats(n), short: String(n), to: n })),
  ].map((c) => (c.to !== null && c.to > FLOOR_DESIGN.capacityMax ? { ...c, to: null } : c));
}

/** The context menu's status toggle: EMPTY becomes OCCUPIED, anything else EMPTY (spec 2 section 4). */
export function toggledStatus(state: TableState): TableState {
  return state === 'EMPTY' ? 'OCCUPIED' : 'EMPTY';
}

/** Rotate 45°: the next step of 45 degrees, kept within 0 to 359. */
export function rotatedByStep(rotation: number): number {
  return (((rotation + FLOOR_DESIGN.rotationStep) % 360) + 360) % 360;
}
