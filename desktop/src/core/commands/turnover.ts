// Cleaning, QA and Request Cleaning on this terminal (spec 2 section 2.11, spec 3 section 4): a
// host asks for a table to be cleaned, a cleaner starts and completes tasks and records QA checks,
// a manager moves a table, while the cloud is away too. Each is decided by the shared decisions
// (shared/src/decisions/turnover.ts) on the replica's state, as the cloud decides it on its own,
// applied to the replica and queued for the cloud in one SQLite transaction. The ids of what the
// decision makes (a QA task, a CLEAN task) and the party it notified go with the queued call, so
// the cloud names them alike. The cloud decides in the end: its copies replace the replica's, with
// this terminal's changes still waiting decided again on top (reapplyPendingTurnover).
import { randomUUID } from 'node:crypto';
import {
  AppError,
  type CreateTaskRequest,
  completeTableQa,
  completeTask,
  createTask,
  type Decided,
  type DecisionActor,
  decideCompleteTask,
  decideCreateTask,
  decideMarkDeparted,
  decideQaComplete,
  decideStartTask,
  decideTableTransition,
  type LiveEvent,
  markDeparted,
  type Order,
  partyFacts,
  SHELL_MESSAGES,
  startTask,
  type Table,
  type TableState,
  type Task,
  type TurnoverState,
  transitionTable,
  type WaitlistEntry,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { listOrdersOfSession } from '../sqlite/repositories/orders.js';
import { type OutboxEntry, pendingOf } from '../sqlite/repositories/outbox.js';
import { listPartySessionIdsAtTable } from '../sqlite/repositories/sessions.js';
import { getTable } from '../sqlite/repositories/tables.js';
import { clearTasks, getTask, openTasksOfTable, putTask } from '../sqlite/repositories/tasks.js';
import { listActiveWaitlist } from '../sqlite/repositories/waitlist.js';
import { applyLocally, writeDecided } from './decided.js';

/** Entries of table moves, task starts and completions, and QA checks. */
export const TURNOVER_ENTITY = 'turnover';
/** Entries of Request Cleaning. */
export const TASK_ENTITY = 'task';

export interface Here<A> {
  value: A;
  events: LiveEvent[];
}

/** Who acts here: the staff member signed in on this terminal. */
function actorHere(db: AnyDb, userId: string | null): DecisionActor {
  return { kind: 'staff', userId, terminalId: getMeta(db).terminalId };
}

function turnoverHere(db: AnyDb, tableId: string | null, withWaitlist: boolean): TurnoverState {
  const table = tableId ? getTable(db, tableId) : null;
  return {
    table,
    openTasks: table ? openTasksOfTable(db, table.id) : [],
    waitlist: withWaitlist ? listActiveWaitlist(db) : [],
  };
}

type NewTask = z.output<(typeof createTask)['body']>;

/** Request Cleaning here: one unfinished task of a type per table, whoever asked for it (the
 * replica holds the tasks made here, on other terminals and in the cloud). */
export function createTaskLocally(db: WriteDb, input: NewTask, userId: string | null, now: Date): Here<Task> {
  return transact(db, () => {
    const id = input.id ?? randomUUID();
    const existing = getTask(db, id);
    const decided = decideCreateTask(
      { ...turnoverHere(db, existing ? null : input.tableId, false), existing },
      { ...input, id },
      actorHere(db, userId),
      now,
    );
    // A repeat of a request made here answers the task it made, and queues nothing more.
    if (decided.writes.length === 0) return { value: decided.answer, events: [] };
    const { answer, events } = applyLocally(
      db,
      decided,
      createTask,
      { body: { ...input, id }, entityType: TASK_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/** Start Task here: the cleaner signed in here takes it, in the cloud too. */
export function startTaskLocally(db: WriteDb, id: string, userId: string | null, now: Date): Here<Task> {
  return transact(db, () => {
    const decided = decideStartTask({ task: getTask(db, id) }, {}, actorHere(db, userId), now);
    const assignedTo = decided.answer.assignedTo;
    const { answer, events } = applyLocally(
      db,
      decided,
      startTask,
      { params: { id }, body: assignedTo ? { assignedTo } : {}, entityType: TURNOVER_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

export interface CompletedHere {
  task: Task;
  table: Table | null;
  qaTask: Task | null;
}

/** Mark Complete here: a CLEAN task's table, if cleaning, goes to QA_CHECK with a QA task. */
export function completeTaskLocally(db: WriteDb, id: string, userId: string | null, now: Date): Here<CompletedHere> {
  return transact(db, () => {
    const task = getTask(db, id);
    const qaTaskId = randomUUID();
    const state = turnoverHere(db, task?.targetTableId ?? null, false);
    const decided = decideCompleteTask(
      { task, table: state.table, openTasks: state.openTasks },
      { qaTaskId },
      actorHere(db, userId),
      now,
    );
    const { answer, events } = applyLocally(
      db,
      decided,
      completeTask,
      {
        params: { id },
        body: { qaTaskId: decided.answer.qaTask?.id ?? qaTaskId },
        entityType: TURNOVER_ENTITY,
        entityId: id,
      },
      now,
    );
    return { value: answer, events };
  });
}

export interface QaHere {
  table: Table;
  task: Task | null;
  notified: WaitlistEntry | null;
}

/** Pass or Fail a table's QA check here; a pass notifies the next party that fits, as the cloud's
 * does, and names it in the queued check so the cloud notifies the same party. */
export function completeQaLocally(
  db: WriteDb,
  tableId: string,
  result: { passed: boolean; issues: readonly string[] },
  userId: string | null,
  now: Date,
): Here<QaHere> {
  return transact(db, () => {
    const taskId = randomUUID();
    const decided = decideQaComplete(
      turnoverHere(db, tableId, result.passed),
      { ...result, taskId },
      actorHere(db, userId),
      now,
    );
    const notified = decided.answer.notified;
    const { answer, events } = applyLocally(
      db,
      decided,
      completeTableQa,
      {
        params: { id: tableId },
        body: {
          passed: result.passed,
          issues: [...result.issues],
          taskId: decided.answer.task?.id ?? taskId,
          ...(notified ? { notifyWaitlistId: notified.id } : {}),
        },
        entityType: TURNOVER_ENTITY,
        entityId: tableId,
      },
      now,
    );
    return { value: answer, events };
  });
}

export interface MovedHere {
  table: Table;
  task: Task | null;
}

/** Moves a table here (POST /api/tables/:id/transition): emergency clean, maintenance. */
export function transitionTableLocally(
  db: WriteDb,
  tableId: string,
  move: { state: TableState; metadata?: Task['metadata'] | undefined },
  userId: string | null,
  now: Date,
): Here<MovedHere> {
  return transact(db, () => {
    const taskId = randomUUID();
    const decided = decideTableTransition(
      turnoverHere(db, tableId, false),
      { ...move, taskId },
      actorHere(db, userId),
      now,
    );
    const { answer, events } = applyLocally(
      db,
      decided,
      transitionTable,
      {
        params: { id: tableId },
        body: {
          state: move.state,
          ...(move.metadata ? { metadata: move.metadata } : {}),
          taskId: decided.answer.task?.id ?? taskId,
        },
        entityType: TURNOVER_ENTITY,
        entityId: tableId,
      },
      now,
    );
    return { value: answer, events };
  });
}

/** What the party at a table ordered: every order of its sessions, as the cloud counts them. */
function partyAt(db: AnyDb, tableId: string) {
  const since = getTable(db, tableId)?.timeSeated ?? null;
  const orders: Order[] = listPartySessionIdsAtTable(db, tableId, since).flatMap((id) => listOrdersOfSession(db, id));
  return partyFacts(orders);
}

export interface DepartedHere {
  table: Table;
  task: Task | null;
  outstanding: number;
}

/** Party Left here: a paid table with nothing to serve turns over; with food still coming it waits
 * (EXIT_PENDING), as the cloud decides it. The CLEAN task's id goes with the queued call. */
export function markDepartedLocally(
  db: WriteDb,
  tableId: string,
  userId: string | null,
  now: Date,
): Here<DepartedHere> {
  return transact(db, () => {
    const taskId = randomUUID();
    const decided = decideMarkDeparted(
      { ...turnoverHere(db, tableId, false), party: partyAt(db, tableId) },
      { taskId },
      actorHere(db, userId),
      now,
    );
    const { answer, events } = applyLocally(
      db,
      decided,
      markDeparted,
      {
        params: { id: tableId },
        body: { taskId: decided.answer.task?.id ?? taskId },
        entityType: TURNOVER_ENTITY,
        entityId: tableId,
      },
      now,
    );
    return { value: answer, events };
  });
}

/** The decision a waiting entry is, on the replica as it is now; null for an entry this replay
 * does not know (another kind). An entry from a build before entries named their call is known
 * by its path. */
function redecide(db: WriteDb, entry: OutboxEntry): Decided<unknown> | null {
  const at = new Date(entry.createdAt);
  const actor = actorHere(db, null);
  const call = entry.callId ?? `${entry.method} ${entry.path}`;
  const is = (c: { id: string; path: string }) =>
    call === c.id || (!entry.callId && new RegExp(`^${c.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(entry.path));
  if (is(createTask)) {
    const body = createTask.body.parse(entry.body) as CreateTaskRequest;
    const id = body.id ?? entry.entityId;
    const existing = getTask(db, id);
    return decideCreateTask(
      { ...turnoverHere(db, existing ? null : body.tableId, false), existing },
      { ...body, id },
      actor,
      at,
    );
  }
  if (is(startTask)) {
    const body = startTask.body.parse(entry.body ?? {});
    return decideStartTask(
      { task: getTask(db, entry.entityId) },
      {},
      { ...actor, userId: body.assignedTo ?? null },
      at,
    );
  }
  if (is(completeTask)) {
    const body = completeTask.body.parse(entry.body ?? {});
    const task = getTask(db, entry.entityId);
    const state = turnoverHere(db, task?.targetTableId ?? null, false);
    return decideCompleteTask(
      { task, table: state.table, openTasks: state.openTasks },
      { qaTaskId: body.qaTaskId ?? randomUUID() },
      actor,
      at,
    );
  }
  if (is(transitionTable)) {
    const body = transitionTable.body.parse(entry.body);
    const state = turnoverHere(db, entry.entityId, false);
    // The cloud's copy already has the move: nothing to do again.
    if (state.table?.state === body.state) return null;
    return decideTableTransition(state, { ...body, taskId: body.taskId ?? randomUUID() }, actor, at);
  }
  if (is(markDeparted)) {
    const body = markDeparted.body.parse(entry.body ?? {});
    const state = turnoverHere(db, entry.entityId, false);
    // The cloud's copy already has the party gone: nothing to do again.
    if (state.table && !['PAYMENT_VERIFIED', 'EXIT_PENDING'].includes(state.table.state)) return null;
    return decideMarkDeparted(
      { ...state, party: partyAt(db, entry.entityId) },
      { taskId: body.taskId ?? randomUUID() },
      actor,
      at,
    );
  }
  if (is(completeTableQa)) {
    const body = completeTableQa.body.parse(entry.body);
    return decideQaComplete(
      turnoverHere(db, entry.entityId, body.passed),
      { ...body, taskId: body.taskId ?? randomUUID() },
      actor,
      at,
    );
  }
  return null;
}

/**
 * After the cloud's copy of a task or a table replaced the replica's, decides this terminal's
 * cleaning, QA and Request Cleaning changes still waiting in the outbox again, in order, by the
 * same decisions, so the staff see what they did. A change the rules no longer allow (the cloud's
 * copy already has it) is left to the cloud.
 */
export function reapplyPendingTurnover(db: WriteDb): void {
  const waiting = [...pendingOf(db, TASK_ENTITY), ...pendingOf(db, TURNOVER_ENTITY)].sort((a, b) => a.seq - b.seq);
  for (const entry of waiting) {
    try {
      const decided = redecide(db, entry);
      if (decided) writeDecided(db, decided, new Date(entry.createdAt));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** Sets the replica's tasks to the cloud's (from a snapshot), with this terminal's changes on top. */
export function replaceTasks(db: WriteDb, tasks: readonly Task[]): void {
  transact(db, () => {
    clearTasks(db);
    for (const task of tasks) putTask(db, task);
    reapplyPendingTurnover(db);
  });
}

/** What a queued cleaning or QA change was about, as staff call it: "Table 4". */
export function turnoverChangeSubject(db: AnyDb, entry: { entityId: string }): string | null {
  const task = getTask(db, entry.entityId);
  const table = getTable(db, task?.targetTableId ?? entry.entityId);
  return table ? table.name : null;
}

/** What a queued task was about, as staff call it: "Cleaning for Table 4". */
export function taskChangeSubject(db: AnyDb, entry: { body: unknown }): string | null {
  const parsed = createTask.body.safeParse(entry.body);
  const table = parsed.success ? getTable(db, parsed.data.tableId) : null;
  return table ? SHELL_MESSAGES.cleaningSubject(table.number) : null;
}
