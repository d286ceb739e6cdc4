import { describe, expect, it } from 'vitest';
import { CreateOrderRequest, orderItemId } from '../calls/orders/create-order.js';
import { COURSE_TIMING } from '../constants.js';
import { AppError } from '../errors.js';
import { MESSAGES } from '../messages.js';
import type { Order } from '../schemas/entities.js';
import type { DecisionActor } from './decision.js';
import {
  type CreateOrderState,
  decideCreateOrder,
  decideOrderPriority,
  type OrderableDish,
  type OrderingActor,
  type OrderSession,
  type OrderToPlace,
} from './orders.js';

const NOW = new Date('2026-06-14T19:00:00.000Z');
const VENUE = '11111111-1111-4111-8111-111111111111';
const SESSION = '22222222-2222-4222-8222-222222222222';
const OTHER_SESSION = '33333333-3333-4333-8333-333333333333';
const ORDER = '44444444-4444-4444-8444-444444444444';
const LEMONADE = '55555555-5555-4555-8555-555555555555';
const BURGER = '66666666-6666-4666-8666-666666666666';
const SOLD_OUT = '77777777-7777-4777-8777-777777777777';
const UNKNOWN = '88888888-8888-4888-8888-888888888888';

const staff: DecisionActor = { kind: 'staff', userId: '99999999-9999-4999-8999-999999999999', terminalId: null };
const guest: OrderingActor = { kind: 'guest', sessionId: SESSION };
const otherGuest: OrderingActor = { kind: 'guest', sessionId: OTHER_SESSION };

const dish = (id: string, name: string, price: string, more: Partial<OrderableDish> = {}): OrderableDish => ({
  id,
  name,
  price,
  modifiersSchema: [],
  isAvailable: true,
  station: 'Bar',
  prepTime: 5,
  ...more,
});

const MENU: OrderableDish[] = [
  dish(LEMONADE, 'Lemonade', '3.50'),
  dish(BURGER, 'Burger', '12.50', {
    station: 'Grill',
    prepTime: 15,
    modifiersSchema: [
      {
        id: 'temp',
        name: 'Temperature',
        type: 'single',
        required: true,
        options: [{ id: 'rare', name: 'Rare', price: '0.00' }],
      },
      {
        id: 'extras',
        name: 'Extras',
        type: 'multiple',
        required: false,
        options: [{ id: 'cheese', name: 'Cheese', price: '1.25' }],
      },
    ],
  }),
  dish(SOLD_OUT, 'Cake', '6.00', { isAvailable: false }),
];

const session = (status = 'ACTIVE'): OrderSession => ({
  id: SESSION,
  venueId: VENUE,
  status,
  tableId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  tableName: 'Table 1',
});

const state = (more: Partial<CreateOrderState> = {}): CreateOrderState => ({
  session: session(),
  existing: null,
  menu: MENU,
  ...more,
});

const burger = { menuItemId: BURGER, quantity: 2, modifiers: [{ groupId: 'temp', optionIds: ['rare'] }] };
const drink = { menuItemId: LEMONADE, quantity: 1, course: 'drink' };

const order = (items: unknown[], sessionId = SESSION): OrderToPlace => ({
  ...CreateOrderRequest.parse({ sessionId, items }),
  id: ORDER,
});

const placedBefore = (sessionId: string): Order => ({
  id: ORDER,
  venueId: VENUE,
  sessionId,
  tableId: null,
  tableName: null,
  status: 'CONFIRMED',
  subtotal: '1.00',
  tax: '0.09',
  total: '1.09',
  createdAt: '2026-06-14T18:00:00.000Z',
  items: [],
  priority: 'normal',
});

