import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { Table, TableState, WaitlistEntry } from '../schemas/entities.js';
import type { Task } from '../schemas/task.js';
import type { DecisionActor } from './decision.js';
import {
  decideAutomatedTurnover,
  decideCompleteTask,
  decideCreateTask,
  decideMarkDeparted,
  decideQaComplete,
  decideStartTask,
  decideTableTransition,
  type TurnoverState,
} from './turnover.js';

const now = new Date('2026-11-28T20:00:00.000Z');
const V = '00000000-0000-4000-8000-0000000000a0';
const T = '00000000-0000-4000-8000-0000000000a1';
const CLEANER = '00000000-0000-4000-8000-0000000000c1';
const NEW = '00000000-0000-4000-8000-0000000000f1';
const staff: DecisionActor = { kind: 'staff', userId: CLEANER, terminalId: null };
const terminal: DecisionActor = { kind: 'terminal', userId: null, terminalId: 'x' };

const table = (state: TableState): Table =>
  ({
    id: T,
    venueId: V,
    name: 'Table 4',
    number: '4',
    state,
    capacity: 4,
    capacityMax: 4,
    isAccessible: false,
    partyName: 'Ada',
    guestCount: 2,
    timeSeated: '2026-11-28T19:00:00.000Z',
    holdExpiresAt: null,
  }) as unknown as Table;

const task = (over: Partial<Task>): Task => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  venueId: V,
  type: 'CLEAN',
  targetTableId: T,
  priority: 2,
  status: 'PENDING',
  assignedTo: null,
  dueAt: null,
  completedAt: null,
  description: null,
  metadata: {},
  createdAt: '2026-11-28T19:30:00.000Z',
  ...over,
});

const party = (n: number, status: WaitlistEntry['status'], partySize = 2): WaitlistEntry =>
  ({
    id: `00000000-0000-4000-8000-0000000000d${n}`,
    venueId: V,
    guestName: `Party ${n}`,
    partySize,
    position: n,
    status,
    notifiedAt: null,
    createdAt: `2026-11-28T19:0${n}:00.000Z`,
  }) as unknown as WaitlistEntry;

const state = (s: TableState, over: Partial<TurnoverState> = {}): TurnoverState => ({
  table: table(s),
  openTasks: [],
  waitlist: [],
  ...over,
});

function refusal(fn: () => unknown): [number, string] {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return [error.status, error.id];
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decideTableTransition', () => {
  it('an emergency clean of a seated table: CLEANING, its party forgotten, an urgent CLEAN task', () => {
    const d = decideTableTransition(state('EATING'), { state: 'CLEANING', taskId: NEW }, staff, now);
    expect(d.answer.table).toMatchObject({ state: 'CLEANING', partyName: null, guestCount: null });
    expect(d.answer.task).toMatchObject({ id: NEW, type: 'CLEAN', status: 'PENDING', metadata: { level: 'urgent' } });
    expect(d.writes.map((w) => w.kind)).toEqual(['table.state', 'task.insert']);
  });

  it('raises the CLEAN task the table already has instead of making a second', () => {
    const open = task({ priority: 1 });
    const d = decideTableTransition(
      state('EATING', { openTasks: [open] }),
      { state: 'CLEANING', taskId: NEW },
      staff,
      now,
    );
    expect(d.answer.task?.id).toBe(open.id);
    expect(d.answer.task?.priority).toBeGreaterThan(1);
    expect(d.writes.map((w) => w.kind)).toEqual(['table.state', 'task.update']);
  });

  it.each<[string, TurnoverState, TableState, [number, string]]>([
    ['an unknown table', { table: null, openTasks: [], waitlist: [] }, 'CLEANING', [404, 'not_found']],
    ['a move the machine refuses', state('EMPTY'), 'QA_CHECK', [409, 'transition_refused']],
  ])('refuses %s', (_, s, to, expected) => {
    expect(refusal(() => decideTableTransition(s, { state: to, taskId: NEW }, staff, now))).toEqual(expected);
  });
});

