// GET /api/analytics (issue 26): a venue's figures over a range and the period before it, from the
// rollups (repositories/analytics.ts) and the floor as it stands.
import {
  ANALYTICS_MAX_RANGE_DAYS,
  type AnalyticsAnswer,
  type AnalyticsPeriod,
  AppError,
  DEFAULT_TIMEZONE,
  formatCents,
  MESSAGES,
  occupancyPercent,
  SEATED_STATES,
  type TableState,
  venueDayStart,
} from '@tablewise/shared';
import type { Queryable } from '../context.js';
import { bucketTotals, hourTotals, keyTotals, liveFigures } from '../repositories/analytics.js';
import { findVenue } from '../repositories/venues.js';

/** The last-hour window (spec 2 section 9: 60 minutes). */
const LAST_HOUR_MS = 60 * 60_000;

/** a / b rounded half up (both whole, b > 0). */
const divideHalfUp = (a: number, b: number) => Math.sign(a) * Math.floor((2 * Math.abs(a) + b) / (2 * b));
/** An average to one decimal place, or null with nothing to average. */
const average = (total: number, n: number) => (n === 0 ? null : Math.round((total / n) * 10) / 10);

async function period(q: Queryable, venueId: string, from: Date, to: Date, zone: string): Promise<AnalyticsPeriod> {
  const [t, keys, hours, days] = await Promise.all([
    hourTotals(q, venueId, from, to),
    keyTotals(q, venueId, from, to),
    bucketTotals(q, venueId, from, to, 'hour', zone),
    bucketTotals(q, venueId, from, to, 'day', zone),
  ]);
  const of = (dimension: string) => keys.filter((k) => k.dimension === dimension);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    orders: t.orders,
    orderTotal: formatCents(t.order_cents),
    averageOrderValue: t.orders === 0 ? null : formatCents(divideHalfUp(t.order_cents, t.orders)),
    revenue: formatCents(t.revenue_cents),
    tips: formatCents(t.tip_cents),
    payments: t.payments,
    covers: t.covers,
    parties: t.parties,
    turns: t.turns,
    averageTurnMinutes: average(t.turn_seconds / 60, t.turns),
    tableEvents: t.table_events,
    waitlistSeated: t.waits,
    // quoted_minutes holds min + max per party: the middle of the range is half of it
    averageQuotedWaitMinutes: average(t.quoted_minutes / 2, t.waits),
    averageActualWaitMinutes: average(t.wait_seconds / 60, t.waits),
    kitchen: of('station')
      .filter((k) => k.n > 0)
      .map((k) => ({ station: k.key, tickets: k.n, averageMinutes: average(k.total / 60, k.n) ?? 0 })),
    paymentMethods: of('method')
      .filter((k) => k.n > 0)
      .map((k) => ({ method: k.key, payments: k.n, amount: formatCents(k.total) })),
    categories: of('category').map((k) => ({ category: k.key, amount: formatCents(k.total) })),
    byHour: hours.map((b) => ({
      hour: Number(b.bucket),
      orders: b.orders,
      revenue: formatCents(b.revenue_cents),
      covers: b.covers,
    })),
    byDay: days.map((b) => ({
      day: b.bucket,
      orders: b.orders,
      revenue: formatCents(b.revenue_cents),
      covers: b.covers,
    })),
  };
}

export async function venueAnalytics(
  q: Queryable,
  venueId: string,
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<AnalyticsAnswer> {
  const zone = (await findVenue(q, venueId))?.tz ?? DEFAULT_TIMEZONE;
  // Without a range (the spec's client sends none): the venue's day, in its time zone.
  const today = venueDayStart(now, zone);
  const from = range.from ? new Date(range.from) : today;
  const to = range.to ? new Date(range.to) : venueDayStart(new Date(today.getTime() + 36 * 3_600_000), zone);
  if (from.getTime() >= to.getTime()) throw new AppError(400, 'invalid_field', MESSAGES.analyticsRangeInvalid);
  if (to.getTime() - from.getTime() > ANALYTICS_MAX_RANGE_DAYS * 86_400_000) {
    throw new AppError(400, 'invalid_field', MESSAGES.analyticsRangeTooLong(ANALYTICS_MAX_RANGE_DAYS));
  }
  const length = to.getTime() - from.getTime();
  const [current, previous, live] = await Promise.all([
    period(q, venueId, from, to, zone),
    period(q, venueId, new Date(from.getTime() - length), from, zone),
    liveFigures(q, venueId, new Date(now.getTime() - LAST_HOUR_MS)),
  ]);
  const states = live.states as TableState[];
  return {
    occupancy: occupancyPercent(states),
    averageOrderValue: current.averageOrderValue,
    totalRevenue: current.revenue,
    orderCount: current.orders,
    lastHour: { orders: live.lastHourOrders, revenue: formatCents(live.lastHourCents) },
    revenueSplit: current.categories,
    turnover: current.tableEvents,
    activeSessions: live.activeSessions,
    timeZone: zone,
    current,
    previous,
    live: {
      tables: states.length,
      occupied: states.filter((s) => SEATED_STATES.includes(s)).length,
      occupancyPercent: occupancyPercent(states),
      activeSessions: live.activeSessions,
      lastHourOrders: live.lastHourOrders,
      lastHourRevenue: formatCents(live.lastHourCents),
    },
  };
}
