import { describe, expect, it } from 'vitest';
import { ORDER_ITEM_STATES } from '../constants.js';
import type { OrderItemState } from '../schemas/entities.js';
import { dueToFire, initialItemStatus, isHeld, staffItemTransition, staffMovesFrom } from './order-items.js';

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

  it('moves offered from a state, in the table order', () => {
    expect(staffMovesFrom('IN_PREP').map((m) => m.trigger)).toEqual(['Ready', 'Pause']);
    expect(staffMovesFrom('DELIVERED')).toEqual([]);
  });
});

describe('held items and firing', () => {
  const now = new Date('2025-01-01T19:00:00Z');
  it('an item whose course has fired goes straight to the kitchen', () => {
    expect(initialItemStatus(now, now)).toBe('SENT_TO_KITCHEN');
    expect(initialItemStatus(new Date('2025-01-01T19:05:00Z'), now)).toBe('CONFIRMED');
  });
  it('held items are CREATED or CONFIRMED; those due at now fire', () => {
    expect(isHeld('CONFIRMED')).toBe(true);
    expect(isHeld('SENT_TO_KITCHEN')).toBe(false);
    const items = [
      { id: 'a', status: 'CONFIRMED' as const, fireAt: '2025-01-01T18:59:00Z' },
      { id: 'b', status: 'CONFIRMED' as const, fireAt: '2025-01-01T19:00:01Z' },
      { id: 'c', status: 'IN_PREP' as const, fireAt: '2025-01-01T18:00:00Z' },
    ];
    expect(dueToFire(items, now).map((i) => i.id)).toEqual(['a']);
  });
});
