import { z } from 'zod';
import { TASK_STATUSES, TASK_TYPES } from '../../constants.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

/**
 * The venue's tasks for the cleaner console (spec 2 section 7's GET /api/tasks, type CLEAN or QA):
 * unfinished first by priority, then finished ones newest first (rules/turnover-tasks.ts).
 */
export const listTasks = defineCall({
  method: 'GET',
  path: '/api/tasks',
  summary: "The venue's tasks, optionally of one type or status, the most urgent unfinished first",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  query: z.object({
    type: z.enum(TASK_TYPES).optional(),
    status: z.enum(TASK_STATUSES).optional(),
  }),
  answer: z.array(Task),
  staleOn: ['task.created', 'task.updated'],
});
