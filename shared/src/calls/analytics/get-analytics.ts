import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { IsoDateTime, Money } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** The longest range one request may ask for: two years, so a comparison stays a read of rollups. */
export const ANALYTICS_MAX_RANGE_DAYS = 731;

/** Both ends, or neither: a range ends after it starts and is no longer than the longest one. */
const bothInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to);
const notTooLong = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined ||
  q.to === undefined ||
  Date.parse(q.to) - Date.parse(q.from) <= ANALYTICS_MAX_RANGE_DAYS * 86_400_000;

const AnalyticsQuery = z
  .object({
    /** From this instant (rounded down to its hour); the range is read by whole hours. Without it,
     * the start of the venue's day (the spec's client sends no range). */
    from: IsoDateTime.optional(),
    /** Up to this instant (exclusive; the hour it falls in counts). Without it, the start of the
     * venue's next day. */
    to: IsoDateTime.optional(),
  })
  .refine(bothInOrder, { error: MESSAGES.analyticsRangeInvalid, path: ['to'] })
  .refine(notTooLong, { error: MESSAGES.analyticsRangeTooLong(ANALYTICS_MAX_RANGE_DAYS), path: ['to'] });

const Bucket = z.object({ orders: z.number().int(), revenue: Money, covers: z.number().int() });

/** One period's figures, each from the rollups the events keep up to date (never a scan of events). */
export const AnalyticsPeriod = z.object({
  from: IsoDateTime,
  to: IsoDateTime,
  orders: z.number().int(),
  /** What the orders came to (their totals, tax included). */
  orderTotal: Money,
  /** orderTotal / orders, to the cent (half up); null with no orders. */
  averageOrderValue: Money.nullable(),
  /** Payments completed, tips not included, less refunds. */
  revenue: Money,
  tips: Money,
  payments: z.number().int(),
  covers: z.number().int(),
  parties: z.number().int(),
  /** Parties that left (their table turned), and the average time from seated to gone. */
  turns: z.number().int(),
  averageTurnMinutes: z.number().nullable(),
  /** Events of tables (type containing 'table.'): the spec's turnover figure. */
  tableEvents: z.number().int(),
  waitlistSeated: z.number().int(),
  /** The middle of the quoted range, on average, and the wait the parties had. */
  averageQuotedWaitMinutes: z.number().nullable(),
  averageActualWaitMinutes: z.number().nullable(),
  /** Fired to ready, by station. */
  kitchen: z.array(z.object({ station: z.string(), tickets: z.number().int(), averageMinutes: z.number() })),
  paymentMethods: z.array(z.object({ method: z.string(), payments: z.number().int(), amount: Money })),
  /** What was ordered, by menu category (the revenue split). */
  categories: z.array(z.object({ category: z.string(), amount: Money })),
  /** By hour of the venue's day (0–23), only hours with something in them. */
  byHour: z.array(Bucket.extend({ hour: z.number().int() })),
  /** By the venue's calendar day. */
  byDay: z.array(Bucket.extend({ day: z.string() })),
});
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

/**
 * The figures the spec's analytics screen computes (spec 2 section 2.9), under its names, over the
 * range (the last hour and the floor: now): occupancy (occupied tables over all, percent), average
 * order value (total over order count), the last-hour window, the revenue split (by menu category),
 * turnover (table events) and active sessions. The richer answer is beside them.
 */
const SpecAnalyticsFigures = z.object({
  occupancy: z.number().int(),
  averageOrderValue: Money.nullable(),
  totalRevenue: Money,
  orderCount: z.number().int(),
  lastHour: z.object({ orders: z.number().int(), revenue: Money }),
  revenueSplit: z.array(z.object({ category: z.string(), amount: Money })),
  turnover: z.number().int(),
  activeSessions: z.number().int(),
});

export const AnalyticsAnswer = SpecAnalyticsFigures.extend({
  timeZone: z.string(),
  current: AnalyticsPeriod,
  /** The period of the same length just before: the comparison. */
  previous: AnalyticsPeriod,
  /** Now, whatever the range: the floor as it stands and the last 60 minutes. */
  live: z.object({
    tables: z.number().int(),
    occupied: z.number().int(),
    occupancyPercent: z.number().int(),
    activeSessions: z.number().int(),
    lastHourOrders: z.number().int(),
    lastHourRevenue: Money,
  }),
});
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswer>;

/**
 * The venue's figures over a range and the period before it (spec 2 section 2.9; issue 26): read
 * from hourly rollups that a trigger keeps as the events are written, so a venue's age does not
 * slow it. Without a range, the venue's day (in its time zone). Guarded by VIEW_ANALYTICS. A
 * terminal asks the cloud for it.
 */
export const getAnalytics = defineCall({
  method: 'GET',
  path: '/api/analytics',
  summary: "The venue's figures over a range, with the period before it",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  permission: 'VIEW_ANALYTICS',
  query: AnalyticsQuery,
  answer: AnalyticsAnswer,
  staleOn: ['order.created', 'payment.status.changed', 'guest.departed', 'guest.checkedin'],
});
