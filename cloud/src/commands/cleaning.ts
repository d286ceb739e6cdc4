// The cleaner console's and the floor's turnover calls (spec 2 section 2.11, spec 3 sections 4
// and 7): Request Cleaning, Start Task, Mark Complete, a staff move of a table, the QA check and
// Notify Next. Each is decided by shared/src/decisions/turnover.ts, as the terminal decides it;
// this file locks and loads the state and applies what was decided. Locks are always taken table
// first, then its tasks, then the venue's waitlist, so two of these never wait on each other in a
// circle.
import { randomUUID } from 'node:crypto';
import {
  type CreateTaskRequest,
  decideCompleteTask,
  decideCreateTask,
  decideMarkDeparted,
  decideNotifyNext,
  decideQaComplete,
  decideStartTask,
  decideTableTransition,
  FINISHED_TASKS_SHOWN_MS,
  type Order,
  partyFacts,
  type QaInput,
  type Table,
  type Task,
  type TransitionInput,
  type TurnoverState,
  tasksAnswer,
  type WaitlistEntry,
} from '@tablewise/shared';
import type { Queryable, Trx, VenueActor } from '../context.js';
import { forbidden } from '../errors.js';
import { presentSession, presentTable, presentWaitlistEntry } from '../presenters/index.js';
import { presentTask } from '../presenters/tasks.js';
import { appendEvent } from '../realtime/append-event.js';
import { closeSession } from '../repositories/payments.js';
import { listPartySessionsAtTable } from '../repositories/sessions.js';
import { findTableInVenue } from '../repositories/tables.js';
import { findTask, listVenueTasks, lockOpenTasksOfTable, lockTask } from '../repositories/tasks.js';
import { isStaffOf } from '../repositories/users.js';
import { listActiveWaitlist, lockVenueWaitlist } from '../repositories/waitlist.js';
import { applyDecided, authorOf, decisionActor } from './decided.js';
import { ordersOfSession } from './orders.js';

export async function venueTasks(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  filter: { type?: Task['type'] | undefined; status?: Task['status'] | undefined },
  now: Date,
): Promise<Task[]> {
  const rows = await listVenueTasks(q, actor.venueId, new Date(now.getTime() - FINISHED_TASKS_SHOWN_MS));
  return tasksAnswer(rows.map(presentTask), filter, now);
}

/** The table (locked), its unfinished tasks (locked), and, when `withWaitlist`, the venue's
 * waiting parties under the venue's notify lock. */
export async function loadTurnover(
  trx: Trx,
  venueId: string,
  tableId: string | null,
  withWaitlist: boolean,
): Promise<TurnoverState> {
  const row = tableId ? await findTableInVenue(trx, venueId, tableId, { forUpdate: true }) : undefined;
  const openTasks = row ? (await lockOpenTasksOfTable(trx, venueId, row.id)).map(presentTask) : [];
  return {
    table: row ? presentTable(row) : null,
    openTasks,
    waitlist: withWaitlist ? await waitlistOf(trx, venueId) : [],
  };
}

async function waitlistOf(trx: Trx, venueId: string): Promise<WaitlistEntry[]> {
  await lockVenueWaitlist(trx, venueId);
  return (await listActiveWaitlist(trx, venueId)).map(presentWaitlistEntry);
}

