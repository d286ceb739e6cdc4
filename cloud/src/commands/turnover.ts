// Automated table turnover (spec 3 section 4) and the cleaner console's calls (spec 2 section
// 2.11): a paid-up table goes to CLEANING with a CLEAN task, a finished clean to QA_CHECK with a QA
// task, a passed check frees the table for the next waiting party that fits it, a failed one sends
// it back to cleaning with the issues. What moves where is shared/rules (turnoverPlan, the one table
// state machine, taskTransition); this file locks the rows, writes them and announces each change
// in the same transaction. Locks are always taken table first, then its tasks, then the venue's
// waitlist, so two of these never wait on each other in a circle.
import { randomUUID } from 'node:crypto';
import {
  AVAILABLE_TABLE_STATES,
  FINISHED_TASKS_SHOWN_MS,
  findStuckTables,
  MESSAGES,
  nextPartyFor,
  nextToNotify,
  SEATED_STATES,
  type StuckTable,
  type Table,
  type TableState,
  type Task,
  TURNOVER,
  TURNOVER_MESSAGES,
  TURNOVER_TASK_PRIORITY,
  type TurnoverEvent,
  type TurnoverPlan,
  tableMove,
  tasksAnswer,
  taskTransition,
  turnoverEventOfMove,
  turnoverPlan,
  type WaitlistEntry,
  waitlistTransition,
} from '@tablewise/shared';
import { type AppDeps, actorRef, type Queryable, type Trx, type VenueActor } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { presentTable, presentWaitlistEntry } from '../presenters/index.js';
import { presentTask } from '../presenters/tasks.js';
import { appendEvent, writeTransaction } from '../realtime/append-event.js';
import type { TableRow } from '../repositories/rows.js';
import { findTableInVenue } from '../repositories/tables.js';
import {
  findOpenTaskForTable,
  findTask,
  insertTask,
  listVenueTasks,
  lockTask,
  raiseTaskPriority,
  setTaskStatus,
  type TaskRow,
} from '../repositories/tasks.js';
import {
  claimPeriodicRun,
  closeSessionsAtTable,
  listStuckCandidates,
  markPartyReadyFor,
  setTableState,
} from '../repositories/turnover.js';
import { listActiveWaitlist, setWaitlistStatus } from '../repositories/waitlist.js';

/** Who made a change, for its events: staff, a terminal, or the automation (nobody). */
interface Author {
  orgId: string;
  venueId: string;
  userId: string | null;
  terminalId: string | null;
  at: Date;
}

function authorOf(actor: VenueActor, at: Date): Author {
  const { userId, terminalId } = actorRef(actor);
  return { orgId: actor.orgId, venueId: actor.venueId, userId, terminalId, at };
}

const automation = (table: Pick<TableRow, 'org_id' | 'venue_id'>, at: Date): Author => ({
  orgId: table.org_id,
  venueId: table.venue_id,
  userId: null,
  terminalId: null,
  at,
});

/** States a table leaves its party behind in. */
const OUT_OF_SERVICE: readonly TableState[] = ['CLEANING', 'QA_CHECK', 'EMPTY', 'MAINTENANCE'];

async function moveTableTo(trx: Trx, author: Author, table: TableRow, to: TableState): Promise<Table> {
  const row = await setTableState(trx, table.id, { state: to, at: author.at, clearParty: OUT_OF_SERVICE.includes(to) });
  const moved = presentTable(row);
  await appendEvent(trx, {
    ...author,
    event: { type: 'table.state.changed', tableId: moved.id, state: moved.state, table: moved },
  });
  return moved;
}

async function announceTask(trx: Trx, author: Author, row: TaskRow, type: 'task.created' | 'task.updated') {
  const task = presentTask(row);
  await appendEvent(trx, { ...author, event: { type, task } });
  return task;
}

