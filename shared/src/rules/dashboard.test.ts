import { describe, expect, it } from 'vitest';
import type { TableState } from '../schemas/entities.js';
import {
  activityCategory,
  dashboardStats,
  floorZones,
  matchesActivityFilter,
  minutesSince,
  tablesNeedingAttention,
} from './dashboard.js';

const tables = (...states: TableState[]) => states.map((state) => ({ state }));

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
    });
    expect(stats.tables.percent).toBe(83);
    expect(stats.tables.level.level).toBe('High');
    expect(stats.waitlist).toEqual({ parties: 0, guests: 0, nextWaitMinutes: null });
    expect(stats.paymentsPending).toBe(1);
  });

  it('is all zero for a venue with no tables', () => {
    const stats = dashboardStats({ tables: [], orders: [], waitlist: [] });
    expect(stats.tables).toMatchObject({ occupied: 0, total: 0, percent: 0 });
  });
});

describe('tablesNeedingAttention', () => {
  it('lists tables asking for help, leaving or paying, longest seated first, unseated last', () => {
    const found = tablesNeedingAttention([
      { number: '1', state: 'EATING', timeSeated: '2026-01-01T18:00:00Z' },
      { number: '2', state: 'PAYING', timeSeated: '2026-01-01T19:00:00Z' },
      { number: '3', state: 'ASSISTANCE_REQUESTED', timeSeated: '2026-01-01T18:30:00Z' },
      { number: '4', state: 'EXIT_PENDING', timeSeated: null },
      { number: '5', state: 'EMPTY', timeSeated: null },
    ] as const);
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
