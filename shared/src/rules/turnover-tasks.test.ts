import { describe, expect, it } from 'vitest';
import type { Table, WaitlistEntry } from '../schemas/entities.js';
import type { Task } from '../schemas/task.js';
import { nextPartyFor, tasksAnswer, turnoverEventOfMove } from './turnover-tasks.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();

function task(id: string, over: Partial<Task> = {}): Task {
  return {
    id,
    venueId: 'v',
    type: 'CLEAN',
    targetTableId: 't',
    priority: 2,
    status: 'PENDING',
    assignedTo: null,
    dueAt: null,
    completedAt: null,
    description: null,
    metadata: {},
    createdAt: at(10),
    ...over,
  };
}

describe('tasksAnswer: the cleaner console’s order', () => {
  const tasks = [
    task('old-normal', { createdAt: at(30) }),
    task('new-urgent', { priority: 5, createdAt: at(1) }),
    task('started-high', { priority: 3, status: 'IN_PROGRESS', createdAt: at(5) }),
    task('done-recent', { status: 'COMPLETED', completedAt: at(5) }),
    task('done-earlier', { status: 'COMPLETED', completedAt: at(60) }),
    task('done-yesterday', { status: 'COMPLETED', completedAt: at(25 * 60) }),
    task('qa', { type: 'QA', priority: 3, createdAt: at(2) }),
  ];

  it.each([
    [{}, ['new-urgent', 'started-high', 'qa', 'old-normal', 'done-recent', 'done-earlier']],
    [{ type: 'QA' as const }, ['qa']],
    [{ status: 'COMPLETED' as const }, ['done-recent', 'done-earlier']],
    [{ type: 'CLEAN' as const, status: 'PENDING' as const }, ['new-urgent', 'old-normal']],
  ])('%j lists %j', (filter, ids) => {
    expect(tasksAnswer(tasks, filter, NOW).map((t) => t.id)).toEqual(ids);
  });

  it('breaks ties by age, then id, so both tiers answer in one order', () => {
    const same = [task('b', { createdAt: at(5) }), task('a', { createdAt: at(5) }), task('c', { createdAt: at(9) })];
    expect(tasksAnswer(same, {}, NOW).map((t) => t.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('nextPartyFor: the waiting party a freed table goes to', () => {
  const table = (over: Partial<Table> = {}) => ({ capacity: 4, capacityMax: 4, isAccessible: false, ...over });
  const party = (id: string, position: number, partySize: number, over: Partial<WaitlistEntry> = {}) =>
    ({
      id,
      position,
      partySize,
      status: 'WAITING',
      needsAccessibility: false,
      createdAt: at(position),
      ...over,
    }) as WaitlistEntry;

  it.each([
    ['the first in line when it fits', [party('a', 1, 2), party('b', 2, 2)], table(), 'a'],
    ['past a party too large', [party('big', 1, 6), party('b', 2, 4)], table(), 'b'],
    ['a larger party when the table stretches', [party('six', 1, 6)], table({ capacityMax: 6 }), 'six'],
    ['past a notified party', [party('n', 1, 2, { status: 'NOTIFIED' }), party('b', 2, 2)], table(), 'b'],
    [
      'past one needing step-free seating',
      [party('w', 1, 2, { needsAccessibility: true }), party('b', 2, 3)],
      table(),
      'b',
    ],
    [
      'one needing step-free seating at an accessible table',
      [party('w', 1, 2, { needsAccessibility: true })],
      table({ isAccessible: true }),
      'w',
    ],
    ['by place in line, not by list order', [party('second', 2, 2), party('first', 1, 2)], table(), 'first'],
    ['nobody when none fits', [party('big', 1, 8)], table(), null],
  ])('%s', (_, line, t, expected) => {
    expect(nextPartyFor(line, t)?.id ?? null).toBe(expected);
  });
});

describe('turnoverEventOfMove', () => {
  it.each([
    ['emergencyClean', { type: 'table.emergency_clean' }],
    ['maintenanceRequired', { type: 'table.maintenance_required' }],
    ['qaPassed', { type: 'table.qa_check.completed', passed: true, issues: [] }],
    ['seat', null],
    [undefined, null],
  ] as const)('%s → %j', (trigger, event) => {
    expect(turnoverEventOfMove(trigger)).toEqual(event);
  });
});
