// The tasks' rows (runs, cleaning, QA). Which status follows which is shared/rules/tasks.ts's to say.
import type { Queryable, Trx } from '../context.js';

export interface TaskRow {
  id: string;
  org_id: string;
  venue_id: string;
  type: string;
  target_table_id: string | null;
  priority: number;
  status: string;
  assigned_to: string | null;
  created_by: string | null;
  due_at: Date | null;
  completed_at: Date | null;
  description: string | null;
  metadata_json: Record<string, string | number | boolean>;
  created_at: Date;
}

/** Inserts the task unless its id is taken; answers whether it did. */
export async function insertTask(
  trx: Trx,
  row: Omit<TaskRow, 'due_at' | 'completed_at' | 'assigned_to'>,
): Promise<boolean> {
  const inserted = await trx('tasks')
    .insert({ ...row, metadata_json: JSON.stringify(row.metadata_json) })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length === 1;
}

export async function findTask(q: Queryable, id: string): Promise<TaskRow | undefined> {
  return q<TaskRow>('tasks').where({ id }).first();
}

/** A task of the venue, locked for the rest of the transaction. */
export async function lockTask(trx: Trx, venueId: string, id: string): Promise<TaskRow | undefined> {
  return trx<TaskRow>('tasks').where({ venue_id: venueId, id }).forUpdate().first();
}

/** The venue's unfinished tasks and those finished since `finishedSince`. */
export async function listVenueTasks(q: Queryable, venueId: string, finishedSince: Date): Promise<TaskRow[]> {
  return q<TaskRow>('tasks')
    .where({ venue_id: venueId })
    .andWhere((w) => w.whereIn('status', ['PENDING', 'IN_PROGRESS']).orWhere('completed_at', '>=', finishedSince));
}

/** Writes a task's decided state (status, who has it, priority, when it finished, notes). */
export async function saveTask(
  trx: Trx,
  task: {
    id: string;
    status: string;
    assignedTo: string | null;
    priority: number;
    completedAt: string | null;
    metadata: TaskRow['metadata_json'];
  },
  at: Date,
): Promise<void> {
  await trx('tasks')
    .where({ id: task.id })
    .update({
      status: task.status,
      assigned_to: task.assignedTo,
      priority: task.priority,
      completed_at: task.completedAt ? new Date(task.completedAt) : null,
      metadata_json: JSON.stringify(task.metadata),
      updated_at: at,
      ...(task.status === 'IN_PROGRESS' ? { started_at: trx.raw('coalesce(started_at, ?)', [at]) } : {}),
    });
}

/** A table's unfinished tasks (PENDING or IN_PROGRESS), locked after the table (the order every
 * turnover change locks in). */
export async function lockOpenTasksOfTable(trx: Trx, venueId: string, tableId: string): Promise<TaskRow[]> {
  return trx<TaskRow>('tasks')
    .where({ venue_id: venueId, target_table_id: tableId })
    .whereIn('status', ['PENDING', 'IN_PROGRESS'])
    .orderBy('created_at')
    .forUpdate();
}