describe('decideCreateOrder', () => {
  it('prices each line from the menu, taxes once, fires drinks at once and holds food for its course', () => {
    const decided = decideCreateOrder(
      state(),
      order([{ ...burger, modifiers: [...burger.modifiers, { groupId: 'extras', optionIds: ['cheese'] }] }, drink]),
      staff,
      NOW,
    );
    const placed = decided.answer.order;
    // 2 × (12.50 + 1.25) + 3.50 = 31.00; tax 8.75 % = 2.7125 → 2.71.
    expect(placed).toMatchObject({
      id: ORDER,
      venueId: VENUE,
      sessionId: SESSION,
      tableName: 'Table 1',
      status: 'CONFIRMED',
      priority: 'normal',
      subtotal: '31.00',
      tax: '2.71',
      total: '33.71',
      createdAt: NOW.toISOString(),
    });
    expect(placed.items.map((i) => [i.id, i.menuItemName, i.unitPrice, i.totalPrice, i.status, i.station])).toEqual([
      [orderItemId(ORDER, 0), 'Burger', '13.75', '27.50', 'CONFIRMED', 'Grill'],
      [orderItemId(ORDER, 1), 'Lemonade', '3.50', '3.50', 'SENT_TO_KITCHEN', 'Bar'],
    ]);
    expect(placed.items.map((i) => Date.parse(i.fireAt) - NOW.getTime())).toEqual([
      COURSE_TIMING.firstCourseDelayMs,
      0,
    ]);
    expect(placed.items[0]?.modifiers.map((m) => m.optionName)).toEqual(['Rare', 'Cheese']);
    expect(decided.answer.created).toBe(true);
    expect(decided.writes).toEqual([{ kind: 'order.insert', order: placed }]);
    expect(decided.events).toEqual([{ type: 'order.created', order: placed }]);
  });

  it('answers an id sent again for its session with the order as placed, writing nothing', () => {
    const before = placedBefore(SESSION);
    // Even once its dish sold out: the order was placed already.
    for (const actor of [staff, guest]) {
      const decided = decideCreateOrder(
        state({ existing: before }),
        order([{ menuItemId: SOLD_OUT, quantity: 1 }]),
        actor,
        NOW,
      );
      expect(decided).toEqual({ writes: [], events: [], answer: { order: before, created: false } });
    }
  });

  it.each<[string, CreateOrderState, OrderToPlace, OrderingActor, number, string, string]>([
    ["a guest, another session's", state(), order([drink]), otherGuest, 404, 'not_found', MESSAGES.notFound('Session')],
    [
      'a guest, their session gone',
      state({ session: null }),
      order([drink]),
      guest,
      401,
      'unauthorized',
      MESSAGES.guestSessionRequired,
    ],
    [
      'a guest, their session closed',
      state({ session: session('CLOSED'), existing: placedBefore(SESSION) }),
      order([drink]),
      guest,
      401,
      'unauthorized',
      MESSAGES.guestSessionRequired,
    ],
    [
      'no such session',
      state({ session: null }),
      order([drink]),
      staff,
      404,
      'not_found',
      MESSAGES.notFound('Session'),
    ],
    [
      'the session closed (before an id sent again)',
      state({ session: session('CLOSED'), existing: placedBefore(SESSION) }),
      order([drink]),
      staff,
      409,
      'session_closed',
      MESSAGES.sessionClosed,
    ],
    [
      "another session's order id (before its lines)",
      state({ existing: placedBefore(OTHER_SESSION) }),
      order([{ menuItemId: UNKNOWN, quantity: 1 }]),
      staff,
      409,
      'order_exists',
      MESSAGES.orderExists,
    ],
    [
      'a dish not on the menu',
      state(),
      order([drink, { menuItemId: UNKNOWN, quantity: 1 }]),
      staff,
      404,
      'not_found',
      MESSAGES.notFound('Menu item'),
    ],
    [
      'a dish sold out',
      state(),
      order([
        { menuItemId: SOLD_OUT, quantity: 1 },
        { menuItemId: UNKNOWN, quantity: 1 },
      ]),
      staff,
      409,
      'menu_item_unavailable',
      MESSAGES.menuItemUnavailable('Cake'),
    ],
    [
      'a required choice left out',
      state(),
      order([drink, { menuItemId: BURGER, quantity: 1 }]),
      staff,
      400,
      'invalid_field',
      MESSAGES.invalidField('items.1.modifiers', MESSAGES.modifierRequired('Temperature', 'Burger')),
    ],
  ])('refuses %s', (_, given, input, actor, status, id, message) => {
    const refusal = (() => {
      try {
        decideCreateOrder(given, input, actor, NOW);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status, id, message });
  });
});

describe('decideOrderPriority', () => {
  it('raises the priority with its event, and sets the one it has quietly', () => {
    const before = placedBefore(SESSION);
    const raised = decideOrderPriority(before, 'urgent');
    const after = { ...before, priority: 'urgent' };
    expect(raised).toEqual({
      writes: [{ kind: 'order.priority', order: after }],
      events: [{ type: 'order.priority.changed', order: after }],
      answer: after,
    });
    expect(decideOrderPriority(before, 'normal')).toEqual({ writes: [], events: [], answer: before });
  });

  it('refuses an unknown order with not_found', () => {
    expect(() => decideOrderPriority(null, 'high')).toThrow(
      expect.objectContaining({ status: 404, id: 'not_found', message: MESSAGES.notFound('Order') }),
    );
  });
});
