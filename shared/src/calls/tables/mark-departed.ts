import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Table } from '../../schemas/entities.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

export const MarkDepartedAnswer = z.object({
  table: Table,
  /** The CLEAN task the turnover made; null while the table waits for food still to serve. */
  task: Task.nullable(),
  /** How many items the party still had coming when it left. */
  outstanding: z.number().int().min(0),
});

/**
 * Staff saw a paid party leave (issue 22, item 1; the guest's own exit scan does the same): with
 * nothing left to serve the table turns over (CLEANING and a CLEAN task); with food still coming it
 * waits as EXIT_PENDING, and turns over when the last of it is delivered or cancelled. Decided
 * once (decideMarkDeparted) on both tiers; a party that has not paid is refused.
 */
export const markDeparted = defineCall({
  method: 'POST',
  path: '/api/tables/:id/departed',
  summary: 'Mark the party at a paid table as departed',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Table',
  body: z.strictObject({
    /** Made by the client for the CLEAN task, so a terminal that did this offline and the cloud
     * name it alike. */
    taskId: Id.optional(),
  }),
  answer: MarkDepartedAnswer,
});
