import { describe, expect, it } from 'vitest';
import { completedToday, TURNOVER_TASK_PRIORITY, taskPriorityLabel, taskTransition } from './tasks.js';

describe('task priority labels', () => {
  it.each([
    [0, 'Low'],
    [1, 'Low'],
    [2, 'Medium'],
    [3, 'High'],
    [5, 'High'],
  ])('%i is %s', (priority, label) => expect(taskPriorityLabel(priority)).toBe(label));

  it('turnover priorities read Medium, High and High', () => {
    expect(taskPriorityLabel(TURNOVER_TASK_PRIORITY.normal)).toBe('Medium');
    expect(taskPriorityLabel(TURNOVER_TASK_PRIORITY.high)).toBe('High');
    expect(taskPriorityLabel(TURNOVER_TASK_PRIORITY.urgent)).toBe('High');
    expect(TURNOVER_TASK_PRIORITY.urgent).toBeGreaterThan(TURNOVER_TASK_PRIORITY.high);
  });
});

describe('Start Task then Mark Complete', () => {
  it.each([
    ['PENDING', 'start', 'IN_PROGRESS'],
    ['IN_PROGRESS', 'complete', 'COMPLETED'],
  ] as const)('%s --%s--> %s', (from, action, to) => expect(taskTransition(from, action)).toEqual({ ok: true, to }));
  it.each([
    ['PENDING', 'complete', 'Cannot change task status from PENDING to COMPLETED'],
    ['COMPLETED', 'start', 'Cannot change task status from COMPLETED to IN_PROGRESS'],
    ['IN_PROGRESS', 'start', 'Cannot change task status from IN_PROGRESS to IN_PROGRESS'],
  ] as const)('refuses %s --%s', (from, action, reason) => {
    expect(taskTransition(from, action)).toEqual({ ok: false, reason });
  });
  it('completed today counts from the start of the day', () => {
    const dayStart = new Date('2025-01-01T05:00:00Z');
    expect(completedToday({ status: 'COMPLETED', completedAt: new Date('2025-01-01T05:00:00Z') }, dayStart)).toBe(true);
    expect(completedToday({ status: 'COMPLETED', completedAt: new Date('2025-01-01T04:59:59Z') }, dayStart)).toBe(
      false,
    );
    expect(completedToday({ status: 'IN_PROGRESS', completedAt: null }, dayStart)).toBe(false);
  });
});