/**
 * The task of `type` the table needs: a new one, or the one it already has waiting with its
 * priority raised (a table has one unfinished task of a type, commands/tasks.ts).
 */
async function ensureTableTask(
  trx: Trx,
  author: Author,
  table: TableRow,
  want: {
    type: 'CLEAN' | 'QA';
    priority: number;
    description: string | null;
    metadata: Task['metadata'];
    /** The id the client made for it (a terminal that did this offline). */
    id?: string | undefined;
  },
): Promise<Task> {
  const open = await findOpenTaskForTable(trx, table.venue_id, table.id, want.type);
  if (open) {
    const raised = await raiseTaskPriority(trx, open.id, want.priority, { ...open.metadata_json, ...want.metadata });
    return announceTask(trx, author, raised, 'task.updated');
  }
  const id = want.id ?? randomUUID();
  await insertTask(trx, {
    id,
    org_id: table.org_id,
    venue_id: table.venue_id,
    type: want.type,
    target_table_id: table.id,
    priority: want.priority,
    status: 'PENDING',
    created_by: author.userId,
    description: want.description,
    metadata_json: want.metadata,
    created_at: author.at,
  });
  const row = await findTask(trx, id);
  // An id already used for another table's task is not this one's to take.
  if (!row || row.venue_id !== table.venue_id || row.target_table_id !== table.id || row.type !== want.type) {
    throw conflict(`Task ${id} already exists`);
  }
  return announceTask(trx, author, row, 'task.created');
}

/** Notifies the first waiting party the table fits (any party, without a table); `preferredId`, the
 * party a terminal already showed as notified, first if it still waits and fits. Parties are
 * notified one notifier at a time per venue, so two freed tables go to two different parties. */
async function notifyNext(
  trx: Trx,
  author: Author,
  table: Pick<Table, 'id' | 'capacity' | 'capacityMax' | 'isAccessible' | 'state'> | null,
  preferredId?: string,
): Promise<WaitlistEntry | null> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`waitlist:${author.venueId}`]);
  const line = (await listActiveWaitlist(trx, author.venueId)).map(presentWaitlistEntry);
  const preferred = preferredId ? line.filter((e) => e.id === preferredId) : [];
  const next = table ? (nextPartyFor(preferred, table) ?? nextPartyFor(line, table)) : nextToNotify(line);
  if (!next) return null;
  const move = waitlistTransition(next.status, 'notify');
  if (!move.ok) return null;
  // A party notified for a table that is free now may go and choose it (the guest's READY).
  if (table && AVAILABLE_TABLE_STATES.includes(table.state)) await markPartyReadyFor(trx, next.id, table.id);
  const entry = presentWaitlistEntry(await setWaitlistStatus(trx, next.id, move.to, author.at));
  await appendEvent(trx, { ...author, event: { type: 'waitlist.updated', entry } });
  return entry;
}

interface Applied {
  table: Table;
  task: Task | null;
  notified: WaitlistEntry | null;
}

const cleanTaskMetadata = (plan: TurnoverPlan, extra: Task['metadata']): Task['metadata'] => ({
  level: plan.cleanTask?.level ?? 'normal',
  ...(plan.cleanTask && plan.cleanTask.issues.length > 0 ? { issues: plan.cleanTask.issues.join('; ') } : {}),
  ...extra,
});

/** Carries out a turnover plan on a locked table. */
async function applyPlan(
  trx: Trx,
  author: Author,
  table: TableRow,
  plan: TurnoverPlan,
  cleanDescription: string | null,
  metadata: Task['metadata'] = {},
  taskId?: string,
  notifyWaitlistId?: string,
): Promise<Applied> {
  const moved = plan.to ? await moveTableTo(trx, author, table, plan.to) : presentTable(table);
  const task = plan.cleanTask
    ? await ensureTableTask(trx, author, table, {
        type: 'CLEAN',
        priority: plan.cleanTask.priority,
        description: cleanDescription,
        metadata: cleanTaskMetadata(plan, metadata),
        id: taskId,
      })
    : null;
  const notified = plan.notifyNextParty ? await notifyNext(trx, author, moved, notifyWaitlistId) : null;
  return { table: moved, task, notified };
}

