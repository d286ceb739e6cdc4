import { z } from 'zod';
import { TASK_TYPES } from '../../constants.js';
import { SHELL_MESSAGES } from '../../messages.js';
import { TURNOVER_TASK_PRIORITY } from '../../rules/tasks.js';
import { boundedText, Id } from '../../schemas/common.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

/** Most labels a task's metadata takes. */
const MAX_METADATA_KEYS = 20;

/**
 * Creates a task for a table (spec 3 section 7's POST /api/tasks: type, tableId, priority, status,
 * createdBy, metadata). The Request Cleaning quick action sends a CLEAN task. A new task is always
 * PENDING (Start Task and Mark Complete move it on); who made it is the signed-in principal, and a
 * `createdBy` the client sends is kept as a label in its metadata, never as the author.
 */
export const createTask = defineCall({
  method: 'POST',
  path: '/api/tasks',
  summary: 'Create a task for a table (Request Cleaning sends a CLEAN task)',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  body: z.strictObject({
    /** Made by the client, so a repeat (an outbox replay, a second tap) creates the task once. */
    id: Id.optional(),
    type: z.enum(TASK_TYPES, { error: SHELL_MESSAGES.taskTypeInvalid }),
    tableId: Id.meta({ description: 'The table the task is for' }),
    priority: z
      .number({ error: SHELL_MESSAGES.taskPriorityInvalid })
      .int({ error: SHELL_MESSAGES.taskPriorityInvalid })
      .min(0, { error: SHELL_MESSAGES.taskPriorityInvalid })
      .max(10, { error: SHELL_MESSAGES.taskPriorityInvalid })
      .default(TURNOVER_TASK_PRIORITY.normal),
    status: z.literal('PENDING', { error: SHELL_MESSAGES.taskStartsPending }).optional(),
    createdBy: boundedText(100).optional(),
    description: boundedText(500, { multiline: true }).optional(),
    metadata: z
      .record(boundedText(50), z.union([boundedText(200), z.number().finite(), z.boolean()]))
      .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, {
        error: SHELL_MESSAGES.taskMetadataTooLarge(MAX_METADATA_KEYS),
      })
      .optional(),
  }),
  answer: Task,
  status: 201,
});

export type CreateTaskRequest = z.output<(typeof createTask)['body']>;
