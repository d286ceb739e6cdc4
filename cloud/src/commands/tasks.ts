// Tasks for a table (spec 3 section 7's POST /api/tasks): the Request Cleaning quick action makes a
// CLEAN task. A table has at most one unfinished task of a type, so a second request for the same
// table (another host, another terminal) is refused with the table's name rather than doubling a
// cleaner's work. Every new task is a task.created event, so cleaner screens hear of it at once.
import { randomUUID } from 'node:crypto';
import { type createTask, SHELL_MESSAGES, type Task } from '@tablewise/shared';
import type { z } from 'zod';
import { actorRef, type Trx, type VenueActor } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { presentTask } from '../presenters/tasks.js';
import { appendEvent } from '../realtime/append-event.js';
import { findTableInVenue } from '../repositories/tables.js';
import { findOpenTaskForTable, findTask, insertTask } from '../repositories/tasks.js';

type NewTask = z.output<(typeof createTask)['body']>;

export async function createTableTask(trx: Trx, actor: VenueActor, input: NewTask, now: Date): Promise<Task> {
  const id = input.id ?? randomUUID();
  const known = await findTask(trx, id);
  if (known) {
    // A repeat of the same request answers the task it made; an id another venue used is not ours.
    if (known.venue_id !== actor.venueId) throw conflict(`Task ${id} already exists`);
    return presentTask(known);
  }
  // The table is locked so two requests for it at once see each other's task.
  const table = await findTableInVenue(trx, actor.venueId, input.tableId, { forUpdate: true });
  if (!table) throw notFound('Table');
  if (await findOpenTaskForTable(trx, actor.venueId, table.id, input.type)) {
    throw conflict(SHELL_MESSAGES.cleaningAlreadyRequested(table.number));
  }
  const { userId, terminalId } = actorRef(actor);
  const metadata = { ...(input.metadata ?? {}), ...(input.createdBy ? { createdBy: input.createdBy } : {}) };
  const inserted = await insertTask(trx, {
    id,
    org_id: actor.orgId,
    venue_id: actor.venueId,
    type: input.type,
    target_table_id: table.id,
    priority: input.priority,
    status: 'PENDING',
    created_by: userId,
    description: input.description || null,
    metadata_json: metadata,
    created_at: now,
  });
  const row = await findTask(trx, id);
  if (!row || row.venue_id !== actor.venueId) throw conflict(`Task ${id} already exists`);
  const task = presentTask(row);
  if (inserted) {
    await appendEvent(trx, {
      orgId: actor.orgId,
      venueId: actor.venueId,
      userId,
      terminalId,
      at: now,
      event: { type: 'task.created', task },
    });
  }
  return task;
}