async function lockTable(trx: Trx, venueId: string, tableId: string): Promise<TableRow> {
  const table = await findTableInVenue(trx, venueId, tableId, { forUpdate: true });
  if (!table) throw notFound('Table');
  return table;
}

// ---- The automation's entry points ----

/**
 * A payment completed (the payments command calls this inside the payment's transaction): with
 * the session complete, the table goes to CLEANING with a CLEAN task, high for a rush order, else
 * normal. It never refuses the payment: a table the plan cannot move (already cleaning, another
 * venue's) is left as it is, and the answer says why.
 */
export async function onPaymentCompleted(
  trx: Trx,
  venueId: string,
  payment: { tableId: string; sessionComplete: boolean; rushOrder: boolean },
  now: Date = new Date(),
): Promise<{ applied: true; table: Table; task: Task | null } | { applied: false; reason: string }> {
  const table = await findTableInVenue(trx, venueId, payment.tableId, { forUpdate: true });
  if (!table) return { applied: false, reason: MESSAGES.notFound('Table') };
  const event: TurnoverEvent = {
    type: 'payment.completed',
    sessionComplete: payment.sessionComplete,
    rushOrder: payment.rushOrder,
  };
  const plan = turnoverPlan(table.state as TableState, event);
  if (!plan.ok) return { applied: false, reason: plan.reason };
  if (!plan.plan.to) return { applied: false, reason: 'The session is not complete' };
  const done = await applyPlan(trx, automation(table, now), table, plan.plan, null, {
    reason: 'payment',
    rushOrder: payment.rushOrder,
  });
  return { applied: true, table: done.table, task: done.task };
}

// ---- Tasks: the cleaner console ----

export async function venueTasks(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  filter: { type?: Task['type'] | undefined; status?: Task['status'] | undefined },
  now: Date,
): Promise<Task[]> {
  const rows = await listVenueTasks(q, actor.venueId, new Date(now.getTime() - FINISHED_TASKS_SHOWN_MS));
  return tasksAnswer(rows.map(presentTask), filter, now);
}

/** Start Task: the signed-in cleaner takes it. */
export async function startVenueTask(trx: Trx, actor: VenueActor, id: string, now: Date): Promise<Task> {
  const row = await lockTask(trx, actor.venueId, id);
  if (!row) throw notFound('Task');
  const move = taskTransition(row.status as Task['status'], 'start');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const started = await setTaskStatus(trx, id, {
    status: move.to,
    at: now,
    assignedTo: actor.kind === 'staff' ? actor.user.id : row.assigned_to,
  });
  return announceTask(trx, authorOf(actor, now), started, 'task.updated');
}

/** Mark Complete: a finished CLEAN task sends its table, if cleaning, to QA_CHECK with a QA task. */
export async function completeVenueTask(
  trx: Trx,
  actor: VenueActor,
  id: string,
  now: Date,
  qaTaskId?: string,
): Promise<{ task: Task; table: Table | null; qaTask: Task | null }> {
  const author = authorOf(actor, now);
  const known = await findTask(trx, id);
  if (!known || known.venue_id !== actor.venueId) throw notFound('Task');
  // The table first, then the task: the order every turnover change locks in.
  const table = known.target_table_id
    ? await findTableInVenue(trx, actor.venueId, known.target_table_id, { forUpdate: true })
    : undefined;
  const row = await lockTask(trx, actor.venueId, id);
  if (!row) throw notFound('Task');
  const move = taskTransition(row.status as Task['status'], 'complete');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const task = await announceTask(
    trx,
    author,
    await setTaskStatus(trx, id, { status: move.to, at: now, completedAt: now }),
    'task.updated',
  );
  if (row.type !== 'CLEAN' || !table || table.state !== 'CLEANING') return { task, table: null, qaTask: null };
  const plan = turnoverPlan('CLEANING', { type: 'task.completed', taskType: 'CLEAN' });
  if (!plan.ok || !plan.plan.to) return { task, table: null, qaTask: null };
  const moved = await moveTableTo(trx, author, table, plan.plan.to);
  const qaTask = await ensureTableTask(trx, author, table, {
    type: 'QA',
    priority: row.priority,
    description: TURNOVER_MESSAGES.qaTaskDescription(table.number),
    metadata: { cleanTaskId: row.id },
    id: qaTaskId,
  });
  return { task, table: moved, qaTask };
}

