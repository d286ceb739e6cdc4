// Reads of the analytics rollups (migration 0030): sums over a venue's hours, never over events.
import type { Queryable } from '../context.js';

export interface HourTotalsRow {
  orders: number;
  order_cents: number;
  payments: number;
  revenue_cents: number;
  tip_cents: number;
  parties: number;
  covers: number;
  turns: number;
  turn_seconds: number;
  table_events: number;
  waits: number;
  quoted_minutes: number;
  wait_seconds: number;
}

const SUMS = `coalesce(sum(orders), 0)::int AS orders, coalesce(sum(order_cents), 0)::bigint AS order_cents,
  coalesce(sum(payments), 0)::int AS payments, coalesce(sum(revenue_cents), 0)::bigint AS revenue_cents,
  coalesce(sum(tip_cents), 0)::bigint AS tip_cents, coalesce(sum(parties), 0)::int AS parties,
  coalesce(sum(covers), 0)::int AS covers, coalesce(sum(turns), 0)::int AS turns,
  coalesce(sum(turn_seconds), 0)::bigint AS turn_seconds, coalesce(sum(table_events), 0)::int AS table_events,
  coalesce(sum(waits), 0)::int AS waits, coalesce(sum(quoted_minutes), 0)::bigint AS quoted_minutes,
  coalesce(sum(wait_seconds), 0)::bigint AS wait_seconds`;

const numbers = <T extends object>(row: T): T =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
  ) as T;

/** The venue's totals over [from, to) by whole hours (the hour `from` falls in counts). */
export async function hourTotals(q: Queryable, venueId: string, from: Date, to: Date): Promise<HourTotalsRow> {
  const { rows } = await q.raw<{ rows: HourTotalsRow[] }>(
    `SELECT ${SUMS} FROM analytics_hours
      WHERE venue_id = ? AND hour >= date_trunc('hour', ?::timestamptz, 'UTC') AND hour < ?`,
    [venueId, from, to],
  );
  return numbers(rows[0] as HourTotalsRow);
}

export interface BucketRow {
  bucket: string;
  orders: number;
  revenue_cents: number;
  covers: number;
}

/** Orders, revenue and covers by the venue's hour of day (`hour`) or calendar day (`day`). */
export async function bucketTotals(
  q: Queryable,
  venueId: string,
  from: Date,
  to: Date,
  by: 'hour' | 'day',
  timeZone: string,
): Promise<BucketRow[]> {
  const bucket =
    by === 'hour' ? `extract(hour FROM hour AT TIME ZONE ?)::int::text` : `to_char(hour AT TIME ZONE ?, 'YYYY-MM-DD')`;
  const { rows } = await q.raw<{ rows: BucketRow[] }>(
    `SELECT ${bucket} AS bucket, sum(orders)::int AS orders, sum(revenue_cents)::bigint AS revenue_cents,
            sum(covers)::int AS covers
       FROM analytics_hours
      WHERE venue_id = ? AND hour >= date_trunc('hour', ?::timestamptz, 'UTC') AND hour < ?
      GROUP BY 1 HAVING sum(orders) > 0 OR sum(revenue_cents) <> 0 OR sum(covers) > 0
      ORDER BY min(hour AT TIME ZONE ?)`,
    [timeZone, venueId, from, to, timeZone],
  );
  return rows.map(numbers);
}

export interface KeyRow {
  dimension: string;
  key: string;
  n: number;
  total: number;
}

/** The keyed sums (station, method, category) over [from, to), largest first. */
export async function keyTotals(q: Queryable, venueId: string, from: Date, to: Date): Promise<KeyRow[]> {
  const { rows } = await q.raw<{ rows: KeyRow[] }>(
    `SELECT dimension, key, sum(n)::bigint AS n, sum(total)::bigint AS total
       FROM analytics_hour_keys
      WHERE venue_id = ? AND dimension IN ('station', 'method', 'category')
        AND hour >= date_trunc('hour', ?::timestamptz, 'UTC') AND hour < ?
      GROUP BY dimension, key
      ORDER BY dimension, sum(total) DESC, key`,
    [venueId, from, to],
  );
  return rows.map(numbers);
}

/** Now: the tables by state, the open sessions, and the orders of the last `minutes`. */
export async function liveFigures(
  q: Queryable,
  venueId: string,
  since: Date,
): Promise<{ states: string[]; activeSessions: number; lastHourOrders: number; lastHourCents: number }> {
  const { rows } = await q.raw<{
    rows: { states: string[] | null; sessions: number; orders: number; cents: string | number }[];
  }>(
    `SELECT (SELECT array_agg(state) FROM tables WHERE venue_id = ?) AS states,
            (SELECT count(*)::int FROM sessions WHERE venue_id = ? AND status = 'ACTIVE') AS sessions,
            count(*)::int AS orders, coalesce(sum(round(total * 100)), 0)::bigint AS cents
       FROM orders WHERE venue_id = ? AND created_at >= ?`,
    [venueId, venueId, venueId, since],
  );
  const row = rows[0];
  return {
    states: row?.states ?? [],
    activeSessions: row?.sessions ?? 0,
    lastHourOrders: row?.orders ?? 0,
    lastHourCents: Number(row?.cents ?? 0),
  };
}
