// The rows the turnover automation reads and writes beyond tables' and tasks' own: a table's move
// out of service, the stuck-state check's candidates, and the record of the check's last run.
import type { Queryable, Trx } from '../context.js';
import type { TableRow } from './rows.js';

/** Moves a table to `state`; leaving service (cleaning, free, maintenance) forgets its party. */
export async function setTableState(
  q: Queryable,
  id: string,
  change: { state: string; at: Date; clearParty: boolean },
): Promise<TableRow> {
  const [row] = await q<TableRow>('tables')
    .where({ id })
    .update({
      state: change.state,
      updated_at: change.at,
      hold_expires_at: null,
      held_by_session_id: null,
      ...(change.clearParty ? { party_name: null, guest_count: null, time_seated: null } : {}),
    })
    .returning('*');
  if (!row) throw new Error(`Table ${id} does not exist`);
  return row;
}

/** Records the free table a notified party may go and choose. */
export async function markPartyReadyFor(q: Queryable, id: string, tableId: string): Promise<void> {
  await q('waitlist').where({ id }).update({ ready_table_id: tableId });
}

/** Closes the sessions still open at the table (an abandoned party). */
export async function closeSessionsAtTable(q: Queryable, tableId: string, at: Date): Promise<void> {
  await q('sessions').where({ table_id: tableId, status: 'ACTIVE' }).update({ status: 'CLOSED', closed_at: at });
}

export interface StuckCandidate {
  id: string;
  org_id: string;
  venue_id: string;
  name: string;
  number: string;
  state: string;
  /** The table's last move, or its party's last order if later. */
  last_activity: Date;
}

/** Tables in `states` across every venue, with when anything last happened at them. */
export async function listStuckCandidates(
  q: Queryable,
  states: readonly string[],
  venueId?: string,
): Promise<StuckCandidate[]> {
  const query = q('tables as t')
    .whereIn('t.state', states)
    .select<StuckCandidate[]>(
      't.id',
      't.org_id',
      't.venue_id',
      't.name',
      't.number',
      't.state',
      q.raw(
        `greatest(t.updated_at, (select max(o.created_at) from orders o join sessions s on s.id = o.session_id
           where s.table_id = t.id and s.status = 'ACTIVE')) as last_activity`,
      ),
    )
    .orderBy('t.id');
  if (venueId) query.where('t.venue_id', venueId);
  return query;
}

/**
 * Claims this interval's run of the periodic job `name`: true when no other instance holds it now
 * (a transaction-scoped advisory lock) and its last recorded run is at least `intervalMs` ago. The
 * record is written in the caller's transaction, so a run that fails is not recorded.
 */
export async function claimPeriodicRun(trx: Trx, name: string, now: Date, intervalMs: number): Promise<boolean> {
  const lock = await trx.raw<{ rows: { ok: boolean }[] }>('select pg_try_advisory_xact_lock(hashtext(?)) as ok', [
    `periodic:${name}`,
  ]);
  if (!lock.rows[0]?.ok) return false;
  const last = await trx('periodic_runs').where({ name }).forUpdate().first<{ last_run_at: Date } | undefined>();
  if (last && now.getTime() - last.last_run_at.getTime() < intervalMs) return false;
  await trx('periodic_runs').insert({ name, last_run_at: now }).onConflict('name').merge({ last_run_at: now });
  return true;
}
