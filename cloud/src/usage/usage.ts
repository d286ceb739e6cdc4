// Usage counted per month (issue 24, "Plans, settings and data"), per organization, in UTC months:
// orders closed (a bill paid in full closes its orders), API calls (each request that names an
// organization: staff, terminal or guest), and storage (what its uploads take, read when asked).
// API calls are counted in memory and added every minute and at shutdown, so a request costs no
// write; each instance adds its own counts, so several instances sum correctly.
import type { Middleware } from 'koa';
import type { AppState, Queryable } from '../context.js';

export interface UsageChange {
  ordersClosed?: number;
  apiCalls?: number;
}

/** Adds to the organization's row for the month of `at` (made at the first count). */
export async function addUsage(q: Queryable, orgId: string, at: Date, change: UsageChange): Promise<void> {
  const orders = change.ordersClosed ?? 0;
  const calls = change.apiCalls ?? 0;
  if (orders === 0 && calls === 0) return;
  await q.raw(
    `insert into org_usage_monthly (organization_id, year, month, orders_closed, api_calls, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (organization_id, year, month) do update
       set orders_closed = org_usage_monthly.orders_closed + excluded.orders_closed,
           api_calls = org_usage_monthly.api_calls + excluded.api_calls,
           updated_at = excluded.updated_at`,
    [orgId, at.getUTCFullYear(), at.getUTCMonth() + 1, orders, calls, at, at],
  );
}

/** API calls per organization since the last flush. */
export class UsageCounter {
  private calls = new Map<string, number>();

  count(orgId: string): void {
    this.calls.set(orgId, (this.calls.get(orgId) ?? 0) + 1);
  }

  /** Adds what was counted; what fails to be written is kept for the next flush. */
  async flush(q: Queryable, at: Date): Promise<void> {
    const counted = this.calls;
    this.calls = new Map();
    for (const [orgId, apiCalls] of counted) {
      try {
        await addUsage(q, orgId, at, { apiCalls });
      } catch (error) {
        this.calls.set(orgId, (this.calls.get(orgId) ?? 0) + apiCalls);
        throw error;
      }
    }
  }
}

/** Counts each request whose caller names an organization, once it has been answered. */
export function countApiCalls(counter: UsageCounter | undefined): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    if (!counter || !ctx.path.startsWith('/api/')) return;
    const { staff, terminal, guest } = ctx.state.principals ?? {};
    const orgId = staff?.orgId ?? terminal?.orgId ?? guest?.orgId;
    if (orgId) counter.count(orgId);
  };
}

export interface MonthUsage {
  year: number;
  month: number;
  ordersClosed: number;
  apiCalls: number;
  smsSent: number;
  storageUsedMb: number;
}

/** The organization's last twelve months, newest first; this month's storage is measured now. */
export async function usageOf(q: Queryable, orgId: string, now: Date): Promise<MonthUsage[]> {
  const rows = await q('org_usage_monthly')
    .where({ organization_id: orgId })
    .orderBy([
      { column: 'year', order: 'desc' },
      { column: 'month', order: 'desc' },
    ])
    .limit(12);
  const stored = await q('stored_objects')
    .where({ org_id: orgId })
    .sum<{ bytes: string | null }[]>('size as bytes')
    .first();
  const storageUsedMb = Math.round((Number(stored?.bytes ?? 0) / (1024 * 1024)) * 100) / 100;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const months: MonthUsage[] = rows.map((r) => ({
    year: r.year,
    month: r.month,
    ordersClosed: r.orders_closed,
    apiCalls: Number(r.api_calls),
    smsSent: r.sms_sent,
    storageUsedMb: r.year === year && r.month === month ? storageUsedMb : Number(r.storage_used_mb),
  }));
  if (!months.some((m) => m.year === year && m.month === month)) {
    months.unshift({ year, month, ordersClosed: 0, apiCalls: 0, smsSent: 0, storageUsedMb });
  }
  return months.slice(0, 12);
}
