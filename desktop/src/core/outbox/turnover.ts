// Cleaning and QA on this terminal (spec 2 section 2.11, spec 3 section 4): a cleaner starts and
// completes tasks and records QA checks while the cloud is away. Each change goes into the replica
// and the outbox in one SQLite transaction, by the same shared rules as the cloud (taskTransition,
// turnoverPlan): a finished clean sends its table to QA_CHECK with a QA task, a failed check sends
// it back to CLEANING with a high CLEAN task, a passed one frees it. The tasks the terminal makes
// carry ids it chose, which the cloud uses too, so the replica and the cloud name them alike. A
// passed check shows the waiting party the freed table fits as NOTIFIED here at once, by the
// cloud's rule (nextPartyFor); the queued check names that party (notifyWaitlistId) and the cloud,
// when the check reaches it, notifies it there, once, in the check's own transaction (a guest's
// phone only hears the cloud). No separate notify is queued, so nobody is notified twice. The cloud
// decides in the end: its copies replace the replica's, with this terminal's changes still waiting
// replayed on top.
import { randomUUID } from 'node:crypto';
import {
  completeTableQa,
  completeTask,
  MESSAGES,
  nextPartyFor,
  startTask,
  type Table,
  type TableState,
  type Task,
  TURNOVER_MESSAGES,
  tableMove,
  taskTransition,
  transitionTable,
  turnoverEventOfMove,
  turnoverPlan,
  type WaitlistEntry,
  waitlistTransition,
} from '@tablewise/shared';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { appendOutbox, pendingOf } from '../sqlite/repositories/outbox.js';
import { clearTasks, getTask, openTasksOf, putTask } from '../sqlite/repositories/tasks.js';
import { getTable, listActiveWaitlist, putTable, putWaitlistEntry } from '../sqlite/repositories/venue-data.js';
import { restoreQueuedTasks } from './tasks.js';

export const TURNOVER_ENTITY = 'turnover';

type Refusal = { ok: false; status: 404 | 409; message: string };
type Result<T> = { ok: true; value: T } | Refusal;

const OUT_OF_SERVICE: readonly TableState[] = ['CLEANING', 'QA_CHECK', 'EMPTY', 'MAINTENANCE'];

/** The table in its new state, as the cloud writes it: out of service, it forgets its party. */
function movedTable(table: Table, to: TableState): Table {
  return OUT_OF_SERVICE.includes(to)
    ? { ...table, state: to, holdExpiresAt: null, partyName: null, guestCount: null, timeSeated: null }
    : { ...table, state: to };
}

function queue(db: WriteDb, path: string, body: unknown, entityId: string, now: Date): void {
  appendOutbox(db, {
    idempotencyKey: randomUUID(),
    method: 'POST',
    path,
    body,
    entityType: TURNOVER_ENTITY,
    entityId,
    createdAt: now.toISOString(),
  });
}

/** The task of `type` the table needs: its unfinished one with the priority raised, or a new one. */
function ensureTask(
  db: WriteDb,
  table: Table,
  want: { id: string; type: 'CLEAN' | 'QA'; priority: number; description: string | null; metadata: Task['metadata'] },
  now: Date,
): Task {
  const [open] = openTasksOf(db, table.id, want.type);
  const task: Task = open
    ? { ...open, priority: Math.max(open.priority, want.priority), metadata: { ...open.metadata, ...want.metadata } }
    : {
        id: want.id,
        venueId: table.venueId,
        type: want.type,
        targetTableId: table.id,
        priority: want.priority,
        status: 'PENDING',
        assignedTo: null,
        dueAt: null,
        completedAt: null,
        description: want.description,
        metadata: want.metadata,
        createdAt: now.toISOString(),
      };
  putTask(db, task);
  return task;
}

/** Start Task here. */
export function startTaskLocally(db: WriteDb, id: string, now: Date): Result<Task> {
  return transact(db, (): Result<Task> => {
    const task = getTask(db, id);
    if (!task) return { ok: false, status: 404, message: MESSAGES.notFound('Task') };
    const move = taskTransition(task.status, 'start');
    if (!move.ok) return { ok: false, status: 409, message: move.reason };
    const started: Task = { ...task, status: move.to };
    putTask(db, started);
    queue(db, startTask.url({ id }), {}, id, now);
    return { ok: true, value: started };
  });
}

export interface CompletedHere {
  task: Task;
  table: Table | null;
  qaTask: Task | null;
}

