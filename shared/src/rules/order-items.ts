// Order-item transitions. Staff moves follow spec 2 section 4's table; the system moves an item
// from CONFIRMED to SENT_TO_KITCHEN when its course fires.

import { MESSAGES } from '../messages.js';
import type { OrderItemState } from '../schemas/entities.js';

export type StaffTrigger = 'Start Prep' | 'Ready' | 'Pause' | 'Resume' | 'Pick Up' | 'Delivered' | 'Return';

interface Move {
  from: OrderItemState;
  to: OrderItemState;
  trigger: StaffTrigger;
  needsRunner?: boolean;
}

export const STAFF_ITEM_TRANSITIONS: readonly Move[] = [
  { from: 'SENT_TO_KITCHEN', to: 'IN_PREP', trigger: 'Start Prep' },
  { from: 'IN_PREP', to: 'READY_FOR_RUN', trigger: 'Ready' },
  { from: 'IN_PREP', to: 'PAUSE', trigger: 'Pause' },
  { from: 'PAUSE', to: 'IN_PREP', trigger: 'Resume' },
  { from: 'READY_FOR_RUN', to: 'OUT_FOR_DELIVERY', trigger: 'Pick Up', needsRunner: true },
  { from: 'OUT_FOR_DELIVERY', to: 'DELIVERED', trigger: 'Delivered' },
  { from: 'OUT_FOR_DELIVERY', to: 'RETURN_REQUESTED', trigger: 'Return' },
];

export type TransitionResult =
  | { ok: true; trigger: StaffTrigger; needsRunner: boolean }
  | { ok: false; reason: string };

/** Whether staff may move an item from `from` to `to`, and if not, why. */
export function staffItemTransition(from: OrderItemState, to: OrderItemState): TransitionResult {
  const move = STAFF_ITEM_TRANSITIONS.find((m) => m.from === from && m.to === to);
  if (!move) return { ok: false, reason: MESSAGES.itemTransitionRefused(from, to) };
  return { ok: true, trigger: move.trigger, needsRunner: move.needsRunner ?? false };
}

/** The staff moves offered for an item in `state`, in the table's order. */
export function staffMovesFrom(state: OrderItemState): readonly Move[] {
  return STAFF_ITEM_TRANSITIONS.filter((m) => m.from === state);
}

/** The status a new item takes when ordered: straight to the kitchen if its course has fired. */
export function initialItemStatus(fireAt: Date, now: Date): OrderItemState {
  return fireAt.getTime() <= now.getTime() ? 'SENT_TO_KITCHEN' : 'CONFIRMED';
}

/** An item waiting for its course to fire. */
export function isHeld(status: OrderItemState): boolean {
  return status === 'CONFIRMED' || status === 'CREATED';
}

/** The item states the kitchen display lists: held, fired, in preparation, paused and ready. */
export const KITCHEN_VISIBLE_STATES: readonly OrderItemState[] = [
  'CONFIRMED',
  'SENT_TO_KITCHEN',
  'IN_PREP',
  'PAUSE',
  'READY_FOR_RUN',
];

/** Items due to fire at `now`: held items whose fire time has come. */
export function dueToFire<T extends { status: OrderItemState; fireAt: string }>(items: readonly T[], now: Date): T[] {
  return items.filter((i) => isHeld(i.status) && new Date(i.fireAt).getTime() <= now.getTime());
}
