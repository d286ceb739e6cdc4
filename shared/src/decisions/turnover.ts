// Table turnover, the cleaners' tasks and the next waiting party, decided once (spec 2 section
// 2.11, spec 3 sections 4 and 7): a staff move of a table, Request Cleaning, Start Task, Mark
// Complete (a finished clean sends its table to QA_CHECK with a QA task), the QA check (passed frees
// the table for the next party that fits, failed sends it back to cleaning), and the automation's
// own moves. The cloud and the terminal load the state below from their stores and apply what
// these answer; which state follows which is still rules/ (tableMove, turnoverPlan, taskTransition,
// waitlistTransition, nextPartyFor).
import type { CreateTaskRequest } from '../calls/tasks/create-task.js';
import { conflict, notFound } from '../errors.js';
import { MESSAGES, SHELL_MESSAGES, TURNOVER_MESSAGES } from '../messages.js';
import { outstandingStage, type PartyFacts } from '../rules/outstanding.js';
import { AVAILABLE_TABLE_STATES, SEATED_STATES, tableMove } from '../rules/tables.js';
import { TURNOVER_TASK_PRIORITY, taskTransition } from '../rules/tasks.js';
import { type TurnoverEvent, type TurnoverPlan, turnoverPlan } from '../rules/turnover.js';
import { nextPartyFor, turnoverEventOfMove } from '../rules/turnover-tasks.js';
import { nextToNotify, waitlistTransition } from '../rules/waitlist.js';
import type { Order, Table, TableState, WaitlistEntry } from '../schemas/entities.js';
import type { Task } from '../schemas/task.js';
import { Changes, type Decided, type DecisionActor, type Write } from './decision.js';

/** States a table leaves its party behind in. */
const OUT_OF_SERVICE: readonly TableState[] = ['CLEANING', 'QA_CHECK', 'EMPTY', 'MAINTENANCE'];

/** The table in its new state: out of service, it forgets its party and any hold. */
function moveTable(changes: Changes, table: Table, to: TableState): Table {
  const clearParty = OUT_OF_SERVICE.includes(to);
  const moved: Table = clearParty
    ? { ...table, state: to, holdExpiresAt: null, partyName: null, guestCount: null, timeSeated: null }
    : { ...table, state: to, holdExpiresAt: null };
  changes.write({ kind: 'table.state', table: moved, clearParty });
  changes.announce({ type: 'table.state.changed', tableId: moved.id, state: moved.state, table: moved });
  return moved;
}

/** A table's unfinished tasks (PENDING or IN_PROGRESS), as the store holds them. */
const isOpen = (t: Task) => t.status === 'PENDING' || t.status === 'IN_PROGRESS';

interface WantedTask {
  type: 'CLEAN' | 'QA';
  priority: number;
  description: string | null;
  metadata: Task['metadata'];
  /** The id the client made for it (a terminal that did this offline), else `freshId`. */
  id: string;
}

/** The task of `type` the table needs: the unfinished one it has, its priority raised, or a new one
 * (a table has one unfinished task of a type). */
