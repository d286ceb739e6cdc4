import { z } from 'zod';
import { TABLE_STATES } from '../../constants.js';
import { TURNOVER_MESSAGES } from '../../messages.js';
import { boundedText, Id } from '../../schemas/common.js';
import { Table } from '../../schemas/entities.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

export const TransitionTableAnswer = z.object({
  table: Table,
  /** The cleaning task the move made: urgent for an emergency clean. */
  task: Task.nullable(),
});

/**
 * Moves a table to `state` by the one table state machine (rules/tables.ts), as staff (spec 3
 * section 7's table automation): to CLEANING from service is an emergency clean with an urgent
 * CLEAN task, to MAINTENANCE takes the table out of service. A move the machine does not allow is
 * refused with its reason. `automated` is recorded, never trusted: the caller is staff.
 */
export const transitionTable = defineCall({
  method: 'POST',
  path: '/api/tables/:id/transition',
  summary: 'Move a table to a state the table state machine allows',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Table',
  body: z.strictObject({
    state: z.enum(TABLE_STATES, { error: TURNOVER_MESSAGES.tableStateInvalid }),
    metadata: z
      .record(boundedText(50), z.union([boundedText(200), z.number().finite(), z.boolean()]))
      .refine((m) => Object.keys(m).length <= 20, { error: TURNOVER_MESSAGES.metadataTooLarge })
      .optional(),
    automated: z.boolean().optional(),
    /** Made by the client for the CLEAN task an emergency clean makes, so a terminal that moved
     * the table offline and the cloud name it alike. */
    taskId: Id.optional(),
  }),
  answer: TransitionTableAnswer,
});
