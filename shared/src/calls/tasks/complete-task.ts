import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Table } from '../../schemas/entities.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

export const CompleteTaskAnswer = z.object({
  task: Task,
  /** The table when finishing the task moved it: a CLEAN task's table goes to QA_CHECK. */
  table: Table.nullable(),
  /** The QA task made for the table's check, if one was made. */
  qaTask: Task.nullable(),
});

/** Mark Complete: IN_PROGRESS to COMPLETED (spec 2 section 2.11). A finished CLEAN task sends its
 * table, if it is cleaning, to QA_CHECK with a QA task (spec 3 section 4). */
export const completeTask = defineCall({
  method: 'POST',
  path: '/api/tasks/:id/complete',
  summary: "Complete a task; a CLEAN task's table goes to QA_CHECK",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Task',
  body: z.strictObject({
    /** Made by the client for the QA task the clean leads to, so a terminal that completed the task
     * offline and the cloud name it alike. */
    qaTaskId: Id.optional(),
  }),
  answer: CompleteTaskAnswer,
});
