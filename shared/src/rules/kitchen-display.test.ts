import { describe, expect, it } from 'vitest';
import type { KitchenItem } from '../schemas/entities.js';
import {
  isLate,
  kitchenAgeMinutes,
  matchesPriority,
  needsAlert,
  progressPercent,
  type ReadyToRun,
  readyToRun,
  stationCounts,
  stationEfficiency,
  stationStats,
} from './kitchen-display.js';

const T0 = '2025-01-01T12:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000);
let n = 0;
function item(over: Partial<KitchenItem> & { station?: string | null; prepTime?: number | null } = {}): KitchenItem {
  n += 1;
  const { station = 'Grill', prepTime = 10, ...rest } = over;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderId: '10000000-0000-4000-8000-000000000001',
    menuItem: { name: 'Burger', station, prepTime },
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

describe('kitchenAgeMinutes', () => {
  it.each([
    [T0, T0, 0, 0],
    [T0, T0, 9.99, 9],
    [T0, T0, 16, 16],
    // a coursed item's clock starts when it fires
    [T0, at(30).toISOString(), 35, 5],
    [T0, at(30).toISOString(), 10, 0],
  ])('created %s fired %s, now +%d min → %d', (createdAt, fireAt, now, age) => {
    expect(kitchenAgeMinutes({ createdAt, fireAt }, at(now))).toBe(age);
  });
  it('rejects an item without a valid time', () => {
    expect(() => kitchenAgeMinutes({ createdAt: 'x', fireAt: 'y' }, at(0))).toThrow(/no valid time/);
  });
});

describe('isLate and progressPercent', () => {
  it.each([
    [15, 10, false],
    [16, 10, true],
    [20, 15, false],
    [21, 15, true],
  ])('age %d prep %d late=%s', (age, prep, late) => {
    expect(isLate(age, prep)).toBe(late);
  });
  it.each([
    [0, 10, 0],
    [5, 10, 50],
    [10, 10, 100],
    [30, 10, 100],
    [3, 0, 100],
  ])('age %d prep %d → %d%%', (age, prep, pct) => {
    expect(progressPercent(age, prep)).toBe(pct);
  });
});

describe('needsAlert', () => {
  it.each([
    ['urgent even when fresh', item({ priority: 'urgent' }), 0, true],
    ['late at default prep 10 + 5', item({ prepTime: null }), 16, true],
    ['not yet late', item({ prepTime: null }), 15, false],
    ['held items are never late', item({ held: true, status: 'CONFIRMED' }), 60, false],
    ['ready items are not late', item({ status: 'READY_FOR_RUN' }), 60, false],
  ] as const)('%s', (_label, it_, minutes, alert) => {
    expect(needsAlert(it_, at(minutes))).toBe(alert);
  });
});

describe('stationEfficiency', () => {
  it.each([
    [{ pending: 0, inPrep: 0, ready: 0 }, 100],
    [{ pending: 0, inPrep: 0, ready: 4 }, 100],
    [{ pending: 1, inPrep: 1, ready: 2 }, 50],
    [{ pending: 3, inPrep: 0, ready: 1 }, 25],
    [{ pending: 2, inPrep: 2, ready: 0 }, 0],
  ])('%o → %d', (counts, pct) => {
    expect(stationEfficiency(counts)).toBe(pct);
  });
});

describe('stationStats', () => {
  it('counts per station with held, paused and late items', () => {
    const items = [
      item({ station: 'Grill', status: 'SENT_TO_KITCHEN' }),
      item({ station: 'Grill', status: 'IN_PREP' }),
      item({ station: 'Grill', status: 'PAUSE' }),
      item({ station: 'Grill', status: 'READY_FOR_RUN' }),
      item({ station: 'Fry', status: 'READY_FOR_RUN' }),
      item({ station: null, status: 'CONFIRMED', held: true, fireAt: at(30).toISOString() }),
    ];
    expect(stationStats(items, at(20))).toEqual([
      { station: 'Fry', held: 0, pending: 0, inPrep: 0, ready: 1, late: 0, efficiency: 100 },
      { station: 'General', held: 1, pending: 0, inPrep: 0, ready: 0, late: 0, efficiency: 100 },
      { station: 'Grill', held: 0, pending: 1, inPrep: 2, ready: 1, late: 3, efficiency: 25 },
    ]);
  });
  it('counts items per station for the tabs', () => {
    expect([
      ...stationCounts([item({ station: 'Grill' }), item({ station: 'Grill' }), item({ station: 'Bar' })]),
    ]).toEqual([
      ['Bar', 1],
      ['Grill', 2],
    ]);
  });
});

describe('matchesPriority', () => {
  it.each([
    ['all', 'normal', true],
    ['high', 'normal', false],
    ['high', 'high', true],
    ['high', 'urgent', false],
    ['urgent', 'urgent', true],
  ] as const)('filter %s, item %s → %s', (filter, priority, shown) => {
    expect(matchesPriority({ priority }, filter)).toBe(shown);
  });
});

describe('readyToRun', () => {
  const a = '20000000-0000-4000-8000-00000000000a';
  const b = '20000000-0000-4000-8000-00000000000b';
  const c = '20000000-0000-4000-8000-00000000000c';
  const row = (g: ReadyToRun) => [
    g.orderId,
    g.course,
    g.tableNumber,
    g.ready.length,
    g.sent.length,
    g.cooking,
    g.later,
  ];

  it('lists each course of an order with an item ready, oldest order first, while its later courses are held', () => {
    const items = [
      // Table 7: the beer and calamari are ready; the dessert is held for later (issue 22).
      item({ orderId: a, course: 'drink', status: 'READY_FOR_RUN', createdAt: at(5).toISOString(), tableNumber: '7' }),
      item({
        orderId: a,
        course: 'appetizer',
        status: 'READY_FOR_RUN',
        createdAt: at(5).toISOString(),
        tableNumber: '7',
      }),
      item({ orderId: a, course: 'dessert', status: 'CONFIRMED', createdAt: at(5).toISOString(), tableNumber: '7' }),
      item({ orderId: b, status: 'IN_PREP' }),
      // Table 2: one main ready, the other still cooking.
      item({ orderId: c, course: 'main', status: 'READY_FOR_RUN', createdAt: at(1).toISOString(), tableNumber: '2' }),
      item({ orderId: c, course: 'main', status: 'IN_PREP', createdAt: at(1).toISOString(), tableNumber: '2' }),
    ];
    expect(readyToRun(items).map(row)).toEqual([
      [c, 'main', '2', 1, 0, 1, 0],
      [a, 'drink', '7', 1, 0, 0, 1],
      [a, 'appetizer', '7', 1, 0, 0, 1],
    ]);
  });

  it('keeps the items already on a ticket apart from those still to send', () => {
    const sentItem = item({ orderId: a, status: 'READY_FOR_RUN' });
    const newlyReady = item({ orderId: a, status: 'READY_FOR_RUN' });
    const [group] = readyToRun([sentItem, newlyReady], new Set([sentItem.id]));
    expect(group?.ready.map((i) => i.id)).toEqual([newlyReady.id]);
    expect(group?.sent.map((i) => i.id)).toEqual([sentItem.id]);
    expect(readyToRun([sentItem], new Set([sentItem.id]))[0]?.ready).toEqual([]);
  });

  it('shows nothing for an order with nothing ready', () => {
    expect(readyToRun([item({ orderId: a, status: 'CONFIRMED' }), item({ orderId: a, status: 'IN_PREP' })])).toEqual(
      [],
    );
  });
});