/** Request Cleaning: one unfinished task of a type per table, whoever asked for it. */
export async function createTableTask(trx: Trx, actor: VenueActor, input: CreateTaskRequest, now: Date): Promise<Task> {
  const id = input.id ?? randomUUID();
  const known = await findTask(trx, id);
  // An id another venue used is never this request's: the decision refuses it as taken.
  const existing = known
    ? known.venue_id === actor.venueId
      ? presentTask(known)
      : { ...presentTask(known), targetTableId: null }
    : null;
  const state = existing
    ? { table: null, openTasks: [] }
    : await loadTurnover(trx, actor.venueId, input.tableId, false);
  const decided = decideCreateTask({ ...state, existing }, { ...input, id }, decisionActor(actor), now);
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** Start Task: a staff member takes it; a terminal names the staff member signed in on it. */
export async function startVenueTask(
  trx: Trx,
  actor: VenueActor,
  id: string,
  input: { assignedTo?: string | undefined },
  now: Date,
): Promise<Task> {
  const row = await lockTask(trx, actor.venueId, id);
  if (actor.kind === 'terminal' && input.assignedTo && !(await isStaffOf(trx, actor.orgId, input.assignedTo))) {
    throw forbidden();
  }
  const decided = decideStartTask({ task: row ? presentTask(row) : null }, input, decisionActor(actor), now);
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** Mark Complete: a finished CLEAN task sends its table, if cleaning, to QA_CHECK with a QA task. */
export async function completeVenueTask(
  trx: Trx,
  actor: VenueActor,
  id: string,
  now: Date,
  qaTaskId?: string,
): Promise<{ task: Task; table: Table | null; qaTask: Task | null }> {
  const known = await findTask(trx, id);
  const ours = known && known.venue_id === actor.venueId ? known : undefined;
  // The table first, then the task: the order every turnover change locks in.
  const state = await loadTurnover(trx, actor.venueId, ours?.target_table_id ?? null, false);
  const row = ours ? await lockTask(trx, actor.venueId, id) : undefined;
  const decided = decideCompleteTask(
    { task: row ? presentTask(row) : null, table: state.table, openTasks: state.openTasks },
    { qaTaskId: qaTaskId ?? randomUUID() },
    decisionActor(actor),
    now,
  );
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** The QA result: passed frees the table for the next party that fits, failed sends it back. */
export async function completeQa(
  trx: Trx,
  actor: VenueActor,
  tableId: string,
  input: Omit<QaInput, 'taskId'> & { taskId?: string | undefined },
  now: Date,
): Promise<{ table: Table; task: Task | null; notified: WaitlistEntry | null }> {
  const state = await loadTurnover(trx, actor.venueId, tableId, input.passed);
  const decided = decideQaComplete(
    state,
    { ...input, taskId: input.taskId ?? randomUUID() },
    decisionActor(actor),
    now,
  );
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** A staff move of a table by the one state machine (an emergency clean, maintenance). */
export async function transitionVenueTable(
  trx: Trx,
  actor: VenueActor,
  tableId: string,
  input: Omit<TransitionInput, 'taskId'> & { taskId?: string | undefined },
  now: Date,
): Promise<{ table: Table; task: Task | null }> {
  const state = await loadTurnover(trx, actor.venueId, tableId, false);
  const decided = decideTableTransition(
    state,
    { ...input, taskId: input.taskId ?? randomUUID() },
    decisionActor(actor),
    now,
  );
  return applyDecided(trx, authorOf(actor), decided, now);
}

/**
 * Party Left (POST /api/tables/:id/departed): staff saw a paid party go. Decided by
 * decideMarkDeparted on what the party's sessions ordered; the table turns over, or waits for
 * the food still to serve. The party's sessions close (guest.departed), as the exit scan closes
 * them, so a new party scanning the table starts its own.
 */
export async function markTableDeparted(
  trx: Trx,
  actor: VenueActor,
  tableId: string,
  input: { taskId?: string | undefined },
  now: Date,
): Promise<{ table: Table; task: Task | null; outstanding: number }> {
  const state = await loadTurnover(trx, actor.venueId, tableId, false);
  const seatedAt = state.table?.timeSeated ? new Date(state.table.timeSeated) : null;
  const sessions = state.table ? await listPartySessionsAtTable(trx, tableId, seatedAt) : [];
  const orders: Order[] = [];
  for (const session of sessions) orders.push(...(await ordersOfSession(trx, session.id)));
  const decided = decideMarkDeparted(
    { ...state, party: partyFacts(orders) },
    { taskId: input.taskId ?? randomUUID() },
    decisionActor(actor),
    now,
  );
  const answer = await applyDecided(trx, authorOf(actor), decided, now);
  const author = authorOf(actor);
  for (const session of sessions) {
    if (session.status !== 'ACTIVE') continue;
    await closeSession(trx, session.id, now);
    const closed = { ...session, status: 'CLOSED', closed_at: now };
    await appendEvent(trx, { ...author, at: now, event: { type: 'guest.departed', session: presentSession(closed) } });
  }
  return answer;
}

/** POST /api/waitlist/notify-next: the next party that fits the named table, or the next in line. */
export async function notifyNextWaitingParty(
  trx: Trx,
  actor: VenueActor,
  tableId: string | undefined,
  now: Date,
): Promise<WaitlistEntry | null> {
  const table = tableId ? await findTableInVenue(trx, actor.venueId, tableId) : undefined;
  const decided = decideNotifyNext(
    {
      table: table ? presentTable(table) : null,
      tableNamed: tableId !== undefined,
      waitlist: table || !tableId ? await waitlistOf(trx, actor.venueId) : [],
    },
    now,
  );
  return (await applyDecided(trx, authorOf(actor), decided, now)).notified;
}
