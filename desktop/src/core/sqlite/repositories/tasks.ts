// The replica's cleaning and QA tasks (migration 0018), kept whole as the cloud presents them.
import { Task } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

const parse = (row: { task_json: string }) => Task.parse(JSON.parse(row.task_json));

export function listTasks(db: AnyDb): Task[] {
  return (db.sql.prepare('SELECT task_json FROM tasks').all() as { task_json: string }[]).map(parse);
}

export function getTask(db: AnyDb, id: string): Task | null {
  const row = db.sql.prepare('SELECT task_json FROM tasks WHERE id = ?').get(id) as { task_json: string } | undefined;
  return row ? parse(row) : null;
}

export function putTask(db: WriteDb, task: Task): void {
  db.sql
    .prepare('INSERT OR REPLACE INTO tasks (id, type, status, target_table_id, task_json) VALUES (?, ?, ?, ?, ?)')
    .run(task.id, task.type, task.status, task.targetTableId, JSON.stringify(task));
}

export function clearTasks(db: WriteDb): void {
  db.sql.prepare('DELETE FROM tasks').run();
}

/** The table's unfinished tasks of every type, oldest first. */
export function openTasksOfTable(db: AnyDb, tableId: string): Task[] {
  const rows = db.sql
    .prepare("SELECT task_json FROM tasks WHERE target_table_id = ? AND status IN ('PENDING', 'IN_PROGRESS')")
    .all(tableId) as { task_json: string }[];
  return rows.map(parse).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