/** What finishing a CLEAN task does to its table here: to QA_CHECK with a QA task. */
function cleaningDone(db: WriteDb, task: Task, qaTaskId: string, now: Date): { table: Table; qaTask: Task } | null {
  const table = task.type === 'CLEAN' && task.targetTableId ? getTable(db, task.targetTableId) : null;
  if (table?.state !== 'CLEANING') return null;
  const plan = turnoverPlan(table.state, { type: 'task.completed', taskType: 'CLEAN' });
  if (!plan.ok || !plan.plan.to) return null;
  const moved = movedTable(table, plan.plan.to);
  putTable(db, moved);
  const qaTask = ensureTask(
    db,
    table,
    {
      id: qaTaskId,
      type: 'QA',
      priority: task.priority,
      description: TURNOVER_MESSAGES.qaTaskDescription(table.number),
      metadata: { cleanTaskId: task.id },
    },
    now,
  );
  return { table: moved, qaTask };
}

/** Mark Complete here: a CLEAN task's table, if cleaning, goes to QA_CHECK with a QA task. */
export function completeTaskLocally(db: WriteDb, id: string, now: Date): Result<CompletedHere> {
  return transact(db, (): Result<CompletedHere> => {
    const task = getTask(db, id);
    if (!task) return { ok: false, status: 404, message: MESSAGES.notFound('Task') };
    const move = taskTransition(task.status, 'complete');
    if (!move.ok) return { ok: false, status: 409, message: move.reason };
    const done: Task = { ...task, status: move.to, completedAt: now.toISOString() };
    putTask(db, done);
    const qaTaskId = randomUUID();
    const next = cleaningDone(db, done, qaTaskId, now);
    queue(db, completeTask.url({ id }), { qaTaskId }, id, now);
    return { ok: true, value: { task: done, table: next?.table ?? null, qaTask: next?.qaTask ?? null } };
  });
}

export interface QaHere {
  table: Table;
  task: Task | null;
  notified: WaitlistEntry | null;
}

type QueuedQa = { passed: boolean; issues: string[]; taskId: string; notifyWaitlistId?: string };

/** The waiting party a freed table goes to, NOTIFIED here: `preferredId` (chosen when the check was
 * recorded) if it still waits and fits, else, with none chosen yet, the first that fits. */
function notifyHere(db: WriteDb, table: Table, preferredId: string | undefined, now: Date): WaitlistEntry | null {
  const line = listActiveWaitlist(db);
  const next = nextPartyFor(preferredId ? line.filter((e) => e.id === preferredId) : line, table);
  if (!next) return null;
  const move = waitlistTransition(next.status, 'notify');
  if (!move.ok) return null;
  const notified: WaitlistEntry = { ...next, status: move.to, notifiedAt: now.toISOString() };
  putWaitlistEntry(db, notified);
  return notified;
}

/** The QA result's effect on the replica: the table moves, its QA tasks finish, a failure makes
 * (or raises) the CLEAN task with the issues. Refused as the cloud would refuse it. */
function qaResult(
  db: WriteDb,
  table: Table,
  result: { passed: boolean; issues: readonly string[]; taskId: string; notifyWaitlistId?: string | undefined },
  now: Date,
): Result<QaHere> {
  const plan = turnoverPlan(table.state, {
    type: 'table.qa_check.completed',
    passed: result.passed,
    issues: result.issues,
  });
  if (!plan.ok) return { ok: false, status: 409, message: plan.reason };
  const at = now.toISOString();
  for (const qa of openTasksOf(db, table.id, 'QA')) {
    putTask(db, {
      ...qa,
      status: 'COMPLETED',
      completedAt: at,
      metadata: {
        ...qa.metadata,
        passed: result.passed,
        ...(result.issues.length > 0 ? { issues: result.issues.join('; ') } : {}),
      },
    });
  }
  const moved = plan.plan.to ? movedTable(table, plan.plan.to) : table;
  putTable(db, moved);
  const clean = plan.plan.cleanTask;
  const task = clean
    ? ensureTask(
        db,
        table,
        {
          id: result.taskId,
          type: 'CLEAN',
          priority: clean.priority,
          description: TURNOVER_MESSAGES.qaRedoDescription(result.issues),
          metadata: {
            level: clean.level,
            ...(clean.issues.length > 0 ? { issues: clean.issues.join('; ') } : {}),
            reason: 'qa_failed',
          },
        },
        now,
      )
    : null;
  const notified = plan.plan.notifyNextParty ? notifyHere(db, moved, result.notifyWaitlistId, now) : null;
  return { ok: true, value: { table: moved, task, notified } };
}

/** Pass or Fail a table's QA check here. */
export function completeQaLocally(
  db: WriteDb,
  tableId: string,
  result: { passed: boolean; issues: readonly string[] },
  now: Date,
): Result<QaHere> {
  return transact(db, (): Result<QaHere> => {
    const table = getTable(db, tableId);
    if (!table) return { ok: false, status: 404, message: MESSAGES.notFound('Table') };
    const taskId = randomUUID();
    const done = qaResult(db, table, { ...result, taskId }, now);
    if (!done.ok) return done;
    const notified = done.value.notified;
    const queued: QueuedQa = {
      passed: result.passed,
      issues: [...result.issues],
      taskId,
      ...(notified ? { notifyWaitlistId: notified.id } : {}),
    };
    queue(db, completeTableQa.url({ id: tableId }), queued, tableId, now);
    return done;
  });
}

