// A cleaning, QA or run task (spec 1 section 3's tasks; spec 3 section 3's task payload).
import { z } from 'zod';
import { TASK_STATUSES, TASK_TYPES } from '../constants.js';
import { Id, IsoDateTime } from './common.js';

/** What a task may carry beside its fields: short labels, numbers and flags (spec 3's metadata). */
const TaskMetadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const Task = z.object({
  id: Id,
  venueId: Id,
  type: z.enum(TASK_TYPES),
  targetTableId: Id.nullable(),
  priority: z.number().int(),
  status: z.enum(TASK_STATUSES),
  assignedTo: Id.nullable(),
  dueAt: IsoDateTime.nullable(),
  completedAt: IsoDateTime.nullable(),
  description: z.string().nullable(),
  metadata: TaskMetadata,
  createdAt: IsoDateTime,
});
export type Task = z.infer<typeof Task>;
