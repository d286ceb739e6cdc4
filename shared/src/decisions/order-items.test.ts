import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { MESSAGES, SERVICE_MESSAGES } from '../messages.js';
import type { Order, OrderItem, OrderItemState } from '../schemas/entities.js';
import {
  accepted,
  decideBatchUpdate,
  decideCancelItem,
  decideFireCourse,
  decideItemMove,
  decideItemMoves,
  isFire,
  lastItemStatuses,
  plainMovesTo,
  together,
} from './order-items.js';

const NOW = new Date('2026-06-14T19:10:00.000Z');
const AT = NOW.toISOString();
const DUE = '2026-06-14T19:05:00.000Z';
const LATER = '2026-06-14T19:35:00.000Z';
const [A, B, UNKNOWN] = [
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
];

const item = (status: OrderItemState, fireAt = DUE, id = A): OrderItem => ({
  id,
  orderId: '11111111-1111-4111-8111-111111111111',
  venueId: '22222222-2222-4222-8222-222222222222',
  menuItemId: '33333333-3333-4333-8333-333333333333',
  menuItemName: 'Steak',
  station: 'Grill',
  prepTime: 15,
  quantity: 1,
  unitPrice: '20.00',
  totalPrice: '20.00',
  notes: null,
  modifiers: [],
  course: 'main',
  status,
  fireAt,
  createdAt: '2026-06-14T19:00:00.000Z',
  updatedAt: '2026-06-14T19:00:00.000Z',
});

