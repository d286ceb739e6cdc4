// Cleaning and QA tasks (spec 2 sections 2.11 and 4, spec 3 section 4): priority labels, the
// priorities the turnover automation gives, and Start Task then Mark Complete.
import { TASK_PRIORITY_THRESHOLDS, type TASK_STATUSES } from '../constants.js';
import { MESSAGES } from '../messages.js';

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskPriorityLabel = 'High' | 'Medium' | 'Low';

/** 3 or more High, 2 or more Medium, otherwise Low. */
export function taskPriorityLabel(priority: number): TaskPriorityLabel {
  if (priority >= TASK_PRIORITY_THRESHOLDS.high) return 'High';
  if (priority >= TASK_PRIORITY_THRESHOLDS.medium) return 'Medium';
  return 'Low';
}

/** The automation's named priorities as stored numbers. A routine clean after payment shows as
 * Medium (a cleaner should not read it as optional); high and urgent both show as High, urgent
 * sorting first. */
export const TURNOVER_TASK_PRIORITY = { normal: 2, high: 3, urgent: 5 } as const;
export type TurnoverPriority = keyof typeof TURNOVER_TASK_PRIORITY;

export type TaskAction = 'start' | 'complete';

export function taskTransition(
  status: TaskStatus,
  action: TaskAction,
): { ok: true; to: TaskStatus } | { ok: false; reason: string } {
  switch (action) {
    case 'start':
      return status === 'PENDING'
        ? { ok: true, to: 'IN_PROGRESS' }
        : { ok: false, reason: MESSAGES.taskTransitionRefused(status, 'IN_PROGRESS') };
    case 'complete':
      return status === 'IN_PROGRESS'
        ? { ok: true, to: 'COMPLETED' }
        : { ok: false, reason: MESSAGES.taskTransitionRefused(status, 'COMPLETED') };
    default: {
      const never: never = action;
      throw new Error(`Unknown task action ${String(never)}`);
    }
  }
}

/** A completed task counts toward "Completed Today" when it finished on the venue's day of
 * `now`; `dayStart` is that day's first instant, computed by the caller in the venue's zone. */
export function completedToday(task: { status: string; completedAt: Date | null }, dayStart: Date): boolean {
  return task.status === 'COMPLETED' && task.completedAt !== null && task.completedAt.getTime() >= dayStart.getTime();
}
