// A task row in the shared Task shape.
import type { Task } from '@tablewise/shared';
import type { TaskRow } from '../repositories/tasks.js';

export function presentTask(row: TaskRow): Task {
  return {
    id: row.id,
    venueId: row.venue_id,
    type: row.type as Task['type'],
    targetTableId: row.target_table_id,
    priority: row.priority,
    status: row.status as Task['status'],
    assignedTo: row.assigned_to,
    dueAt: row.due_at ? row.due_at.toISOString() : null,
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    description: row.description,
    metadata: row.metadata_json,
    createdAt: row.created_at.toISOString(),
  };
}
