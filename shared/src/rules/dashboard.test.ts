import { describe, expect, it } from 'vitest';
import type { TableState } from '../schemas/entities.js';
import type { Payment } from '../schemas/payment.js';
import {
  activityCategory,
  dashboardStats,
  floorZones,
  matchesActivityFilter,
  minutesSince,
  tablesNeedingAttention,
  tablesSettling,
} from './dashboard.js';

const tables = (...states: TableState[]) => states.map((state, i) => ({ state, name: `Table ${i + 1}` }));
const payment = (status: Payment['status'], tableName: string | null, sessionId: string | null = tableName) => ({
  id: `p-${status}-${tableName}`,
  status,
  tableName,
  sessionId,
});

describe('dashboardStats', () => {
  it('counts seated tables, open orders, waiting parties and tables settling the bill', () => {
    const stats = dashboardStats({
      tables: tables('EMPTY', 'OCCUPIED', 'EATING', 'PAYING', 'PAYMENT_DUE', 'CLEANING', 'RESERVED', 'HOLD_SOFT'),
      orders: [{ id: 'a' }, { id: 'b' }],
      waitlist: [
        { status: 'WAITING', partySize: 2 },
        { status: 'NOTIFIED', partySize: 4 },
        { status: 'SEATED', partySize: 6 },
        { status: 'CANCELLED', partySize: 3 },
      ],
      payments: [],
    });
    expect(stats.tables).toEqual({
      occupied: 4,
      total: 8,
      percent: 50,
      level: { level: 'Available', color: 'green' },
    });
    expect(stats.activeOrders).toBe(2);
    // two parties ahead: a party arriving now is third, quoted 25 minutes at least
    expect(stats.waitlist).toEqual({ parties: 2, guests: 6, nextWaitMinutes: 25 });
    expect(stats.paymentsPending).toBe(2);
  });

  it('reads High above 80 % and has no wait with an empty queue', () => {
    const stats = dashboardStats({
      tables: tables('OCCUPIED', 'ORDERING', 'EATING', 'PAYING', 'PAYMENT_VERIFIED', 'EMPTY'),
      orders: [],
      waitlist: [],
      payments: [],
    });
    expect(stats.tables.percent).toBe(83);
    expect(stats.tables.level.level).toBe('High');
    expect(stats.waitlist).toEqual({ parties: 0, guests: 0, nextWaitMinutes: null });
    expect(stats.paymentsPending).toBe(1);
  });

  it('is all zero for a venue with no tables', () => {
    const stats = dashboardStats({ tables: [], orders: [], waitlist: [], payments: [] });
    expect(stats.tables).toMatchObject({ occupied: 0, total: 0, percent: 0 });
  });
});

describe('a payment waiting for staff', () => {
  // Table 2 is EATING and its party paid cash at the table: the payments screen lists it PENDING.
  const floor = tables('EMPTY', 'EATING', 'PAYING', 'EATING');
  const payments = [
    payment('PENDING', 'Table 2'),
    payment('PENDING', 'Table 3'),
    payment('PROCESSING', 'Table 9', 'gone'),
    payment('COMPLETED', 'Table 4'),
    payment('FAILED', 'Table 4'),
  ];

  it('counts as Payments Pending: once per table, and a bill whose table is no longer on the floor', () => {
    const stats = dashboardStats({ tables: floor, orders: [], waitlist: [], payments });
    // Table 2 (cash waiting), Table 3 (paying, and its cash waiting: once), Table 9's bill.
    expect(stats.paymentsPending).toBe(3);
    expect(dashboardStats({ tables: floor, orders: [], waitlist: [], payments: [] }).paymentsPending).toBe(1);
  });

  it('puts the table on the Payments & Exits tab and among the tables needing attention', () => {
    expect(tablesSettling(floor, payments).map((t) => t.name)).toEqual(['Table 2', 'Table 3']);
    const attention = tablesNeedingAttention(
      floor.map((t, i) => ({ ...t, number: String(i + 1), timeSeated: null })),
      payments,
    );
    expect(attention.map((t) => t.name)).toEqual(['Table 2', 'Table 3']);
    expect(
      tablesNeedingAttention(
        floor.map((t, i) => ({ ...t, number: String(i + 1), timeSeated: null })),
        [],
      ),
    ).toHaveLength(1);
  });
});

describe('tablesNeedingAttention', () => {
  it('lists tables asking for help, leaving or paying, longest seated first, unseated last', () => {
    const found = tablesNeedingAttention(
      [
        { number: '1', name: 'T1', state: 'EATING', timeSeated: '2026-01-01T18:00:00Z' },
        { number: '2', name: 'T2', state: 'PAYING', timeSeated: '2026-01-01T19:00:00Z' },
        { number: '3', name: 'T3', state: 'ASSISTANCE_REQUESTED', timeSeated: '2026-01-01T18:30:00Z' },
        { number: '4', name: 'T4', state: 'EXIT_PENDING', timeSeated: null },
        { number: '5', name: 'T5', state: 'EMPTY', timeSeated: null },
      ] as const,
      [],
    );
    expect(found.map((t) => t.number)).toEqual(['3', '2', '4']);
  });
});

describe('floorZones and minutesSince', () => {
  it('lists named zones once in first-seen order', () => {
    expect(
      floorZones([{ zone: 'Patio' }, { zone: null }, { zone: 'Bar Area' }, { zone: 'Patio' }, { zone: '' }]),
    ).toEqual(['Patio', 'Bar Area']);
  });

  it('counts whole minutes, never below zero', () => {
    const now = new Date('2026-01-01T19:10:59Z');
    expect(minutesSince('2026-01-01T19:00:00Z', now)).toBe(10);
    expect(minutesSince('2026-01-01T19:20:00Z', now)).toBe(0);
    expect(minutesSince(null, now)).toBeNull();
  });
});

describe('the activity feed filter', () => {
  it.each<[string, TableState | null, string | null]>([
    ['guest.departed', null, 'exits'],
    ['table.state.changed', 'EXIT_PENDING', 'exits'],
    ['payment.completed', null, 'exits'],
    ['table.state.changed', 'PAYMENT_VERIFIED', 'exits'],
    ['payment.status.changed', null, null],
    ['table.state.changed', 'OCCUPIED', null],
    ['order.created', null, 'orders'],
    ['order.item.status.changed', null, 'orders'],
    ['reservation.checkin', null, 'reservations'],
    ['staff.alert', null, 'alerts'],
    ['waitlist.updated', null, null],
  ])('%s (%s) is %s', (type, state, category) => {
    expect(activityCategory(type, state)).toBe(category);
  });

  it('shows everything under All and only the matching entries otherwise', () => {
    const order = { type: 'order.created', tableState: null };
    expect(matchesActivityFilter(order, 'all')).toBe(true);
    expect(matchesActivityFilter(order, 'orders')).toBe(true);
    expect(matchesActivityFilter(order, 'alerts')).toBe(false);
  });
});
