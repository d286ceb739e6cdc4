import { describe, expect, it } from 'vitest';
import type { KitchenItem } from '../schemas/entities.js';
import {
  bumpedItemIds,
  bumpMoves,
  kitchenTickets,
  lineTickets,
  readyMoves,
  recallMoves,
  startMoves,
} from './kitchen-display-tickets.js';

const T0 = '2026-06-14T19:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const ORDER_1 = '10000000-0000-4000-8000-000000000001';
const ORDER_2 = '10000000-0000-4000-8000-000000000002';
let n = 0;
function item(over: Partial<KitchenItem> & { station?: string } = {}): KitchenItem {
  n += 1;
  const { station = 'Grill', ...rest } = over;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderId: ORDER_1,
    menuItem: { name: `Dish ${n}`, station, prepTime: 10 },
    quantity: 1,
    priority: 'normal',
    course: 'main',
    modifiers: [],
    notes: null,
    tableNumber: '4',
    createdAt: T0,
    fireAt: T0,
    held: false,
    status: 'SENT_TO_KITCHEN',
    ...rest,
  };
}

describe('kitchenTickets', () => {
  it('makes one ticket per order, course and fire time, items in the order given', () => {
    const steak = item({ course: 'main', fireAt: at(15) });
    const fries = item({ course: 'main', fireAt: at(15), station: 'Fry' });
    const beer = item({ course: 'drink' });
    const other = item({ orderId: ORDER_2, tableNumber: '7', course: 'main', fireAt: at(15) });
    // a second round of mains for the same order, fired later: a ticket of its own
    const later = item({ course: 'main', fireAt: at(40), createdAt: at(30) });
    const tickets = kitchenTickets([steak, beer, fries, other, later]);
    expect(tickets.map((t) => [t.tableNumber, t.course, t.firedAt, t.items.map((i) => i.id)])).toEqual([
      ['4', 'drink', T0, [beer.id]],
      ['4', 'main', at(15), [steak.id, fries.id]],
      ['7', 'main', at(15), [other.id]],
      ['4', 'main', at(40), [later.id]],
    ]);
  });

  it('puts held tickets last, by when they fire, and takes the later of ordering and firing', () => {
    const dessert = item({ course: 'dessert', fireAt: at(60), held: true, status: 'CONFIRMED' });
    const ordered = item({ orderId: ORDER_2, createdAt: at(5), fireAt: T0 });
    const fired = item({ createdAt: T0, fireAt: at(3) });
    const tickets = kitchenTickets([dessert, ordered, fired]);
    expect(tickets.map((t) => [t.items[0]?.id, t.firedAt, t.stage])).toEqual([
      [fired.id, at(3), 'new'],
      [ordered.id, at(5), 'new'],
      [dessert.id, at(60), 'held'],
    ]);
  });

  it.each<[string, KitchenItem['status'][], string]>([
    ['nothing started', ['SENT_TO_KITCHEN', 'SENT_TO_KITCHEN'], 'new'],
    ['one started', ['SENT_TO_KITCHEN', 'IN_PREP'], 'cooking'],
    ['one paused', ['PAUSE', 'SENT_TO_KITCHEN'], 'cooking'],
    ['one ready, one new', ['READY_FOR_RUN', 'SENT_TO_KITCHEN'], 'cooking'],
    ['all ready', ['READY_FOR_RUN', 'READY_FOR_RUN'], 'ready'],
  ])('stage with %s (%j) is %s', (_, statuses, stage) => {
    const tickets = kitchenTickets(statuses.map((status) => item({ status })));
    expect(tickets.map((t) => t.stage)).toEqual([stage]);
  });

  it('carries its order priority and table', () => {
    const [ticket] = kitchenTickets([item({ priority: 'urgent', tableNumber: null })]);
    expect(ticket).toMatchObject({ priority: 'urgent', tableNumber: null, orderId: ORDER_1 });
  });
});

describe('lineTickets', () => {
  const steak = item({ status: 'READY_FOR_RUN' });
  const fries = item({ station: 'Fry' });
  const bumped = item({ orderId: ORDER_2, status: 'READY_FOR_RUN' });
  const all = [steak, fries, bumped];

  it('shows every station the tickets with work left; a bumped ticket is off the line', () => {
    const [ticket, ...rest] = lineTickets(all, null);
    expect(rest).toEqual([]);
    expect(ticket?.items.map((i) => i.id)).toEqual([steak.id, fries.id]);
  });

  it("shows a station its own items only: the grill's part of the ticket is done", () => {
    expect(lineTickets(all, 'Grill')).toEqual([]);
    expect(lineTickets(all, 'Fry').map((t) => t.items.map((i) => i.id))).toEqual([[fries.id]]);
  });
});

describe('moves', () => {
  const fresh = item({ status: 'SENT_TO_KITCHEN' });
  const cooking = item({ status: 'IN_PREP' });
  const paused = item({ status: 'PAUSE' });
  const ready = item({ status: 'READY_FOR_RUN' });
  const held = item({ status: 'CONFIRMED', held: true });
  const items = [fresh, cooking, paused, ready, held];

  it('Start All Pending and a ticket start move only the new items', () => {
    expect(startMoves(items)).toEqual([{ id: fresh.id, status: 'IN_PREP' }]);
  });

  it('Mark All Ready moves only the items in preparation', () => {
    expect(readyMoves(items)).toEqual([{ id: cooking.id, status: 'READY_FOR_RUN' }]);
  });

  it('a bump makes each unready item ready by the staff moves that get it there', () => {
    expect(bumpMoves({ items })).toEqual([
      { id: fresh.id, status: 'IN_PREP' },
      { id: fresh.id, status: 'READY_FOR_RUN' },
      { id: cooking.id, status: 'READY_FOR_RUN' },
      { id: paused.id, status: 'IN_PREP' },
      { id: paused.id, status: 'READY_FOR_RUN' },
    ]);
    expect(bumpedItemIds({ items })).toEqual([fresh.id, cooking.id, paused.id]);
  });

  it('a recall brings back the bumped items still ready and not on the pass', () => {
    const now = [
      { ...fresh, status: 'READY_FOR_RUN' as const },
      { ...cooking, status: 'OUT_FOR_DELIVERY' as const },
      { ...paused, status: 'READY_FOR_RUN' as const },
      ready,
    ];
    expect(recallMoves([fresh.id, cooking.id, paused.id], now)).toEqual([
      { id: fresh.id, status: 'IN_PREP', from: 'READY_FOR_RUN' },
      { id: paused.id, status: 'IN_PREP', from: 'READY_FOR_RUN' },
    ]);
    expect(recallMoves([fresh.id, paused.id], now, new Set([paused.id]))).toEqual([
      { id: fresh.id, status: 'IN_PREP', from: 'READY_FOR_RUN' },
    ]);
  });
});
