import { describe, expect, it } from 'vitest';
import { ORDER_ITEM_STATES } from '../constants.js';
import type { OrderItemState } from '../schemas/entities.js';
import {
  HELD_ITEM_STATES,
  initialItemStatus,
  isDue,
  isHeld,
  staffItemTransition,
  staffMovesFrom,
} from './order-items.js';

describe('staff item transitions (spec 2 section 4)', () => {
  it.each<[OrderItemState, OrderItemState, string, boolean]>([
    ['SENT_TO_KITCHEN', 'IN_PREP', 'Start Prep', false],
    ['IN_PREP', 'READY_FOR_RUN', 'Ready', false],
    ['IN_PREP', 'PAUSE', 'Pause', false],
    ['PAUSE', 'IN_PREP', 'Resume', false],
    ['READY_FOR_RUN', 'OUT_FOR_DELIVERY', 'Pick Up', true],
    ['OUT_FOR_DELIVERY', 'DELIVERED', 'Delivered', false],
    ['OUT_FOR_DELIVERY', 'RETURN_REQUESTED', 'Return', false],
  ])('%s → %s by %s', (from, to, trigger, needsRunner) => {
    expect(staffItemTransition(from, to)).toEqual({ ok: true, trigger, needsRunner });
  });

  it('every other pair is refused with a reason', () => {
    let allowed = 0;
    for (const from of ORDER_ITEM_STATES) {
      for (const to of ORDER_ITEM_STATES) {
        const r = staffItemTransition(from, to);
        if (r.ok) allowed += 1;
        else expect(r.reason).toBe(`Cannot change item status from ${from} to ${to}`);
      }
    }
    expect(allowed).toBe(7);
  });

  it('Recall undoes a bump only when the move names the state it undoes', () => {
    expect(staffItemTransition('READY_FOR_RUN', 'IN_PREP', true)).toEqual({
      ok: true,
      trigger: 'Recall',
      needsRunner: false,
    });
    // a Start Prep asks only for IN_PREP: replayed on a ready item, it must not undo the work
    expect(staffItemTransition('READY_FOR_RUN', 'IN_PREP')).toEqual({
      ok: false,
      reason: 'Cannot change item status from READY_FOR_RUN to IN_PREP',
    });
  });

  it('moves offered from a state, in the table order', () => {
    expect(staffMovesFrom('IN_PREP').map((m) => m.trigger)).toEqual(['Ready', 'Pause']);
    expect(staffMovesFrom('READY_FOR_RUN').map((m) => m.trigger)).toEqual(['Recall', 'Pick Up']);
    expect(staffMovesFrom('DELIVERED')).toEqual([]);
  });
});

describe('held items and firing', () => {
  const now = new Date('2025-01-01T19:00:00Z');
  it('an item whose course has fired goes straight to the kitchen', () => {
    expect(initialItemStatus(now, now)).toBe('SENT_TO_KITCHEN');
    expect(initialItemStatus(new Date('2025-01-01T19:05:00Z'), now)).toBe('CONFIRMED');
  });
  it('held items are exactly CREATED and CONFIRMED', () => {
    expect(ORDER_ITEM_STATES.filter(isHeld)).toEqual(['CREATED', 'CONFIRMED']);
    expect([...HELD_ITEM_STATES].sort()).toEqual(['CONFIRMED', 'CREATED']);
  });
  it.each<[string, OrderItemState, string | Date, boolean]>([
    ['held, time passed', 'CONFIRMED', '2025-01-01T18:59:00Z', true],
    ['held, time exactly now', 'CREATED', '2025-01-01T19:00:00Z', true],
    ['held, as a Date', 'CONFIRMED', new Date('2025-01-01T18:00:00Z'), true],
    ['held, a second early', 'CONFIRMED', '2025-01-01T19:00:01Z', false],
    ['already in the kitchen', 'SENT_TO_KITCHEN', '2025-01-01T18:00:00Z', false],
    ['in preparation', 'IN_PREP', '2025-01-01T18:00:00Z', false],
  ])('due at now: %s', (_, status, fireAt, due) => {
    expect(isDue({ status, fireAt }, now)).toBe(due);
  });
});