/** Completes the table's unfinished QA tasks with the check's result. */
async function closeQaTasks(trx: Trx, author: Author, table: TableRow, result: Task['metadata']): Promise<void> {
  for (;;) {
    const open = await findOpenTaskForTable(trx, table.venue_id, table.id, 'QA');
    if (!open) return;
    await lockTask(trx, table.venue_id, open.id);
    const done = await setTaskStatus(trx, open.id, {
      status: 'COMPLETED',
      at: author.at,
      completedAt: author.at,
      metadata: { ...open.metadata_json, ...result },
    });
    await announceTask(trx, author, done, 'task.updated');
  }
}

/** The QA result: passed frees the table for the next party that fits, failed sends it back. */
export async function completeQa(
  trx: Trx,
  actor: VenueActor,
  tableId: string,
  result: {
    passed: boolean;
    issues: readonly string[];
    taskId?: string | undefined;
    notifyWaitlistId?: string | undefined;
  },
  now: Date,
): Promise<Applied> {
  const author = authorOf(actor, now);
  const table = await lockTable(trx, actor.venueId, tableId);
  const plan = turnoverPlan(table.state as TableState, {
    type: 'table.qa_check.completed',
    passed: result.passed,
    issues: result.issues,
  });
  if (!plan.ok) throw conflict(plan.reason, 'transition_refused');
  await closeQaTasks(trx, author, table, {
    passed: result.passed,
    ...(result.issues.length > 0 ? { issues: result.issues.join('; ') } : {}),
  });
  return applyPlan(
    trx,
    author,
    table,
    plan.plan,
    result.passed ? null : TURNOVER_MESSAGES.qaRedoDescription(result.issues),
    { reason: 'qa_failed' },
    result.taskId,
    result.notifyWaitlistId,
  );
}

/**
 * A staff move of a table by the one state machine. To CLEANING from anything but QA is an
 * emergency clean (an urgent CLEAN task); to MAINTENANCE takes it out of service; a passed QA frees
 * it for the next party.
 */
export async function transitionVenueTable(
  trx: Trx,
  actor: VenueActor,
  tableId: string,
  to: TableState,
  metadata: Task['metadata'],
  now: Date,
  taskId?: string,
): Promise<{ table: Table; task: Task | null }> {
  const author = authorOf(actor, now);
  const table = await lockTable(trx, actor.venueId, tableId);
  const from = table.state as TableState;
  const move = tableMove(from, to, 'staff');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const event = turnoverEventOfMove(move.trigger);
  const plan = event ? turnoverPlan(from, event) : null;
  if (plan && !plan.ok) throw conflict(plan.reason, 'transition_refused');
  if (plan?.ok) {
    const done = await applyPlan(
      trx,
      author,
      table,
      plan.plan,
      plan.plan.cleanTask?.level === 'urgent' ? TURNOVER_MESSAGES.emergencyCleanDescription : null,
      { reason: move.trigger ?? 'transition', ...metadata },
      taskId,
    );
    return { table: done.table, task: done.task };
  }
  return { table: await moveTableTo(trx, author, table, to), task: null };
}

