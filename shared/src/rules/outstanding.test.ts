import { describe, expect, it } from 'vitest';
import type { Order, OrderItemState } from '../schemas/entities.js';
import {
  isRushParty,
  ordersOfTableParty,
  outstandingCount,
  outstandingItems,
  outstandingStage,
  partyFacts,
  tableServiceNote,
} from './outstanding.js';

const item = (id: string, status: OrderItemState, quantity = 1) => ({
  id,
  menuItemName: `Dish ${id}`,
  quantity,
  status,
});
const order = (id: string, items: ReturnType<typeof item>[], priority: Order['priority'] = 'normal') =>
  ({ id, items, priority }) as unknown as Order;

describe('what a party still has coming (issue 22)', () => {
  it.each<[OrderItemState, string | null]>([
    ['CREATED', 'held'],
    ['CONFIRMED', 'held'],
    ['SENT_TO_KITCHEN', 'kitchen'],
    ['IN_PREP', 'kitchen'],
    ['PAUSE', 'kitchen'],
    ['READY_FOR_RUN', 'ready'],
    ['OUT_FOR_DELIVERY', 'onRunner'],
    ['RETURN_REQUESTED', 'returned'],
    ['DELIVERED', null],
    ['CLOSED', null],
  ])('an item %s is %s', (status, stage) => {
    expect(outstandingStage(status)).toBe(stage);
  });

  it('counts held courses, the kitchen, the pass and the runner, by quantity; served items are not counted', () => {
    const orders = [
      order('o1', [item('a', 'DELIVERED', 2), item('b', 'CONFIRMED', 2)]),
      order('o2', [item('c', 'OUT_FOR_DELIVERY'), item('d', 'IN_PREP')], 'high'),
    ];
    expect(outstandingItems(orders).map((i) => [i.id, i.stage])).toEqual([
      ['b', 'held'],
      ['c', 'onRunner'],
      ['d', 'kitchen'],
    ]);
    expect(outstandingCount(orders)).toBe(4);
    expect(partyFacts(orders)).toEqual({ outstanding: 4, rushOrder: true });
    expect(partyFacts([])).toEqual({ outstanding: 0, rushOrder: false });
    expect(isRushParty([order('o', [], 'normal')])).toBe(false);
  });

  it('a table shows its party’s orders only: an earlier party’s forgotten order does not count', () => {
    const table = { id: 't1', timeSeated: '2026-11-28T19:00:00.000Z' };
    const orders = [
      { id: 'old', tableId: 't1', createdAt: '2026-11-28T17:00:00.000Z' },
      { id: 'now', tableId: 't1', createdAt: '2026-11-28T19:05:00.000Z' },
      { id: 'other', tableId: 't2', createdAt: '2026-11-28T19:05:00.000Z' },
    ];
    expect(ordersOfTableParty(orders, table).map((o) => o.id)).toEqual(['now']);
    expect(ordersOfTableParty(orders, { id: 't1', timeSeated: null }).map((o) => o.id)).toEqual(['old', 'now']);
  });

  it('a paid table with food still to serve says exactly that', () => {
    expect(tableServiceNote('PAYMENT_VERIFIED', 2)).toBe('Paid · 2 items to serve');
    expect(tableServiceNote('PAYMENT_VERIFIED', 1)).toBe('Paid · 1 item to serve');
    expect(tableServiceNote('PAYMENT_VERIFIED', 0)).toBe('Paid · all served');
    expect(tableServiceNote('EXIT_PENDING', 3)).toBe('Party left · 3 items to serve');
    expect(tableServiceNote('EATING', 3)).toBeNull();
  });
});
