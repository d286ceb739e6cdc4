import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { OrderItemState } from '../schemas/entities.js';
import type { Runner, RunnerOrder } from '../schemas/runner.js';
import {
  decideRunnerMove,
  decideSendToRunners,
  type RunnerItemFacts,
  type RunnerMoveState,
  type SendToRunnersState,
} from './runner.js';

const now = new Date('2026-11-28T20:00:00.000Z');
const ORDER = '11111111-1111-4111-8111-111111111111';
const ALEX = '22222222-2222-4222-8222-222222222222';
const SAM = '33333333-3333-4333-8333-333333333333';

function item(n: number, status: OrderItemState): RunnerItemFacts {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    orderId: ORDER,
    venueId: 'v',
    menuItemName: `Dish ${n}`,
    menuItemId: 'm',
    station: 'Kitchen',
    prepTime: 10,
    quantity: 1,
    unitPrice: '10.00',
    totalPrice: '10.00',
    notes: n === 1 ? 'no salt' : null,
    modifiers: [],
    course: 'main',
    status,
    fireAt: '2026-11-28T19:30:00.000Z',
    createdAt: '2026-11-28T19:30:00.000Z',
    updatedAt: '2026-11-28T19:30:00.000Z',
    temperature: 'hot',
    fragile: false,
  };
}

const LATER = '44444444-4444-4444-8444-444444444444';
const ready = (n: number, onPass = false) => ({ ...item(n, 'READY_FOR_RUN'), onPass });

function sendState(over: Partial<SendToRunnersState> = {}): SendToRunnersState {
  return {
    order: {
      id: ORDER,
      tableName: 'Table 4',
      zone: 'Patio',
      priority: 'normal',
      specialInstructions: null,
      items: [ready(1), ready(2)],
    },
    hasTicket: false,
    ticketIdTaken: false,
    freshId: LATER,
    recentDeliveries: [],
    ...over,
  };
}

const withItems = (
  items: NonNullable<SendToRunnersState['order']>['items'],
  over: Partial<SendToRunnersState> = {},
) => {
  const s = sendState(over);
  return { ...s, order: { ...(s.order as NonNullable<SendToRunnersState['order']>), items } };
};

