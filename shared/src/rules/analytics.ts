// What the analytics screen derives from GET /api/analytics' answer (issue 26): the comparison with
// the previous period, the busiest and quietest hours, the revenue split and the CSV export.
import type { AnalyticsAnswer, AnalyticsPeriod } from '../calls/analytics/get-analytics.js';
import { formatCents, toCents } from './money.js';

/** The change from `previous` to `current` in percent, rounded; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** The hours of the venue's day by revenue: the busiest and the quietest that had any trade. */
export function peakAndQuietHours(period: Pick<AnalyticsPeriod, 'byHour'>): { peak: number; quiet: number } | null {
  const trading = period.byHour.filter((h) => h.orders > 0 || toCents(h.revenue) !== 0);
  if (trading.length < 2) return null;
  const byRevenue = [...trading].sort((a, b) => toCents(b.revenue) - toCents(a.revenue) || a.hour - b.hour);
  return { peak: (byRevenue[0] as { hour: number }).hour, quiet: (byRevenue.at(-1) as { hour: number }).hour };
}

/** "7 PM", "12 AM": an hour of the venue's day. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The revenue split: what was ordered by category and the tips, each with its share in percent
 * (rounded so the shares add up to 100). Null with nothing sold. */
export function revenueSplit(
  period: Pick<AnalyticsPeriod, 'categories' | 'tips'>,
): { label: string; amount: string; percent: number }[] | null {
  const parts = [
    ...period.categories.map((c) => ({ label: c.category, cents: toCents(c.amount) })),
    { label: 'Tips', cents: toCents(period.tips) },
  ].filter((p) => p.cents > 0);
  const total = parts.reduce((n, p) => n + p.cents, 0);
  if (total === 0) return null;
  // largest remainder, so the shown shares add up to 100
  const raw = parts.map((p) => (p.cents * 100) / total);
  const floors = raw.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left -= 1;
  }
  return parts.map((p, i) => ({ label: p.label, amount: formatCents(p.cents), percent: floors[i] as number }));
}

const csvCell = (v: string | number | null) => {
  const text = v === null ? '' : String(v);
  // a cell a spreadsheet would run as a formula is quoted with a leading apostrophe
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The CSV export: the summary of both periods, then revenue by day and by hour, stations,
 * payment methods and categories of the current period. */
export function analyticsCsv(answer: Pick<AnalyticsAnswer, 'timeZone' | 'current' | 'previous' | 'live'>): string {
  const { current: c, previous: p } = answer;
  const rows: (string | number | null)[][] = [
    ['figure', 'current', 'previous'],
    ['from', c.from, p.from],
    ['to', c.to, p.to],
    ['orders', c.orders, p.orders],
    ['order total', c.orderTotal, p.orderTotal],
    ['average order value', c.averageOrderValue, p.averageOrderValue],
    ['revenue', c.revenue, p.revenue],
    ['tips', c.tips, p.tips],
    ['payments', c.payments, p.payments],
    ['covers', c.covers, p.covers],
    ['parties', c.parties, p.parties],
    ['turns', c.turns, p.turns],
    ['average turn minutes', c.averageTurnMinutes, p.averageTurnMinutes],
    ['table events', c.tableEvents, p.tableEvents],
    ['seated from waitlist', c.waitlistSeated, p.waitlistSeated],
    ['average quoted wait minutes', c.averageQuotedWaitMinutes, p.averageQuotedWaitMinutes],
    ['average actual wait minutes', c.averageActualWaitMinutes, p.averageActualWaitMinutes],
    [],
    ['day', 'orders', 'revenue', 'covers'],
    ...c.byDay.map((d) => [d.day, d.orders, d.revenue, d.covers]),
    [],
    ['hour', 'orders', 'revenue', 'covers'],
    ...c.byHour.map((h) => [h.hour, h.orders, h.revenue, h.covers]),
    [],
    ['station', 'tickets', 'average minutes'],
    ...c.kitchen.map((k) => [k.station, k.tickets, k.averageMinutes]),
    [],
    ['payment method', 'payments', 'amount'],
    ...c.paymentMethods.map((m) => [m.method, m.payments, m.amount]),
    [],
    ['category', 'amount'],
    ...c.categories.map((x) => [x.category, x.amount]),
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