/** POST /api/waitlist/notify-next: the next party that fits the named table, or the next in line. */
export async function notifyNextWaitingParty(
  trx: Trx,
  actor: VenueActor,
  tableId: string | undefined,
  now: Date,
): Promise<WaitlistEntry | null> {
  const table = tableId ? await findTableInVenue(trx, actor.venueId, tableId) : null;
  if (tableId && !table) throw notFound('Table');
  return notifyNext(trx, authorOf(actor, now), table ? presentTable(table) : null);
}

// ---- The stuck-state check ----

const STUCK_STATES: readonly TableState[] = ['CLEANING', 'QA_CHECK', ...SEATED_STATES];

/** The check's findings for one venue now (GET /api/tables/stuck-states). */
export async function stuckTables(
  q: Queryable,
  venueId: string,
  now: Date,
): Promise<Omit<StuckTable, 'moveToCleaning'>[]> {
  const rows = await listStuckCandidates(q, STUCK_STATES, venueId);
  return findStuckTables(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      number: r.number,
      state: r.state as TableState,
      lastActivity: r.last_activity,
    })),
    now,
  ).map(({ moveToCleaning: _, ...report }) => report);
}

/** Name of the check's row in periodic_runs. */
const STUCK_CHECK = 'stuck-state-check';

/**
 * One run of the stuck-state check over every venue, if this interval's run is still due (another
 * instance may have run it, or this one before a restart): warnings for long cleaning and overdue
 * QA, abandoned sessions closed and their tables sent to cleaning, and parties notified too long
 * ago without being seated losing their turn to the next. Answers how many tables and parties it
 * acted on, or -1 when the run was not due.
 */
export async function runStuckCheck(
  deps: Pick<AppDeps, 'db' | 'now'>,
  intervalMs: number = TURNOVER.stuckCheckIntervalMs,
): Promise<number> {
  return writeTransaction(deps.db, async (trx) => {
    const now = deps.now();
    if (!(await claimPeriodicRun(trx, STUCK_CHECK, now, intervalMs))) return -1;
    const rows = await listStuckCandidates(trx, STUCK_STATES);
    const found = findStuckTables(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        number: r.number,
        state: r.state as TableState,
        lastActivity: r.last_activity,
      })),
      now,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    let acted = 0;
    for (const stuck of found) {
      const candidate = byId.get(stuck.id);
      if (!candidate) continue;
      const author = automation(candidate, now);
      await appendEvent(trx, {
        ...author,
        event: { type: 'table.stuck', tableId: stuck.id, issue: stuck.issue, message: stuck.message },
      });
      if (stuck.moveToCleaning) {
        const table = await findTableInVenue(trx, candidate.venue_id, candidate.id, { forUpdate: true });
        if (!table || !SEATED_STATES.includes(table.state as TableState)) continue;
        await closeSessionsAtTable(trx, table.id, now);
        await moveTableTo(trx, author, table, 'CLEANING');
        await ensureTableTask(trx, author, table, {
          type: 'CLEAN',
          priority: TURNOVER_TASK_PRIORITY.normal,
          description: TURNOVER_MESSAGES.abandonedCleanDescription,
          metadata: { reason: 'abandoned_session' },
        });
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
  const late = await trx('waitlist')
    .where({ status: 'NOTIFIED' })
    .where('notified_at', '<', cutoff)
    .orderBy('id')
    .forUpdate()
    .select<{ id: string; org_id: string; venue_id: string; status: string }[]>('id', 'org_id', 'venue_id', 'status');
  for (const party of late) {
    const author = automation(party, now);
    const out = waitlistTransition('NOTIFIED', 'remove');
    if (!out.ok) continue;
    const entry = presentWaitlistEntry(await setWaitlistStatus(trx, party.id, out.to, now));
    await appendEvent(trx, { ...author, event: { type: 'waitlist.updated', entry } });
    await notifyNext(trx, author, null);
  }
  return late.length;
}
