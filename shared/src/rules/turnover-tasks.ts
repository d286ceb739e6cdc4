// The cleaner console's lists (spec 2 section 2.11) and the waitlist party a freed table goes to
// (spec 3 section 4): pure, so the cloud and the terminal answer alike.
import type { Table, WaitlistEntry } from '../schemas/entities.js';
import type { Task } from '../schemas/task.js';
import type { TableTrigger } from './tables.js';
import type { TurnoverEvent } from './turnover.js';

/** What a staff move of a table (POST /api/tables/:id/transition) asks of the turnover beside the
 * move itself: an emergency clean's urgent task, maintenance, a passed QA's next party. */
export function turnoverEventOfMove(trigger: TableTrigger | undefined): TurnoverEvent | null {
  switch (trigger) {
    case 'emergencyClean':
      return { type: 'table.emergency_clean' };
    case 'maintenanceRequired':
      return { type: 'table.maintenance_required' };
    case 'qaPassed':
      return { type: 'table.qa_check.completed', passed: true, issues: [] };
    default:
      return null;
  }
}

export interface TaskFilter {
  type?: Task['type'] | undefined;
  status?: Task['status'] | undefined;
}

/** How long a finished task stays on the console: enough for Completed Today in any time zone. */
export const FINISHED_TASKS_SHOWN_MS = 24 * 60 * 60_000;

/** Tasks of the venue as the console lists them: the unfinished first, then the most urgent, then
 * the oldest; finished ones of the last day last, newest first. */
export function tasksAnswer(tasks: readonly Task[], filter: TaskFilter, now: Date): Task[] {
  const open = (t: Task) => (t.status === 'COMPLETED' ? 1 : 0);
  const since = new Date(now.getTime() - FINISHED_TASKS_SHOWN_MS).toISOString();
  return tasks
    .filter((t) => t.status !== 'COMPLETED' || (t.completedAt ?? '') >= since)
    .filter((t) => (filter.type ? t.type === filter.type : true))
    .filter((t) => (filter.status ? t.status === filter.status : true))
    .sort(
      (a, b) =>
        open(a) - open(b) ||
        (open(a) === 1
          ? (b.completedAt ?? '').localeCompare(a.completedAt ?? '')
          : b.priority - a.priority || a.createdAt.localeCompare(b.createdAt)) ||
        a.id.localeCompare(b.id),
    );
}

/** The first party still WAITING, in line order, that the table can seat: not larger than the
 * table and, when it needs step-free seating, only at an accessible table. */
export function nextPartyFor(
  entries: readonly WaitlistEntry[],
  table: Pick<Table, 'capacity' | 'capacityMax' | 'isAccessible'>,
): WaitlistEntry | null {
  const seats = Math.max(table.capacity, table.capacityMax);
  return (
    [...entries]
      .filter((e) => e.status === 'WAITING')
      .sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt))
      .find((e) => e.partySize <= seats && (!e.needsAccessibility || table.isAccessible)) ?? null
  );
}