export interface MovedHere {
  table: Table;
  task: Task | null;
}

type QueuedMove = { state: TableState; metadata?: Task['metadata']; taskId: string };

/** A staff move's effect on the replica, by the one state machine: an emergency clean makes (or
 * raises) an urgent CLEAN task. Refused as the cloud would refuse it. */
function tableMoved(db: WriteDb, table: Table, move: QueuedMove, now: Date): Result<MovedHere> {
  const step = tableMove(table.state, move.state, 'staff');
  if (!step.ok) return { ok: false, status: 409, message: step.reason };
  const event = turnoverEventOfMove(step.trigger);
  const plan = event ? turnoverPlan(table.state, event) : null;
  if (plan && !plan.ok) return { ok: false, status: 409, message: plan.reason };
  const moved = movedTable(table, move.state);
  putTable(db, moved);
  const clean = plan?.ok ? plan.plan.cleanTask : null;
  const task = clean
    ? ensureTask(
        db,
        table,
        {
          id: move.taskId,
          type: 'CLEAN',
          priority: clean.priority,
          description: clean.level === 'urgent' ? TURNOVER_MESSAGES.emergencyCleanDescription : null,
          metadata: { level: clean.level, reason: step.trigger ?? 'transition', ...(move.metadata ?? {}) },
        },
        now,
      )
    : null;
  return { ok: true, value: { table: moved, task } };
}

/** Moves a table here (POST /api/tables/:id/transition): emergency clean, maintenance. */
export function transitionTableLocally(
  db: WriteDb,
  tableId: string,
  move: { state: TableState; metadata?: Task['metadata'] | undefined },
  now: Date,
): Result<MovedHere> {
  return transact(db, (): Result<MovedHere> => {
    const table = getTable(db, tableId);
    if (!table) return { ok: false, status: 404, message: MESSAGES.notFound('Table') };
    const queued: QueuedMove = {
      state: move.state,
      ...(move.metadata ? { metadata: move.metadata } : {}),
      taskId: randomUUID(),
    };
    const done = tableMoved(db, table, queued, now);
    if (done.ok) queue(db, transitionTable.url({ id: tableId }), queued, tableId, now);
    return done;
  });
}

/**
 * After the cloud's copy of a task or a table replaced the replica's, replays this terminal's
 * cleaning and QA changes still waiting in the outbox, in order, so the cleaner sees what they did.
 * A change the rules no longer allow (the cloud's copy already has it) is left to the cloud.
 */
export function reapplyPendingTurnover(db: WriteDb): void {
  for (const entry of pendingOf(db, TURNOVER_ENTITY)) {
    const at = new Date(entry.createdAt);
    if (entry.path.endsWith('/start')) {
      const task = getTask(db, entry.entityId);
      if (task && taskTransition(task.status, 'start').ok) putTask(db, { ...task, status: 'IN_PROGRESS' });
    } else if (entry.path.endsWith('/complete')) {
      const task = getTask(db, entry.entityId);
      if (!task || !taskTransition(task.status, 'complete').ok) continue;
      const done: Task = { ...task, status: 'COMPLETED', completedAt: entry.createdAt };
      putTask(db, done);
      const body = entry.body as { qaTaskId?: string };
      cleaningDone(db, done, body.qaTaskId ?? randomUUID(), at);
    } else if (entry.path.endsWith('/transition')) {
      const table = getTable(db, entry.entityId);
      const move = entry.body as QueuedMove;
      if (table && table.state !== move.state) tableMoved(db, table, move, at);
    } else if (entry.path.endsWith('/qa-complete')) {
      const table = getTable(db, entry.entityId);
      const qa = entry.body as QueuedQa;
      const redone = table ? qaResult(db, table, qa, at) : null;
      // The table is freed here already, but the party's copy came back from the cloud still
      // waiting (the check has not reached it): it stays the one shown notified.
      if (table && !redone?.ok && qa.passed && qa.notifyWaitlistId) notifyHere(db, table, qa.notifyWaitlistId, at);
    }
  }
}

/** Sets the replica's tasks to the cloud's (from a snapshot), with this terminal's changes on top. */
export function replaceTasks(db: WriteDb, venueId: string, tasks: readonly Task[]): void {
  transact(db, () => {
    clearTasks(db);
    for (const task of tasks) putTask(db, task);
    restoreQueuedTasks(db, venueId);
    reapplyPendingTurnover(db);
  });
}

/** What a queued cleaning or QA change was about, as staff call it: "Table 4". */
export function turnoverChangeSubject(db: AnyDb, entry: { entityId: string }): string | null {
  const task = getTask(db, entry.entityId);
  const table = getTable(db, task?.targetTableId ?? entry.entityId);
  return table ? table.name : null;
}
