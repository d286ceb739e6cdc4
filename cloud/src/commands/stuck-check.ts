// The stuck-state check (spec 3 section 4), every TURNOVER.stuckCheckIntervalMs over every venue:
// warnings for long cleaning and overdue QA, abandoned sessions closed and their tables sent to
// cleaning, and parties notified too long ago without being seated losing their turn to the next.
// What it finds is rules/turnover.ts's findStuckTables; what it does to a table or a party is
// decided by shared/src/decisions/turnover.ts, as every other turnover change.
import { randomUUID } from 'node:crypto';
import {
  decideAbandonedTable,
  decideNotifiedTimeout,
  findStuckTables,
  SEATED_STATES,
  type StuckTable,
  type TableState,
  TURNOVER,
} from '@tablewise/shared';
import type { AppDeps, Queryable, Trx } from '../context.js';
import { presentWaitlistEntry } from '../presenters/index.js';
import { appendEvent, writeTransaction } from '../realtime/append-event.js';
import {
  claimPeriodicRun,
  closeSessionsAtTable,
  listStuckCandidates,
  type StuckCandidate,
} from '../repositories/turnover.js';
import {
  findWaitlistEntry,
  listActiveWaitlist,
  lockPartiesNotifiedBefore,
  lockVenueWaitlist,
} from '../repositories/waitlist.js';
import { loadTurnover } from './cleaning.js';
import { applyDecided } from './decided.js';

const STUCK_STATES: readonly TableState[] = ['CLEANING', 'QA_CHECK', ...SEATED_STATES];

/** A table the check looks at, as the rule reads it. */
function candidateOf(r: StuckCandidate) {
  return { id: r.id, name: r.name, number: r.number, state: r.state as TableState, lastActivity: r.last_activity };
}

/** The check's findings for one venue now (GET /api/tables/stuck-states). */
export async function stuckTables(
  q: Queryable,
  venueId: string,
  now: Date,
): Promise<Omit<StuckTable, 'moveToCleaning'>[]> {
  const rows = await listStuckCandidates(q, STUCK_STATES, venueId);
  return findStuckTables(rows.map(candidateOf), now).map(({ moveToCleaning: _, ...report }) => report);
}

/** Name of the check's row in periodic_runs. */
const STUCK_CHECK = 'stuck-state-check';

/**
 * One run of the check over every venue, if this interval's run is still due (another instance
 * may have run it, or this one before a restart). Answers how many tables and parties it acted
 * on, or -1 when the run was not due.
 */
export async function runStuckCheck(
  deps: Pick<AppDeps, 'db' | 'now'>,
  intervalMs: number = TURNOVER.stuckCheckIntervalMs,
): Promise<number> {
  return writeTransaction(deps.db, async (trx) => {
    const now = deps.now();
    if (!(await claimPeriodicRun(trx, STUCK_CHECK, now, intervalMs))) return -1;
    const rows = await listStuckCandidates(trx, STUCK_STATES);
    const found = findStuckTables(rows.map(candidateOf), now);
    const byId = new Map(rows.map((r) => [r.id, r]));
    let acted = 0;
    for (const stuck of found) {
      const candidate = byId.get(stuck.id);
      if (!candidate) continue;
      const author = { orgId: candidate.org_id, venueId: candidate.venue_id, userId: null, terminalId: null };
      await appendEvent(trx, {
        ...author,
        at: now,
        event: { type: 'table.stuck', tableId: stuck.id, issue: stuck.issue, message: stuck.message },
      });
      if (stuck.moveToCleaning) {
        const state = await loadTurnover(trx, candidate.venue_id, candidate.id, false);
        const decided = decideAbandonedTable(state, randomUUID(), now);
        if (decided.answer) await closeSessionsAtTable(trx, candidate.id, now);
        await applyDecided(trx, author, decided, now);
      }
      acted += 1;
    }
    acted += await timeOutNotifiedParties(trx, now);
    return acted;
  });
}

/** Parties notified longer ago than the timeout and not seated give their turn to the next. */
async function timeOutNotifiedParties(trx: Trx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TURNOVER.waitlistTimeoutMinutes * 60_000);
  const late = await lockPartiesNotifiedBefore(trx, cutoff);
  for (const party of late) {
    const row = await findWaitlistEntry(trx, party.id);
    if (!row) continue;
    await lockVenueWaitlist(trx, party.venue_id);
    const waitlist = (await listActiveWaitlist(trx, party.venue_id)).map(presentWaitlistEntry);
    const decided = decideNotifiedTimeout({ entry: presentWaitlistEntry(row), waitlist }, now);
    await applyDecided(
      trx,
      { orgId: party.org_id, venueId: party.venue_id, userId: null, terminalId: null },
      decided,
      now,
    );
  }
  return late.length;
}