function refusal(fn: () => unknown): [number, string] {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return [error.status, error.id];
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decideSendToRunners', () => {
  it("puts the order's ready items on the pass as a ticket with the order's id, with both events", () => {
    const decided = decideSendToRunners(sendState(), {}, now);
    expect(decided.answer).toMatchObject({
      id: ORDER,
      orderId: ORDER,
      zone: 'Patio',
      status: 'READY_FOR_RUN',
      readyAt: now.toISOString(),
      estimatedDeliveryTime: 5,
      runnerAssigned: null,
      specialInstructions: 'Dish 1: no salt',
    });
    expect(decided.answer.items.map((i) => [i.temperature, i.fragile])).toEqual([
      ['hot', false],
      ['hot', false],
    ]);
    expect(decided.writes).toEqual([{ kind: 'runnerOrder.put', order: decided.answer }]);
    expect(decided.events.map((e) => e.type)).toEqual(['order.ready_for_run', 'runner.order.updated']);
  });

  it('sends the drinks while the dessert is held, and the dessert later on a ticket of its own', () => {
    const held = { ...item(3, 'CONFIRMED'), onPass: false };
    const first = decideSendToRunners(withItems([ready(1), held]), {}, now);
    expect(first.answer.items.map((i) => i.id)).toEqual([ready(1).id]);
    expect(first.answer.id).toBe(ORDER);
    const later = decideSendToRunners(
      withItems([ready(1, true), { ...held, status: 'READY_FOR_RUN' }], { hasTicket: true }),
      {},
      now,
    );
    expect(later.answer.items.map((i) => i.id)).toEqual([held.id]);
    expect(later.answer).toMatchObject({ id: LATER, orderId: ORDER });
  });

  it('sends the items named, under the id the request names', () => {
    const decided = decideSendToRunners(sendState(), { id: LATER, itemIds: [ready(2).id] }, now);
    expect(decided.answer).toMatchObject({ id: LATER, orderId: ORDER });
    expect(decided.answer.items.map((i) => i.id)).toEqual([ready(2).id]);
  });

  it('sends an order with no zone to the floor', () => {
    const state = sendState();
    const decided = decideSendToRunners({ ...state, order: { ...state.order!, zone: null } }, {}, now);
    expect(decided.answer.zone).toBe('Floor');
  });

  it("estimates from the zone's recent deliveries only, a delivery clocked before it was ready counting as 0", () => {
    const decided = decideSendToRunners(
      sendState({
        recentDeliveries: [
          { zone: 'Patio', readyAt: '2026-11-28T19:00:00.000Z', deliveredAt: '2026-11-28T19:10:00.000Z' },
          // A clock set back between ready and delivered: 0 minutes, not -6.
          { zone: 'Patio', readyAt: '2026-11-28T19:20:00.000Z', deliveredAt: '2026-11-28T19:14:00.000Z' },
          { zone: 'Bar', readyAt: '2026-11-28T19:00:00.000Z', deliveredAt: '2026-11-28T19:40:00.000Z' },
        ],
      }),
      {},
      now,
    );
    expect(decided.answer.estimatedDeliveryTime).toBe(5);
  });

  it.each<[string, SendToRunnersState, Parameters<typeof decideSendToRunners>[1], [number, string]]>([
    ['an unknown order', sendState({ order: null }), {}, [404, 'not_found']],
    [
      'an order whose ready items are all on the pass',
      withItems([ready(1, true), ready(2, true)], { hasTicket: true }),
      {},
      [409, 'transition_refused'],
    ],
    [
      'an order with nothing ready',
      withItems([{ ...item(1, 'IN_PREP'), onPass: false }]),
      {},
      [409, 'transition_refused'],
    ],
    ['an order with no items', withItems([]), {}, [409, 'transition_refused']],
    [
      'an item named that is still cooking',
      withItems([ready(1), { ...item(2, 'IN_PREP'), onPass: false }]),
      { itemIds: [item(2, 'IN_PREP').id] },
      [409, 'transition_refused'],
    ],
    [
      'an item named that is on the pass',
      withItems([ready(1, true)]),
      { itemIds: [ready(1).id] },
      [409, 'transition_refused'],
    ],
    ['an item named that is not the order’s', sendState(), { itemIds: [LATER] }, [404, 'not_found']],
    ['an id another ticket has', sendState({ ticketIdTaken: true }), { id: LATER }, [409, 'conflict']],
  ])('refuses %s', (_, state, input, expected) => {
    expect(refusal(() => decideSendToRunners(state, input, now))).toEqual(expected);
  });
});

const runner = (id: string, status: Runner['status']): Runner => ({
  id,
  userId: null,
  name: id === ALEX ? 'Alex' : 'Sam',
  status,
  currentZone: null,
});

function onPass(states: OrderItemState[], carrier: string | null = null): RunnerMoveState['order'] {
  const itemsNow = states.map((s, i) => item(i + 1, s));
  const order: RunnerOrder = {
    id: ORDER,
    orderId: ORDER,
    tableName: 'Table 4',
    zone: 'Patio',
    status: 'READY_FOR_RUN',
    readyAt: '2026-11-28T19:50:00.000Z',
    pickedUpAt: carrier ? '2026-11-28T19:55:00.000Z' : null,
    deliveredAt: null,
    estimatedDeliveryTime: 5,
    items: [],
    specialInstructions: null,
    runnerAssigned: carrier,
    priority: 'normal',
    deliveryRunId: null,
  };
  return { ...order, itemsNow };
}