function ensureTask(
  changes: Changes,
  table: Table,
  openTasks: readonly Task[],
  want: WantedTask,
  actor: DecisionActor,
  now: Date,
): Task {
  const open = openTasks.find((t) => t.targetTableId === table.id && t.type === want.type && isOpen(t));
  if (open) {
    const raised: Task = {
      ...open,
      priority: Math.max(open.priority, want.priority),
      metadata: { ...open.metadata, ...want.metadata },
    };
    changes.write({ kind: 'task.update', task: raised });
    changes.announce({ type: 'task.updated', task: raised });
    return raised;
  }
  const task: Task = {
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
  changes.write({ kind: 'task.insert', task, createdBy: actor.userId });
  changes.announce({ type: 'task.created', task });
  return task;
}

/** Notifies the first waiting party the table fits (`preferredId` first, the party a terminal
 * already showed as notified, if it still waits and fits), or without a table the first in line.
 * A party told of a table that is free may go and choose it (the guest's READY). */
function notifyNext(
  changes: Changes,
  waitlist: readonly WaitlistEntry[],
  table: Table | null,
  preferredId: string | undefined,
  now: Date,
): WaitlistEntry | null {
  const preferred = preferredId ? waitlist.filter((e) => e.id === preferredId) : [];
  // The party this check already told (a terminal's replay of its own check, or the check reaching
  // the cloud after the party was told): it stays the one, and nobody else is told.
  const told = preferred.find((e) => e.status === 'NOTIFIED');
  if (told) return told;
  const next = table ? (nextPartyFor(preferred, table) ?? nextPartyFor(waitlist, table)) : nextToNotify(waitlist);
  if (!next) return null;
  const move = waitlistTransition(next.status, 'notify');
  if (!move.ok) return null;
  const entry: WaitlistEntry = { ...next, status: move.to, notifiedAt: now.toISOString() };
  const readyTableId = table && AVAILABLE_TABLE_STATES.includes(table.state) ? table.id : null;
  changes.write({ kind: 'waitlist.status', entry, readyTableId });
  changes.announce({ type: 'waitlist.updated', entry });
  return entry;
}

/** The table, its unfinished tasks and the venue's waiting parties: what turnover decides on. */
export interface TurnoverState {
  table: Table | null;
  /** The table's unfinished tasks. */
  openTasks: readonly Task[];
  /** The venue's parties still WAITING or NOTIFIED (only a passed check reads them). */
  waitlist: readonly WaitlistEntry[];
}

interface Applied {
  table: Table;
  task: Task | null;
  notified: WaitlistEntry | null;
}

/** Carries out a turnover plan on the table. */
function applyPlan(
  changes: Changes,
  state: TurnoverState & { table: Table },
  plan: TurnoverPlan,
  clean: { description: string | null; metadata: Task['metadata']; id: string },
  actor: DecisionActor,
  now: Date,
  notifyWaitlistId?: string,
): Applied {
  const moved = plan.to ? moveTable(changes, state.table, plan.to) : state.table;
  const task = plan.cleanTask
    ? ensureTask(
        changes,
        state.table,
        state.openTasks,
        {
          type: 'CLEAN',
          priority: plan.cleanTask.priority,
          description: clean.description,
          metadata: {
            level: plan.cleanTask.level,
            ...(plan.cleanTask.issues.length > 0 ? { issues: plan.cleanTask.issues.join('; ') } : {}),
            ...clean.metadata,
          },
          id: clean.id,
        },
        actor,
        now,
      )
    : null;
  const notified = plan.notifyNextParty ? notifyNext(changes, state.waitlist, moved, notifyWaitlistId, now) : null;
  return { table: moved, task, notified };
}

export interface TransitionInput {
  state: TableState;
  metadata?: Task['metadata'] | undefined;
  /** The id of the CLEAN task an emergency clean makes. */
  taskId: string;
}

/** A staff move of a table (POST /api/tables/:id/transition) by the one state machine: to CLEANING
 * from service is an emergency clean with an urgent CLEAN task; to MAINTENANCE takes it out. */
export function decideTableTransition(
  state: TurnoverState,
  input: TransitionInput,
  actor: DecisionActor,
  now: Date,
): Decided<{ table: Table; task: Task | null }> {
  const { table } = state;
  if (!table) throw notFound('Table');
  const move = tableMove(table.state, input.state, 'staff');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const event = turnoverEventOfMove(move.trigger);
  const plan = event ? turnoverPlan(table.state, event) : null;
  if (plan && !plan.ok) throw conflict(plan.reason, 'transition_refused');
  const changes = new Changes();
  if (plan?.ok) {
    const done = applyPlan(
      changes,
      { ...state, table },
      plan.plan,
      {
        description: plan.plan.cleanTask?.level === 'urgent' ? TURNOVER_MESSAGES.emergencyCleanDescription : null,
        metadata: { reason: move.trigger ?? 'transition', ...(input.metadata ?? {}) },
        id: input.taskId,
      },
      actor,
      now,
    );
    return changes.answer({ table: done.table, task: done.task });
  }
  return changes.answer({ table: moveTable(changes, table, input.state), task: null });
}

export interface QaInput {
  passed: boolean;
  issues: readonly string[];
  /** The id of the CLEAN task a failure makes. */
  taskId: string;
  notifyWaitlistId?: string | undefined;
}

/** The QA check (POST /api/tables/:id/qa-complete): passed frees the table for the next party that
 * fits, failed sends it back to cleaning with the issues; the table's QA tasks finish with it. */
export function decideQaComplete(
  state: TurnoverState,
  input: QaInput,
  actor: DecisionActor,
  now: Date,
): Decided<Applied> {
  const { table } = state;
  if (!table) throw notFound('Table');
  const plan = turnoverPlan(table.state, {
    type: 'table.qa_check.completed',
    passed: input.passed,
    issues: input.issues,
  });
  if (!plan.ok) throw conflict(plan.reason, 'transition_refused');
  const changes = new Changes();
  const at = now.toISOString();
  const result = {
    passed: input.passed,
    ...(input.issues.length > 0 ? { issues: input.issues.join('; ') } : {}),
  };
  const openTasks = state.openTasks.filter((t) => {
    if (!(t.type === 'QA' && isOpen(t) && t.targetTableId === table.id)) return true;
    const done: Task = { ...t, status: 'COMPLETED', completedAt: at, metadata: { ...t.metadata, ...result } };
    changes.write({ kind: 'task.update', task: done });
    changes.announce({ type: 'task.updated', task: done });
    return false;
  });
  const applied = applyPlan(
    changes,
    { ...state, table, openTasks },
    plan.plan,
    {
      description: input.passed ? null : TURNOVER_MESSAGES.qaRedoDescription(input.issues),
      metadata: { reason: 'qa_failed' },
      id: input.taskId,
    },
    actor,
    now,
    input.notifyWaitlistId,
  );
  return changes.answer(applied);
}

/** The automation's move of a table on a live event (a payment completed, say): it never refuses
 * the change that caused it; a table the plan cannot move is left as it is, and says why. */
export function decideAutomatedTurnover(
  state: TurnoverState,
  event: TurnoverEvent,
  clean: { metadata: Task['metadata']; id: string },
  now: Date,
): Decided<{ applied: true; table: Table; task: Task | null } | { applied: false; reason: string }> {
  const changes = new Changes();
  const { table } = state;
  if (!table) return changes.answer({ applied: false, reason: MESSAGES.notFound('Table') });
  const plan = turnoverPlan(table.state, event);
  if (!plan.ok) return changes.answer({ applied: false, reason: plan.reason });
  if (!plan.plan.to) return changes.answer({ applied: false, reason: nothingToDo(event) });
  const automation: DecisionActor = { kind: 'automation', userId: null, terminalId: null };
  const done = applyPlan(changes, { ...state, table }, plan.plan, { description: null, ...clean }, automation, now);
  return changes.answer({ applied: true, table: done.table, task: done.task });
}

/** Why the automation left a table as it was on `event`. */
function nothingToDo(event: TurnoverEvent): string {
  switch (event.type) {
    case 'payment.completed':
      return TURNOVER_MESSAGES.sessionNotComplete;
    case 'items.settled':
      return TURNOVER_MESSAGES.stillToServe(event.outstanding);
    default:
      return TURNOVER_MESSAGES.nothingToDo;
  }
}

/** A table and what its party still has coming (`party`, from the party's orders). */
export interface DepartureState extends TurnoverState {
  party: PartyFacts;
}

/**
 * Staff saw the party leave (POST /api/tables/:id/departed): a paid table with nothing left to
 * serve turns over (CLEANING and a CLEAN task, high for a rushed party); with food still coming it
 * waits (EXIT_PENDING) and turns over when the last of it is delivered or cancelled. A party that
 * has not paid is refused: take the payment, or send the table to cleaning. Saying it again of a
 * table that already waits changes nothing.
 */
export function decideMarkDeparted(
  state: DepartureState,
  input: { taskId: string },
  actor: DecisionActor,
  now: Date,
): Decided<{ table: Table; task: Task | null; outstanding: number }> {
  const { table, party } = state;
  if (!table) throw notFound('Table');
  const changes = new Changes();
  if (table.state === 'EXIT_PENDING' && party.outstanding > 0) {
    return changes.answer({ table, task: null, outstanding: party.outstanding });
  }
  if (SEATED_STATES.includes(table.state) && !DEPARTABLE_STATES.includes(table.state)) {
    throw conflict(TURNOVER_MESSAGES.departedUnpaid(table.number), 'transition_refused');
  }
  const plan = turnoverPlan(table.state, { type: 'party.departed', ...party });
  if (!plan.ok) throw conflict(plan.reason, 'transition_refused');
  const done = applyPlan(
    changes,
    { ...state, table },
    plan.plan,
    { description: null, metadata: { reason: 'departed', rushOrder: party.rushOrder }, id: input.taskId },
    actor,
    now,
  );
  return changes.answer({ table: done.table, task: done.task, outstanding: party.outstanding });
}

/** States a party may be marked departed from: paid, or already left and waiting for its food. */
const DEPARTABLE_STATES: readonly TableState[] = ['PAYMENT_VERIFIED', 'EXIT_PENDING'];

export interface TaskState {
  task: Task | null;
}

/** Start Task (POST /api/tasks/:id/start): the cleaner who starts it has it. A staff member is
 * always themself; a terminal names the staff member signed in on it (`assignedTo`), whom its
 * tier has checked is staff of the organization. */
export function decideStartTask(
  state: TaskState,
  input: { assignedTo?: string | undefined },
  actor: DecisionActor,
  _now: Date,
): Decided<Task> {
  const { task } = state;
  if (!task) throw notFound('Task');
  const move = taskTransition(task.status, 'start');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const assignedTo = (actor.kind === 'staff' ? actor.userId : input.assignedTo) ?? task.assignedTo;
  const started: Task = { ...task, status: move.to, assignedTo };
  return new Changes()
    .write({ kind: 'task.update', task: started })
    .announce({ type: 'task.updated', task: started })
    .answer(started);
}

export interface CompleteTaskState {
  task: Task | null;
  /** The task's table, if it has one. */
  table: Table | null;
  /** The table's unfinished tasks. */
  openTasks: readonly Task[];
}

/** Mark Complete (POST /api/tasks/:id/complete): a finished CLEAN task sends its table, if it is
 * cleaning, to QA_CHECK with a QA task. */
export function decideCompleteTask(
  state: CompleteTaskState,
  input: { qaTaskId: string },
  actor: DecisionActor,
  now: Date,
): Decided<{ task: Task; table: Table | null; qaTask: Task | null }> {
  const { task, table } = state;
  if (!task) throw notFound('Task');
  const move = taskTransition(task.status, 'complete');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  const changes = new Changes();
  const done: Task = { ...task, status: move.to, completedAt: now.toISOString() };
  changes.write({ kind: 'task.update', task: done });
  changes.announce({ type: 'task.updated', task: done });
  if (task.type !== 'CLEAN' || !table || table.state !== 'CLEANING') {
    return changes.answer({ task: done, table: null, qaTask: null });
  }
  const plan = turnoverPlan('CLEANING', { type: 'task.completed', taskType: 'CLEAN' });
  if (!plan.ok || !plan.plan.to) return changes.answer({ task: done, table: null, qaTask: null });
  const moved = moveTable(changes, table, plan.plan.to);
  const qaTask = ensureTask(
    changes,
    table,
    state.openTasks,
    {
      type: 'QA',
      priority: task.priority,
      description: TURNOVER_MESSAGES.qaTaskDescription(table.number),
      metadata: { cleanTaskId: task.id },
      id: input.qaTaskId,
    },
    actor,
    now,
  );
  return changes.answer({ task: done, table: moved, qaTask });
}

export interface CreateTaskState {
  table: Table | null;
  /** The table's unfinished tasks, wherever they were made. */
  openTasks: readonly Task[];
  /** The task that already has the request's id, if any (a repeat, or an id taken elsewhere). */
  existing: Task | null;
}

/** Request Cleaning (POST /api/tasks): a table has at most one unfinished task of a type, so a
 * second request for it (another host, another terminal) is refused with the table's name. A
 * repeat of the same request answers the task it made. */
export function decideCreateTask(
  state: CreateTaskState,
  input: CreateTaskRequest & { id: string },
  actor: DecisionActor,
  now: Date,
): Decided<Task> {
  const changes = new Changes();
  if (state.existing) {
    if (state.existing.targetTableId !== input.tableId || state.existing.type !== input.type) {
      throw conflict(`Task ${input.id} already exists`);
    }
    return changes.answer(state.existing);
  }
  const { table } = state;
  if (!table) throw notFound('Table');
  if (state.openTasks.some((t) => t.targetTableId === table.id && t.type === input.type && isOpen(t))) {
    throw conflict(SHELL_MESSAGES.cleaningAlreadyRequested(table.number));
  }
  const task: Task = {
    id: input.id,
    venueId: table.venueId,
    type: input.type,
    targetTableId: table.id,
    priority: input.priority,
    status: 'PENDING',
    assignedTo: null,
    dueAt: null,
    completedAt: null,
    description: input.description || null,
    metadata: { ...(input.metadata ?? {}), ...(input.createdBy ? { createdBy: input.createdBy } : {}) },
    createdAt: now.toISOString(),
  };
  return changes
    .write({ kind: 'task.insert', task, createdBy: actor.userId })
    .announce({ type: 'task.created', task })
    .answer(task);
}

/** Notify Next (POST /api/waitlist/notify-next): the next party that fits the named table, or the
 * next in line; null when nobody waits who fits. */
export function decideNotifyNext(
  state: { table: Table | null; tableNamed: boolean; waitlist: readonly WaitlistEntry[] },
  now: Date,
): Decided<{ notified: WaitlistEntry | null }> {
  if (state.tableNamed && !state.table) throw notFound('Table');
  const changes = new Changes();
  const notified = notifyNext(changes, state.waitlist, state.table, undefined, now);
  return changes.answer({ notified });
}

/** The stuck-state check's move of an abandoned table (its sessions closed by the caller): to
 * CLEANING with a normal CLEAN task. A table no longer seated is left as it is. */
export function decideAbandonedTable(state: TurnoverState, cleanId: string, now: Date): Decided<Table | null> {
  const changes = new Changes();
  const { table } = state;
  if (!table || !SEATED_STATES.includes(table.state)) return changes.answer(null);
  const moved = moveTable(changes, table, 'CLEANING');
  const automation: DecisionActor = { kind: 'automation', userId: null, terminalId: null };
  ensureTask(
    changes,
    table,
    state.openTasks,
    {
      type: 'CLEAN',
      priority: TURNOVER_TASK_PRIORITY.normal,
      description: TURNOVER_MESSAGES.abandonedCleanDescription,
      metadata: { reason: 'abandoned_session' },
      id: cleanId,
    },
    automation,
    now,
  );
  return changes.answer(moved);
}

/** A party notified too long ago without being seated loses its turn to the next in line. */
export function decideNotifiedTimeout(
  state: { entry: WaitlistEntry; waitlist: readonly WaitlistEntry[] },
  now: Date,
): Decided<WaitlistEntry | null> {
  const changes = new Changes();
  const out = waitlistTransition(state.entry.status, 'remove');
  if (!out.ok) return changes.answer(null);
  const removed: WaitlistEntry = { ...state.entry, status: out.to };
  changes.write({ kind: 'waitlist.status', entry: removed, readyTableId: null });
  changes.announce({ type: 'waitlist.updated', entry: removed });
  const rest = state.waitlist.filter((e) => e.id !== state.entry.id);
  return changes.answer(notifyNext(changes, rest, null, undefined, now));
}

/**
 * What a decision's writes served (delivered, closed) or cancelled: the items whose order's table
 * may now turn over, if its party has left (items.settled). A cancelled item has left its order, so
 * its order is named instead.
 */
export function settledByWrites(writes: readonly Write[]): {
  itemIds: string[];
  cancelled: { itemId: string; order: Order }[];
} {
  const itemIds: string[] = [];
  const cancelled: { itemId: string; order: Order }[] = [];
  for (const w of writes) {
    if (w.kind === 'item.status' && outstandingStage(w.to) === null) itemIds.push(w.itemId);
    if (w.kind === 'item.cancel') cancelled.push({ itemId: w.item.id, order: w.order });
  }
  return { itemIds, cancelled };
}

/**
 * The id of the CLEAN task a departed party's table gets when `itemId`, its last outstanding item,
 * is served or cancelled: made from the item's id, so the terminal that served it offline and the
 * cloud that applies the move later name the task alike without the move carrying it. An item
 * settles a table once; flipping bits of its last 8 hex digits keeps the id a UUID of its own.
 */
export function settledCleanTaskId(itemId: string): string {
  const low = ((Number.parseInt(itemId.slice(28), 16) ^ 0x5e771ed) >>> 0).toString(16).padStart(8, '0');
  return `${itemId.slice(0, 28)}${low}`.toLowerCase();
}
