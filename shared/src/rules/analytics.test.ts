import { describe, expect, it } from 'vitest';
import type { AnalyticsPeriod } from '../calls/analytics/get-analytics.js';
import { analyticsCsv, hourLabel, peakAndQuietHours, percentChange, revenueSplit } from './analytics.js';

const empty: AnalyticsPeriod = {
  from: '2026-11-21T05:00:00.000Z',
  to: '2026-11-28T05:00:00.000Z',
  orders: 0,
  orderTotal: '0.00',
  averageOrderValue: null,
  revenue: '0.00',
  tips: '0.00',
  payments: 0,
  covers: 0,
  parties: 0,
  turns: 0,
  averageTurnMinutes: null,
  tableEvents: 0,
  waitlistSeated: 0,
  averageQuotedWaitMinutes: null,
  averageActualWaitMinutes: null,
  kitchen: [],
  paymentMethods: [],
  categories: [],
  byHour: [],
  byDay: [],
};

describe('analytics rules', () => {
  it('compares with the period before, and says nothing when there was nothing', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('finds the busiest and quietest trading hours by revenue', () => {
    const byHour = [
      { hour: 12, orders: 3, revenue: '40.00', covers: 4 },
      { hour: 19, orders: 9, revenue: '310.50', covers: 12 },
      { hour: 15, orders: 1, revenue: '8.00', covers: 1 },
    ];
    expect(peakAndQuietHours({ byHour })).toEqual({ peak: 19, quiet: 15 });
    expect(peakAndQuietHours({ byHour: byHour.slice(0, 1) })).toBeNull();
    expect([hourLabel(0), hourLabel(12), hourLabel(19)]).toEqual(['12 AM', '12 PM', '7 PM']);
  });

  it('splits revenue by category and tips, shares adding up to 100', () => {
    const split = revenueSplit({
      categories: [
        { category: 'Mains', amount: '25.00' },
        { category: 'Drinks', amount: '7.00' },
      ],
      tips: '3.00',
    });
    expect(split).toEqual([
      { label: 'Mains', amount: '25.00', percent: 71 },
      { label: 'Drinks', amount: '7.00', percent: 20 },
      { label: 'Tips', amount: '3.00', percent: 9 },
    ]);
    expect(revenueSplit({ categories: [], tips: '0.00' })).toBeNull();
  });

  it('exports both periods and the breakdowns as CSV, with no cell a spreadsheet would run', () => {
    const answer: Parameters<typeof analyticsCsv>[0] = {
      timeZone: 'UTC',
      current: { ...empty, orders: 2, categories: [{ category: '=HYPERLINK("x")', amount: '1.00' }] },
      previous: empty,
      live: {
        tables: 0,
        occupied: 0,
        occupancyPercent: 0,
        activeSessions: 0,
        lastHourOrders: 0,
        lastHourRevenue: '0.00',
      },
    };
    const csv = analyticsCsv(answer);
    expect(csv.split('\r\n')[3]).toBe('orders,2,0');
    expect(csv).toContain(`"'=HYPERLINK(""x"")",1.00`);
  });
});
