// Order-item transitions. Staff moves follow spec 2 section 4's table; the system moves an item
// from CONFIRMED to SENT_TO_KITCHEN when its course fires.

import { MESSAGES } from '../messages.js';
import type { OrderItemState } from '../schemas/entities.js';
import { hasFired } from './courses.js';

export type StaffTrigger = 'Start Prep' | 'Ready' | 'Pause' | 'Resume' | 'Recall' | 'Pick Up' | 'Delivered' | 'Return';

interface Move {
  from: OrderItemState;
  to: OrderItemState;
  trigger: StaffTrigger;
  needsRunner?: boolean;
  /** An undo: made only when the move names the state it undoes (see staffItemTransition). */
  undo?: boolean;
}

const STAFF_ITEM_TRANSITIONS: readonly Move[] = [
  { from: 'SENT_TO_KITCHEN', to: 'IN_PREP', trigger: 'Start Prep' },
  { from: 'IN_PREP', to: 'READY_FOR_RUN', trigger: 'Ready' },
  { from: 'IN_PREP', to: 'PAUSE', trigger: 'Pause' },
  { from: 'PAUSE', to: 'IN_PREP', trigger: 'Resume' },
  // A mistaken bump undone (issue 22 item 8): back to where Ready took it from, until it is picked up.
  { from: 'READY_FOR_RUN', to: 'IN_PREP', trigger: 'Recall', undo: true },
  { from: 'READY_FOR_RUN', to: 'OUT_FOR_DELIVERY', trigger: 'Pick Up', needsRunner: true },
  { from: 'OUT_FOR_DELIVERY', to: 'DELIVERED', trigger: 'Delivered' },
  { from: 'OUT_FOR_DELIVERY', to: 'RETURN_REQUESTED', trigger: 'Return' },
];

export type TransitionResult =
  | { ok: true; trigger: StaffTrigger; needsRunner: boolean }
  | { ok: false; reason: string };

/**
 * Whether staff may move an item from `from` to `to`, and if not, why. An undo (Recall) needs
 * `named`: the move said which state it expects to leave. A move asking only for its target (a
 * Start Prep queued offline, replayed after the item was made ready elsewhere) never undoes work.
 */
export function staffItemTransition(from: OrderItemState, to: OrderItemState, named = false): TransitionResult {
  const move = STAFF_ITEM_TRANSITIONS.find((m) => m.from === from && m.to === to && (named || !m.undo));
  if (!move) return { ok: false, reason: MESSAGES.itemTransitionRefused(from, to) };
  return { ok: true, trigger: move.trigger, needsRunner: move.needsRunner ?? false };
}

/** The states staff may move an item to `to` from, by a move that need not name them. */
export function staffMovesTo(to: OrderItemState): OrderItemState[] {
  return STAFF_ITEM_TRANSITIONS.filter((m) => m.to === to && !m.undo).map((m) => m.from);
}

/** The staff moves offered for an item in `state`, in the table's order. */
export function staffMovesFrom(state: OrderItemState): readonly Move[] {
  return STAFF_ITEM_TRANSITIONS.filter((m) => m.from === state);
}

/** The status a new item takes when ordered: straight to the kitchen if its course has fired. */
export function initialItemStatus(fireAt: Date, now: Date): OrderItemState {
  return hasFired(fireAt, now) ? 'SENT_TO_KITCHEN' : 'CONFIRMED';
}

/** The states of an item waiting for its course to fire; the firers' queries filter on these. */
export const HELD_ITEM_STATES: readonly OrderItemState[] = ['CREATED', 'CONFIRMED'];

/** An item waiting for its course to fire. */
export function isHeld(status: OrderItemState): boolean {
  return HELD_ITEM_STATES.includes(status);
}

/**
 * Whether an item is due to fire at `now`: still held, and its course's time has come. The cloud
 * firer, the terminal firer and a staff move on either tier all fire exactly these.
 */
export function isDue(item: { status: OrderItemState; fireAt: Date | string }, now: Date): boolean {
  return isHeld(item.status) && hasFired(new Date(item.fireAt), now);
}

/** The item states the kitchen display lists: held, fired, in preparation, paused and ready. */
export const KITCHEN_VISIBLE_STATES: readonly OrderItemState[] = [
  'CONFIRMED',
  'SENT_TO_KITCHEN',
  'IN_PREP',
  'PAUSE',
  'READY_FOR_RUN',
];