describe('decideRunnerMove', () => {
  it('picks up: every ready item goes out, the runner is busy in the zone', () => {
    const decided = decideRunnerMove(
      {
        order: onPass(['READY_FOR_RUN', 'READY_FOR_RUN']),
        runner: runner(ALEX, 'available'),
        carrier: null,
        carrierOtherOrdersOut: 0,
      },
      { status: 'OUT_FOR_DELIVERY', runnerId: ALEX },
      now,
    );
    expect(decided.answer).toMatchObject({
      status: 'OUT_FOR_DELIVERY',
      runnerAssigned: ALEX,
      pickedUpAt: now.toISOString(),
    });
    expect(decided.writes.map((w) => w.kind)).toEqual(['item.status', 'item.status', 'runnerOrder.put', 'runner.put']);
    expect(decided.writes.at(-1)).toEqual({
      kind: 'runner.put',
      runner: { ...runner(ALEX, 'busy'), currentZone: 'Patio' },
    });
    expect(decided.events.map((e) => e.type)).toEqual([
      'order.item.status.changed',
      'order.item.status.changed',
      'runner.status.changed',
      'runner.order.updated',
    ]);
  });

  it('delivers: the carrier is free again when they carry nothing else', () => {
    const decided = decideRunnerMove(
      {
        order: onPass(['OUT_FOR_DELIVERY'], ALEX),
        runner: null,
        carrier: runner(ALEX, 'busy'),
        carrierOtherOrdersOut: 0,
      },
      { status: 'DELIVERED' },
      now,
    );
    expect(decided.answer).toMatchObject({ status: 'DELIVERED', deliveredAt: now.toISOString(), runnerAssigned: ALEX });
    expect(decided.events.map((e) => e.type)).toEqual([
      'order.item.status.changed',
      'order.delivered',
      'runner.status.changed',
      'runner.order.updated',
    ]);
    expect(decided.writes.at(-1)).toEqual({ kind: 'runner.put', runner: runner(ALEX, 'available') });
  });

  it('delivers: a carrier with another order out stays busy', () => {
    const decided = decideRunnerMove(
      {
        order: onPass(['OUT_FOR_DELIVERY'], ALEX),
        runner: null,
        carrier: runner(ALEX, 'busy'),
        carrierOtherOrdersOut: 1,
      },
      { status: 'DELIVERED' },
      now,
    );
    expect(decided.writes.map((w) => w.kind)).toEqual(['item.status', 'runnerOrder.put']);
  });

  it.each<[string, RunnerMoveState, Parameters<typeof decideRunnerMove>[1], [number, string]]>([
    [
      'an order not on the pass',
      { order: null, runner: null, carrier: null, carrierOtherOrdersOut: 0 },
      { status: 'DELIVERED' },
      [404, 'not_found'],
    ],
    [
      'delivering what was not picked up',
      { order: onPass(['READY_FOR_RUN']), runner: null, carrier: null, carrierOtherOrdersOut: 0 },
      { status: 'DELIVERED' },
      [409, 'transition_refused'],
    ],
    [
      'a pick-up with no runner',
      { order: onPass(['READY_FOR_RUN']), runner: null, carrier: null, carrierOtherOrdersOut: 0 },
      { status: 'OUT_FOR_DELIVERY' },
      [400, 'bad_request'],
    ],
    [
      'a pick-up by an unknown runner',
      { order: onPass(['READY_FOR_RUN']), runner: null, carrier: null, carrierOtherOrdersOut: 0 },
      { status: 'OUT_FOR_DELIVERY', runnerId: SAM },
      [404, 'not_found'],
    ],
    [
      'a pick-up by a runner who is offline',
      { order: onPass(['READY_FOR_RUN']), runner: runner(SAM, 'offline'), carrier: null, carrierOtherOrdersOut: 0 },
      { status: 'OUT_FOR_DELIVERY', runnerId: SAM },
      [409, 'conflict'],
    ],
  ])('refuses %s', (_, state, input, expected) => {
    expect(refusal(() => decideRunnerMove(state, input, now))).toEqual(expected);
  });
});
