import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

/** Start Task: PENDING to IN_PROGRESS, by the signed-in cleaner (spec 2 section 2.11). Starting a
 * task already in progress is refused, naming both statuses. */
export const startTask = defineCall({
  method: 'POST',
  path: '/api/tasks/:id/start',
  summary: 'Start a task (PENDING to IN_PROGRESS)',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Task',
  /** A terminal names the staff member signed in on it, who takes the task (issue 21); a staff
   * member's own call takes it for themself, whatever it names. */
  body: z.strictObject({ assignedTo: Id.optional() }).default({}),
  answer: Task,
});
