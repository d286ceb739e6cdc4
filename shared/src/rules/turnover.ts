// Automated table turnover (spec 3 section 4): what the automation does on each live event, and
// the stuck-state check that runs every 5 minutes.
import { TURNOVER } from '../constants.js';
import { MESSAGES } from '../messages.js';
import type { TableState } from '../schemas/entities.js';
import { SEATED_STATES, type TableTrigger, tableTransition } from './tables.js';
import { TURNOVER_TASK_PRIORITY, type TurnoverPriority } from './tasks.js';

/** The live events the automation consumes (spec 1 section 7), with what it needs of each. */
export type TurnoverEvent =
  | { type: 'payment.completed'; sessionComplete: boolean; rushOrder: boolean }
  /** The party left (the exit scan, or staff saw it go), with `outstanding` items still to serve. */
  | { type: 'party.departed'; outstanding: number; rushOrder: boolean }
  /** An item of a party that left was delivered or cancelled; `outstanding` are left. */
  | { type: 'items.settled'; outstanding: number; rushOrder: boolean }
  | { type: 'task.completed'; taskType: 'RUN' | 'CLEAN' | 'QA' }
  | { type: 'table.qa_check.completed'; passed: boolean; issues: readonly string[] }
  | { type: 'table.emergency_clean' }
  | { type: 'table.maintenance_required' }
  | { type: 'waitlist.timeout' };

export interface TurnoverPlan {
  /** The trigger to fire on the table, or null to leave it. */
  trigger: TableTrigger | null;
  to: TableState | null;
  /** A CLEAN task to create, with its priority. */
  cleanTask: { priority: number; level: TurnoverPriority; issues: readonly string[] } | null;
  notifyNextParty: boolean;
}

const NOTHING: TurnoverPlan = { trigger: null, to: null, cleanTask: null, notifyNextParty: false };

function clean(level: TurnoverPriority, issues: readonly string[] = []): TurnoverPlan['cleanTask'] {
  return { priority: TURNOVER_TASK_PRIORITY[level], level, issues };
}

/** What the automation does for `event` on a table in `state`; a refused move keeps its reason. */
export function turnoverPlan(
  state: TableState,
  event: TurnoverEvent,
): { ok: true; plan: TurnoverPlan } | { ok: false; reason: string } {
  let trigger: TableTrigger | null;
  let cleanTask: TurnoverPlan['cleanTask'] = null;
  let notifyNextParty = false;
  switch (event.type) {
    // Paying ends what is owed, not the service: the table is Paid, its food still comes, and
    // nobody is sent to clean a table whose guests are seated (issue 22).
    case 'payment.completed':
      if (!event.sessionComplete) return { ok: true, plan: NOTHING };
      trigger = 'paymentCompleted';
      break;
    case 'party.departed':
      if (event.outstanding > 0) {
        trigger = 'partyLeftOwed';
        break;
      }
      trigger = 'partyLeft';
      cleanTask = clean(event.rushOrder ? 'high' : 'normal');
      break;
    case 'items.settled':
      if (state !== 'EXIT_PENDING' || event.outstanding > 0) return { ok: true, plan: NOTHING };
      trigger = 'partyLeft';
      cleanTask = clean(event.rushOrder ? 'high' : 'normal');
      break;
    case 'task.completed':
      if (event.taskType !== 'CLEAN') return { ok: true, plan: NOTHING };
      trigger = 'cleaningCompleted';
      break;
    case 'table.qa_check.completed':
      trigger = event.passed ? 'qaPassed' : 'qaFailed';
      if (event.passed) notifyNextParty = true;
      else cleanTask = clean('high', event.issues);
      break;
    case 'table.emergency_clean':
      trigger = 'emergencyClean';
      cleanTask = clean('urgent');
      break;
    case 'table.maintenance_required':
      trigger = 'maintenanceRequired';
      break;
    case 'waitlist.timeout':
      return { ok: true, plan: { ...NOTHING, notifyNextParty: true } };
    default: {
      const never: never = event;
      throw new Error(`Unknown turnover event ${JSON.stringify(never)}`);
    }
  }
  const move = tableTransition(state, trigger, 'automation');
  if (!move.ok) return move;
  return { ok: true, plan: { trigger, to: move.to, cleanTask, notifyNextParty } };
}

type StuckIssue = 'LONG_CLEANING' | 'STUCK_QA' | 'ABANDONED_SESSION';

export interface StuckTable {
  id: string;
  name: string;
  issue: StuckIssue;
  lastActivity: string;
  /** Warnings are shown; an abandoned session also moves the table to CLEANING. */
  moveToCleaning: boolean;
  message: string;
}

/** The stuck-state check: cleaning over 30 minutes, QA waiting over 15, and a session with no
 * activity for 3 hours. `lastActivity` is when the table last changed. The toasts name the table
 * by its `number` when given ("Table 4 needs QA attention."), else by its name. */
export function findStuckTables(
  tables: readonly { id: string; name: string; number?: string; state: TableState; lastActivity: Date }[],
  now: Date,
): StuckTable[] {
  const found: StuckTable[] = [];
  for (const t of tables) {
    const label = t.number ?? t.name;
    const minutes = (now.getTime() - t.lastActivity.getTime()) / 60_000;
    const base = { id: t.id, name: t.name, lastActivity: t.lastActivity.toISOString() };
    if (t.state === 'CLEANING' && minutes > TURNOVER.longCleaningMinutes) {
      found.push({ ...base, issue: 'LONG_CLEANING', moveToCleaning: false, message: MESSAGES.longCleaning(label) });
    } else if (t.state === 'QA_CHECK' && minutes > TURNOVER.stuckQaMinutes) {
      found.push({ ...base, issue: 'STUCK_QA', moveToCleaning: false, message: MESSAGES.qaOverdue(label) });
    } else if (SEATED_STATES.includes(t.state) && minutes > TURNOVER.abandonedSessionMinutes) {
      found.push({
        ...base,
        issue: 'ABANDONED_SESSION',
        moveToCleaning: true,
        message: MESSAGES.abandonedSession(label),
      });
    }
  }
  return found;
}