describe('a paid table turns over only when its party has left and nothing is outstanding (issue 22)', () => {
  const clean = { metadata: { reason: 'test' }, id: NEW };
  const paid = (s: TableState, outstanding: number, rushOrder = false) => ({
    ...state(s),
    party: { outstanding, rushOrder },
  });

  it('the bill paid with a held course: Paid, the party still seated, no CLEAN task', () => {
    const d = decideAutomatedTurnover(
      state('EATING'),
      { type: 'payment.completed', sessionComplete: true, rushOrder: true },
      clean,
      now,
    );
    expect(d.answer).toMatchObject({
      applied: true,
      table: { state: 'PAYMENT_VERIFIED', partyName: 'Ada' },
      task: null,
    });
    expect(d.writes.map((w) => w.kind)).toEqual(['table.state']);
  });

  it('staff mark the party left with nothing to serve: CLEANING and a CLEAN task (high when rushed)', () => {
    const d = decideMarkDeparted(paid('PAYMENT_VERIFIED', 0, true), { taskId: NEW }, staff, now);
    expect(d.answer.table).toMatchObject({ state: 'CLEANING', partyName: null });
    expect(d.answer.task).toMatchObject({ id: NEW, type: 'CLEAN', priority: 3, metadata: { reason: 'departed' } });
    expect(d.writes.map((w) => w.kind)).toEqual(['table.state', 'task.insert']);
  });

  it('the party left with two items to serve: the table waits (EXIT_PENDING), no task; saying it again changes nothing', () => {
    const d = decideMarkDeparted(paid('PAYMENT_VERIFIED', 2), { taskId: NEW }, staff, now);
    expect(d.answer).toMatchObject({ table: { state: 'EXIT_PENDING', partyName: 'Ada' }, task: null, outstanding: 2 });
    const again = decideMarkDeparted(paid('EXIT_PENDING', 2), { taskId: NEW }, staff, now);
    expect(again.writes).toEqual([]);
    expect(again.answer.table.state).toBe('EXIT_PENDING');
  });

  it('the last item of a party that left delivered or cancelled: the table turns over', () => {
    const d = decideAutomatedTurnover(
      state('EXIT_PENDING'),
      { type: 'items.settled', outstanding: 0, rushOrder: false },
      clean,
      now,
    );
    expect(d.answer).toMatchObject({ applied: true, table: { state: 'CLEANING' }, task: { id: NEW, priority: 2 } });
    const notYet = decideAutomatedTurnover(
      state('EXIT_PENDING'),
      { type: 'items.settled', outstanding: 1, rushOrder: false },
      clean,
      now,
    );
    expect(notYet).toEqual({ writes: [], events: [], answer: { applied: false, reason: '1 item is still to serve' } });
    // A seated party's delivered food turns nothing over.
    const seated = decideAutomatedTurnover(
      state('PAYMENT_VERIFIED'),
      { type: 'items.settled', outstanding: 0, rushOrder: false },
      clean,
      now,
    );
    expect(seated.writes).toEqual([]);
  });

  it.each<
    [
      string,
      ReturnType<typeof paid> | (TurnoverState & { party: { outstanding: number; rushOrder: boolean } }),
      [number, string],
    ]
  >([
    ['a party that has not paid', paid('EATING', 0), [409, 'transition_refused']],
    ['a table being cleaned', paid('CLEANING', 0), [409, 'transition_refused']],
    [
      'an unknown table',
      { table: null, openTasks: [], waitlist: [], party: { outstanding: 0, rushOrder: false } },
      [404, 'not_found'],
    ],
  ])('Party Left refuses %s', (_, s, expected) => {
    expect(refusal(() => decideMarkDeparted(s, { taskId: NEW }, staff, now))).toEqual(expected);
  });
});

