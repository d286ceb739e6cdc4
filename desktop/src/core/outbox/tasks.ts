// Tasks made on this terminal (Request Cleaning): the request goes into the outbox, checked first
// against the replica as the cloud would check it (the table exists; no second task of the type
// for it is waiting here), so a host can ask for a table to be cleaned while the cloud is away.
// The cloud decides in the end: it refuses a task a table already has (made on another terminal,
// say), and that refusal shows on the banner like any other.
import { randomUUID } from 'node:crypto';
import { createTask, MESSAGES, SHELL_MESSAGES, type Task } from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { appendOutbox, pendingOf } from '../sqlite/repositories/outbox.js';
import { getTask, putTask } from '../sqlite/repositories/tasks.js';
import { getTable } from '../sqlite/repositories/venue-data.js';

export const TASK_ENTITY = 'task';

type NewTask = z.output<(typeof createTask)['body']>;
type QueuedTask = NewTask & { id: string };

export type TaskCreateResult = { ok: true; task: Task } | { ok: false; status: 404 | 409; message: string };

/** The task as the cloud will present it, from the request as queued. */
function taskOf(venueId: string, input: QueuedTask, createdAt: string): Task {
  return {
    id: input.id,
    venueId,
    type: input.type,
    targetTableId: input.tableId,
    priority: input.priority,
    status: 'PENDING',
    assignedTo: null,
    dueAt: null,
    completedAt: null,
    description: input.description || null,
    metadata: { ...(input.metadata ?? {}), ...(input.createdBy ? { createdBy: input.createdBy } : {}) },
    createdAt,
  };
}

export function createTaskLocally(db: WriteDb, venueId: string, input: NewTask, now: Date): TaskCreateResult {
  return transact(db, (): TaskCreateResult => {
    const id = input.id ?? randomUUID();
    const waiting = pendingOf(db, TASK_ENTITY);
    // A repeat of a request still waiting here answers the task it queued.
    const repeat = waiting.find((e) => e.entityId === id);
    if (repeat) return { ok: true, task: taskOf(venueId, repeat.body as QueuedTask, repeat.createdAt) };
    const table = getTable(db, input.tableId);
    if (!table) return { ok: false, status: 404, message: MESSAGES.notFound('Table') };
    const twin = waiting.some((e) => {
      const body = e.body as QueuedTask;
      return body.tableId === table.id && body.type === input.type;
    });
    if (twin) return { ok: false, status: 409, message: SHELL_MESSAGES.cleaningAlreadyRequested(table.number) };
    const queued: QueuedTask = { ...input, id };
    const createdAt = now.toISOString();
    appendOutbox(db, {
      idempotencyKey: randomUUID(),
      method: createTask.method,
      path: createTask.path,
      body: queued,
      entityType: TASK_ENTITY,
      entityId: id,
      createdAt,
    });
    const task = taskOf(venueId, queued, createdAt);
    // The cleaner console on this terminal lists it at once.
    putTask(db, task);
    return { ok: true, task };
  });
}

/** Puts the tasks still waiting to reach the cloud back in the replica (after a snapshot). */
export function restoreQueuedTasks(db: WriteDb, venueId: string): void {
  for (const e of pendingOf(db, TASK_ENTITY)) {
    if (!getTask(db, e.entityId)) putTask(db, taskOf(venueId, e.body as QueuedTask, e.createdAt));
  }
}

/** What a queued task was about, as staff call it: "Cleaning for Table 4". */
export function taskChangeSubject(db: AnyDb, entry: { body: unknown }): string | null {
  const body = entry.body as Partial<QueuedTask> | null;
  const table = body?.tableId ? getTable(db, body.tableId) : null;
  return table ? SHELL_MESSAGES.cleaningSubject(table.number) : null;
}