function refusalOf(act: () => unknown): AppError | null {
  try {
    act();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return null;
}

describe('decideItemMove', () => {
  it.each<[string, OrderItemState, string, OrderItemState, [OrderItemState, OrderItemState][]]>([
    ['Start Prep', 'SENT_TO_KITCHEN', DUE, 'IN_PREP', [['SENT_TO_KITCHEN', 'IN_PREP']]],
    ['Pause', 'IN_PREP', DUE, 'PAUSE', [['IN_PREP', 'PAUSE']]],
    ['Resume', 'PAUSE', DUE, 'IN_PREP', [['PAUSE', 'IN_PREP']]],
    ['Ready', 'IN_PREP', DUE, 'READY_FOR_RUN', [['IN_PREP', 'READY_FOR_RUN']]],
    [
      'Start Prep of a due item: fired first',
      'CONFIRMED',
      DUE,
      'IN_PREP',
      [
        ['CONFIRMED', 'SENT_TO_KITCHEN'],
        ['SENT_TO_KITCHEN', 'IN_PREP'],
      ],
    ],
  ])('moves: %s', (_, from, fireAt, to, moves) => {
    const decided = decideItemMove(item(from, fireAt), to, NOW);
    expect(decided.answer).toEqual({ ...item(from, fireAt), status: to, updatedAt: AT });
    expect(decided.writes).toEqual(moves.map(([f, t]) => ({ kind: 'item.status', itemId: A, from: f, to: t })));
    expect(decided.events).toEqual(
      moves.map(([f, t]) => ({
        type: 'order.item.status.changed',
        item: { ...item(from, fireAt), status: t, updatedAt: AT },
        from: f,
        to: t,
      })),
    );
    // The fire is the automation's, the move the actor's.
    expect([...(decided.byAutomation ?? [])]).toEqual(moves.length > 1 ? [decided.events[0]] : []);
  });

  it.each<[string, OrderItem | null, OrderItemState, number, string, string]>([
    ['an unknown item', null, 'IN_PREP', 404, 'not_found', MESSAGES.notFound('Order item')],
    [
      'a move the table has not',
      item('IN_PREP'),
      'DELIVERED',
      409,
      'transition_refused',
      MESSAGES.itemTransitionRefused('IN_PREP', 'DELIVERED'),
    ],
    [
      'a held item not yet due',
      item('CONFIRMED', LATER),
      'IN_PREP',
      409,
      'transition_refused',
      MESSAGES.itemTransitionRefused('CONFIRMED', 'IN_PREP'),
    ],
    [
      'a due item, judged from the kitchen (its fire not kept)',
      item('CONFIRMED'),
      'DELIVERED',
      409,
      'transition_refused',
      MESSAGES.itemTransitionRefused('SENT_TO_KITCHEN', 'DELIVERED'),
    ],
    [
      'a move to where it is',
      item('IN_PREP'),
      'IN_PREP',
      409,
      'transition_refused',
      MESSAGES.itemTransitionRefused('IN_PREP', 'IN_PREP'),
    ],
  ])('refuses %s', (_, given, to, status, id, message) => {
    expect(refusalOf(() => decideItemMove(given, to, NOW))).toMatchObject({ status, id, message });
  });
});

describe('decideItemMoves', () => {
  it('decides each move on what the moves before it left, each refusal in its place', () => {
    const outcomes = decideItemMoves(
      [item('SENT_TO_KITCHEN'), item('CONFIRMED', DUE, B)],
      [
        { id: A, to: 'IN_PREP' },
        { id: A, to: 'IN_PREP' },
        { id: UNKNOWN, to: 'IN_PREP' },
        { id: B, to: 'DELIVERED' },
        { id: B, to: 'IN_PREP' },
        { id: A, to: 'READY_FOR_RUN' },
      ],
      NOW,
    );
    expect(outcomes.map((o) => (o instanceof AppError ? o.id : o.answer.status))).toEqual([
      'IN_PREP',
      'transition_refused',
      'not_found',
      'transition_refused',
      'IN_PREP',
      'READY_FOR_RUN',
    ]);
    const made = together(accepted(outcomes));
    expect(made.writes.map((w) => (w.kind === 'item.status' ? [w.itemId, w.from, w.to] : w.kind))).toEqual([
      [A, 'SENT_TO_KITCHEN', 'IN_PREP'],
      [B, 'CONFIRMED', 'SENT_TO_KITCHEN'],
      [B, 'SENT_TO_KITCHEN', 'IN_PREP'],
      [A, 'IN_PREP', 'READY_FOR_RUN'],
    ]);
    expect(made.events).toHaveLength(4);
    expect([...(made.byAutomation ?? [])]).toEqual([made.events[1]]);
    expect(made.writes.map(isFire)).toEqual([false, true, false, false]);
    expect(lastItemStatuses(made.writes)).toEqual(
      new Map([
        [A, 'READY_FOR_RUN'],
        [B, 'IN_PREP'],
      ]),
    );
  });
});

describe('decideBatchUpdate', () => {
  it('makes every move when all are allowed', () => {
    const decided = decideBatchUpdate(
      [item('SENT_TO_KITCHEN'), item('CONFIRMED', DUE, B)],
      {
        updates: [
          { id: A, status: 'IN_PREP' },
          { id: B, status: 'IN_PREP' },
        ],
      },
      NOW,
    );
    expect(decided.answer.map((i) => [i.id, i.status])).toEqual([
      [A, 'IN_PREP'],
      [B, 'IN_PREP'],
    ]);
    expect(decided.writes).toHaveLength(3);
  });

  it('recalls a bumped ticket: its ready items go back into preparation, a picked-up one is refused', () => {
    const recalled = decideBatchUpdate(
      [item('READY_FOR_RUN'), item('READY_FOR_RUN', DUE, B)],
      {
        updates: [
          { id: A, status: 'IN_PREP', from: 'READY_FOR_RUN' },
          { id: B, status: 'IN_PREP', from: 'READY_FOR_RUN' },
        ],
      },
      NOW,
    );
    expect(recalled.writes.map((w) => (w.kind === 'item.status' ? [w.itemId, w.from, w.to] : w.kind))).toEqual([
      [A, 'READY_FOR_RUN', 'IN_PREP'],
      [B, 'READY_FOR_RUN', 'IN_PREP'],
    ]);
    expect(recalled.events.map((e) => e.type)).toEqual(['order.item.status.changed', 'order.item.status.changed']);
    const recall = { id: A, status: 'IN_PREP' as const, from: 'READY_FOR_RUN' as const };
    expect(refusalOf(() => decideBatchUpdate([item('OUT_FOR_DELIVERY')], { updates: [recall] }, NOW))).toMatchObject({
      status: 409,
      extra: { refusals: [{ id: A, message: MESSAGES.itemTransitionRefused('OUT_FOR_DELIVERY', 'IN_PREP') }] },
    });
    // a move that does not name READY_FOR_RUN never undoes the bump (a Start Prep replayed late)
    expect(refusalOf(() => decideItemMove(item('READY_FOR_RUN'), 'IN_PREP', NOW))).toMatchObject({
      message: MESSAGES.itemTransitionRefused('READY_FOR_RUN', 'IN_PREP'),
    });
    // and a move naming another state than the item's is refused
    expect(refusalOf(() => decideItemMove(item('IN_PREP'), 'IN_PREP', NOW, 'READY_FOR_RUN'))).toMatchObject({
      message: MESSAGES.itemTransitionRefused('IN_PREP', 'IN_PREP'),
    });
  });

  it('refuses them all with each refusal listed when any is refused', () => {
    const refusal = refusalOf(() =>
      decideBatchUpdate(
        [item('SENT_TO_KITCHEN')],
        {
          updates: [
            { id: A, status: 'IN_PREP' },
            { id: A, status: 'DELIVERED' },
            { id: UNKNOWN, status: 'IN_PREP' },
          ],
        },
        NOW,
      ),
    );
    expect(refusal).toMatchObject({
      status: 409,
      id: 'transition_refused',
      message: SERVICE_MESSAGES.batchUpdateRefused(2, 3),
      extra: {
        refusals: [
          { id: A, status: 'DELIVERED', message: MESSAGES.itemTransitionRefused('IN_PREP', 'DELIVERED') },
          { id: UNKNOWN, status: 'IN_PREP', message: MESSAGES.notFound('Order item') },
        ],
      },
    });
  });
});

describe('plainMovesTo', () => {
  it.each<[OrderItemState, OrderItemState[]]>([
    ['IN_PREP', ['SENT_TO_KITCHEN', 'PAUSE']],
    ['DELIVERED', ['OUT_FOR_DELIVERY']],
    ['SENT_TO_KITCHEN', []],
  ])('moves to %s from %j with nothing else to it', (to, from) => {
    expect(plainMovesTo(to)).toEqual(from);
  });
});

describe('decideCancelItem', () => {
  const order = (items: OrderItem[]): Order => ({
    id: '11111111-1111-4111-8111-111111111111',
    venueId: '22222222-2222-4222-8222-222222222222',
    sessionId: '44444444-4444-4444-8444-444444444444',
    tableId: null,
    tableName: null,
    status: 'CONFIRMED',
    subtotal: '40.00',
    tax: '3.50',
    total: '43.50',
    createdAt: '2026-06-14T19:00:00.000Z',
    items,
    priority: 'normal',
  });

  it('takes a held item off its order, the bill priced again without it', () => {
    const held = item('CONFIRMED', LATER);
    const kept = item('SENT_TO_KITCHEN', DUE, B);
    const decided = decideCancelItem(held, order([held, kept]), NOW);
    // 20.00 left: tax 8.75 % = 1.75.
    const after = { ...order([kept]), subtotal: '20.00', tax: '1.75', total: '21.75' };
    expect(decided).toEqual({
      writes: [{ kind: 'item.cancel', item: held, order: after }],
      events: [{ type: 'order.item.cancelled', item: held, order: after }],
      answer: after,
    });
  });

  it.each<[string, OrderItem | null, number, string, string]>([
    ['an unknown item', null, 404, 'not_found', MESSAGES.notFound('Order item')],
    ['a fired item', item('SENT_TO_KITCHEN'), 409, 'item_already_fired', SERVICE_MESSAGES.itemAlreadyFired('Steak')],
    [
      'a held item now due',
      item('CONFIRMED', DUE),
      409,
      'item_already_fired',
      SERVICE_MESSAGES.itemAlreadyFired('Steak'),
    ],
  ])('refuses %s', (_, given, status, id, message) => {
    expect(refusalOf(() => decideCancelItem(given, given && order([given]), NOW))).toMatchObject({
      status,
      id,
      message,
    });
  });
});

describe('decideFireCourse', () => {
  const C = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
  const order = (items: OrderItem[]): Order => ({
    id: '11111111-1111-4111-8111-111111111111',
    venueId: '22222222-2222-4222-8222-222222222222',
    sessionId: '44444444-4444-4444-8444-444444444444',
    tableId: null,
    tableName: null,
    status: 'CONFIRMED',
    subtotal: '60.00',
    tax: '5.25',
    total: '65.25',
    createdAt: '2026-06-14T19:00:00.000Z',
    items,
    priority: 'normal',
  });
  const dessert = (id: string, status: OrderItemState = 'CONFIRMED'): OrderItem => ({
    ...item(status, LATER, id),
    menuItemName: 'Tiramisu',
    course: 'dessert',
  });

  it("sends every held item of the course to the kitchen now, and leaves the order's other items", () => {
    const main = item('IN_PREP', DUE, A);
    const [cake, pie] = [dessert(B), dessert(C)];
    const decided = decideFireCourse(order([main, cake, pie]), { course: 'dessert' }, NOW);
    const fired = (i: OrderItem) => ({ ...i, status: 'SENT_TO_KITCHEN' as const, fireAt: AT, updatedAt: AT });
    expect(decided).toEqual({
      writes: [
        { kind: 'item.fire', item: fired(cake), from: 'CONFIRMED' },
        { kind: 'item.fire', item: fired(pie), from: 'CONFIRMED' },
      ],
      events: [
        { type: 'order.item.status.changed', item: fired(cake), from: 'CONFIRMED', to: 'SENT_TO_KITCHEN' },
        { type: 'order.item.status.changed', item: fired(pie), from: 'CONFIRMED', to: 'SENT_TO_KITCHEN' },
      ],
      answer: order([main, fired(cake), fired(pie)]),
    });
    // The terminal tickets the kitchen after a fire, early as on time.
    expect(decided.writes.map(isFire)).toEqual([true, true]);
  });

  it('fires only what is still held of the course', () => {
    const decided = decideFireCourse(order([dessert(B, 'IN_PREP'), dessert(C)]), { course: 'dessert' }, NOW);
    expect(decided.writes.map((w) => (w.kind === 'item.fire' ? w.item.id : null))).toEqual([C]);
  });

  it.each<[string, Order | null, number, string, string]>([
    ['an unknown order', null, 404, 'not_found', MESSAGES.notFound('Order')],
    [
      'a course already fired',
      order([dessert(B, 'SENT_TO_KITCHEN')]),
      409,
      'item_already_fired',
      SERVICE_MESSAGES.nothingHeldToFire('dessert'),
    ],
    [
      'a course the order does not have',
      order([item('CONFIRMED', LATER)]),
      409,
      'item_already_fired',
      SERVICE_MESSAGES.nothingHeldToFire('dessert'),
    ],
  ])('refuses %s, deciding nothing', (_, given, status, id, message) => {
    expect(refusalOf(() => decideFireCourse(given, { course: 'dessert' }, NOW))).toMatchObject({
      status,
      id,
      message,
    });
  });
});
