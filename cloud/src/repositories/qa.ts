// The QA dashboard's rows (issue 26): the organization's QA venue and its runs. Only queries.
import { randomUUID } from 'node:crypto';
import type { Queryable, Trx } from '../context.js';
import type { VenueRow } from './rows.js';

/** The organization's QA venue (flagged `qa`, docs/qa-dashboard.md), the first made if several. */
export async function findQaVenue(q: Queryable, orgId: string): Promise<VenueRow | undefined> {
  return q('venues')
    .where({ org_id: orgId })
    .whereRaw(`(flags_json->>'qa') = 'true'`)
    .orderBy('created_at')
    .first<VenueRow | undefined>();
}

/** Seeds of one organization take turns, so two presses make one QA venue. */
export async function lockQaSeed(trx: Trx, orgId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`tablewise-qa-seed:${orgId}`]);
}

export async function insertQaVenue(
  trx: Trx,
  row: { id: string; org_id: string; name: string; tz: string; at: Date },
): Promise<void> {
  await trx('venues').insert({
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    tz: row.tz,
    flags_json: JSON.stringify({ qa: true }),
    created_at: row.at,
    updated_at: row.at,
  });
}

export async function countOf(q: Queryable, table: 'tables' | 'menu_items' | 'printers', venueId: string) {
  const row = await q(table).where({ venue_id: venueId }).count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}

export async function insertRunnerIfNone(
  trx: Trx,
  row: { id: string; org_id: string; venue_id: string; name: string; zone: string },
): Promise<void> {
  const existing = await trx('runners').where({ venue_id: row.venue_id }).first('id');
  if (existing) return;
  await trx('runners').insert({
    id: row.id,
    org_id: row.org_id,
    venue_id: row.venue_id,
    name: row.name,
    status: 'available',
    current_zone: row.zone,
  });
}

/**
 * Gives a member a role at the QA venue unless one of theirs covers it already: an active
 * organization-wide role, or any role there (one deactivated there stays deactivated).
 */
export async function insertQaVenueRoleIfNone(
  trx: Trx,
  row: {
    userId: string;
    orgId: string;
    venueId: string;
    role: string;
    permissions: readonly string[];
    duty: string | null;
    at: Date;
  },
): Promise<void> {
  const covering = await trx('user_roles')
    .where({ user_id: row.userId, organization_id: row.orgId })
    .andWhere((q) =>
      q.where('venue_id', row.venueId).orWhere((w) => w.whereNull('venue_id').whereNull('deactivated_at')),
    )
    .first('id');
  if (covering) return;
  await trx('user_roles').insert({
    id: randomUUID(),
    user_id: row.userId,
    organization_id: row.orgId,
    venue_id: row.venueId,
    role: row.role,
    permissions: [...row.permissions],
    duty: row.duty,
    created_at: row.at,
  });
}

export interface QaRunRow {
  id: string;
  org_id: string;
  venue_id: string;
  started_by: string | null;
  status: string;
  progress: number;
  current_step: string;
  journeys_json: unknown;
  broken_json: unknown;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export async function latestQaRun(q: Queryable, orgId: string): Promise<QaRunRow | undefined> {
  return q('qa_runs').where({ org_id: orgId }).orderBy('started_at', 'desc').first<QaRunRow | undefined>();
}

/** Starts of one organization take turns, so two presses start one run. */
export async function lockQaRuns(trx: Trx, orgId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`tablewise-qa-run:${orgId}`]);
}

export async function insertQaRun(trx: Trx, row: Omit<QaRunRow, 'finished_at'>): Promise<void> {
  await trx('qa_runs').insert({
    ...row,
    journeys_json: JSON.stringify(row.journeys_json),
    broken_json: JSON.stringify(row.broken_json),
  });
}

export async function saveQaRun(
  q: Queryable,
  id: string,
  patch: Pick<QaRunRow, 'status' | 'progress' | 'current_step' | 'journeys_json' | 'broken_json' | 'updated_at'> &
    Partial<Pick<QaRunRow, 'finished_at'>>,
): Promise<void> {
  await q('qa_runs')
    .where({ id })
    .update({
      ...patch,
      journeys_json: JSON.stringify(patch.journeys_json),
      broken_json: JSON.stringify(patch.broken_json),
    });
}

/** The print jobs that carried the kitchen tickets of an order's items, with their state. */
export async function ticketJobsOfOrder(
  q: Queryable,
  venueId: string,
  orderId: string,
): Promise<{ item_id: string; status: string; printer_id: string }[]> {
  return q('ticketed_items as t')
    .join('print_jobs as j', 'j.id', 't.print_job_id')
    .where({ 't.venue_id': venueId, 't.order_id': orderId })
    .select('t.item_id', 'j.status', 'j.printer_id');
}