describe('decideQaComplete', () => {
  const qa = task({ id: '00000000-0000-4000-8000-0000000000b2', type: 'QA' });

  it('a pass frees the table, finishes its QA task and tells the first party that fits, READY for it', () => {
    const s = state('QA_CHECK', { openTasks: [qa], waitlist: [party(1, 'WAITING', 6), party(2, 'WAITING')] });
    const d = decideQaComplete(s, { passed: true, issues: [], taskId: NEW }, staff, now);
    expect(d.answer.table.state).toBe('EMPTY');
    expect(d.answer.notified?.id).toBe(party(2, 'WAITING').id);
    expect(d.writes).toContainEqual(expect.objectContaining({ kind: 'waitlist.status', readyTableId: T }));
    expect(d.writes).toContainEqual(
      expect.objectContaining({
        kind: 'task.update',
        task: expect.objectContaining({ id: qa.id, status: 'COMPLETED' }),
      }),
    );
  });

  it('tells the party the terminal named when it still waits and fits, else the next that fits', () => {
    const s = state('QA_CHECK', { waitlist: [party(1, 'WAITING'), party(2, 'WAITING')] });
    const named = decideQaComplete(
      s,
      { passed: true, issues: [], taskId: NEW, notifyWaitlistId: party(2, 'WAITING').id },
      terminal,
      now,
    );
    expect(named.answer.notified?.id).toBe(party(2, 'WAITING').id);
    const gone = decideQaComplete(
      { ...s, waitlist: [party(1, 'WAITING')] },
      { passed: true, issues: [], taskId: NEW, notifyWaitlistId: party(2, 'WAITING').id },
      terminal,
      now,
    );
    expect(gone.answer.notified?.id).toBe(party(1, 'WAITING').id);
  });

  it('decided again after the named party was told (a replay), tells nobody else', () => {
    const s = state('QA_CHECK', { waitlist: [party(1, 'NOTIFIED'), party(2, 'WAITING')] });
    const d = decideQaComplete(
      s,
      { passed: true, issues: [], taskId: NEW, notifyWaitlistId: party(1, 'NOTIFIED').id },
      terminal,
      now,
    );
    expect(d.answer.notified?.id).toBe(party(1, 'NOTIFIED').id);
    expect(d.writes.some((w) => w.kind === 'waitlist.status')).toBe(false);
  });

  it('a failure sends the table back to cleaning with a high CLEAN task naming the issues', () => {
    const d = decideQaComplete(state('QA_CHECK'), { passed: false, issues: ['Crumbs'], taskId: NEW }, staff, now);
    expect(d.answer.table.state).toBe('CLEANING');
    expect(d.answer.task).toMatchObject({
      id: NEW,
      metadata: { level: 'high', issues: 'Crumbs', reason: 'qa_failed' },
    });
    expect(d.answer.notified).toBeNull();
  });

  it('refuses a check of a table not in QA', () => {
    expect(
      refusal(() => decideQaComplete(state('CLEANING'), { passed: true, issues: [], taskId: NEW }, staff, now)),
    ).toEqual([409, 'transition_refused']);
  });
});

describe('the cleaner’s tasks', () => {
  it('Start Task: staff take it themselves; a terminal names its signed-in cleaner', () => {
    expect(decideStartTask({ task: task({}) }, {}, staff, now).answer).toMatchObject({
      status: 'IN_PROGRESS',
      assignedTo: CLEANER,
    });
    expect(decideStartTask({ task: task({}) }, { assignedTo: CLEANER }, terminal, now).answer.assignedTo).toBe(CLEANER);
    expect(refusal(() => decideStartTask({ task: task({ status: 'IN_PROGRESS' }) }, {}, staff, now))).toEqual([
      409,
      'transition_refused',
    ]);
    expect(refusal(() => decideStartTask({ task: null }, {}, staff, now))).toEqual([404, 'not_found']);
  });

  it('Mark Complete of a CLEAN task sends its cleaning table to QA_CHECK with a QA task', () => {
    const clean = task({ status: 'IN_PROGRESS' });
    const d = decideCompleteTask(
      { task: clean, table: table('CLEANING'), openTasks: [clean] },
      { qaTaskId: NEW },
      staff,
      now,
    );
    expect(d.answer.task).toMatchObject({ status: 'COMPLETED', completedAt: now.toISOString() });
    expect(d.answer.table?.state).toBe('QA_CHECK');
    expect(d.answer.qaTask).toMatchObject({ id: NEW, type: 'QA', metadata: { cleanTaskId: clean.id } });
    expect(
      refusal(() => decideCompleteTask({ task: task({}), table: null, openTasks: [] }, { qaTaskId: NEW }, staff, now)),
    ).toEqual([409, 'transition_refused']);
  });

  it('Request Cleaning: one unfinished task of a type per table, whoever asked; a repeat answers the task', () => {
    const input = { id: NEW, type: 'CLEAN' as const, tableId: T, priority: 3 };
    const made = decideCreateTask({ table: table('EATING'), openTasks: [], existing: null }, input, staff, now);
    expect(made.answer).toMatchObject({ id: NEW, status: 'PENDING', priority: 3 });
    expect(
      refusal(() =>
        decideCreateTask({ table: table('EATING'), openTasks: [task({})], existing: null }, input, staff, now),
      ),
    ).toEqual([409, 'conflict']);
    expect(decideCreateTask({ table: null, openTasks: [], existing: made.answer }, input, staff, now).writes).toEqual(
      [],
    );
    expect(refusal(() => decideCreateTask({ table: null, openTasks: [], existing: null }, input, staff, now))).toEqual([
      404,
      'not_found',
    ]);
  });
});
