import { z } from 'zod';
import { TURNOVER_MESSAGES } from '../../messages.js';
import { boundedText, Id, IsoDateTime } from '../../schemas/common.js';
import { Table, WaitlistEntry } from '../../schemas/entities.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';

/** Most issues one QA check lists. */
const MAX_QA_ISSUES = 20;

export const QaCompleteAnswer = z.object({
  table: Table,
  /** Failed: the high-priority CLEAN task to redo the table. */
  task: Task.nullable(),
  /** Passed: the waitlist party the freed table went to, if one fits. */
  notified: WaitlistEntry.nullable(),
});

/**
 * The QA result for a table in QA_CHECK (spec 3 section 4): passed, the table is EMPTY and the next
 * waiting party that fits is NOTIFIED; failed, it goes back to CLEANING with the issues on a
 * high-priority CLEAN task. A failure names at least one issue, so the cleaner knows what to redo.
 */
export const completeTableQa = defineCall({
  method: 'POST',
  path: '/api/tables/:id/qa-complete',
  summary: 'Record the QA check of a table: passed frees it, failed sends it back to cleaning',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Table',
  body: z
    .strictObject({
      passed: z.boolean({ error: TURNOVER_MESSAGES.qaPassedRequired }),
      issues: z
        .array(boundedText(200).min(1, { error: TURNOVER_MESSAGES.qaIssueEmpty }))
        .max(MAX_QA_ISSUES, { error: TURNOVER_MESSAGES.qaTooManyIssues(MAX_QA_ISSUES) })
        .default([]),
      automated: z.boolean().optional(),
      completedAt: IsoDateTime.optional(),
      /** Made by the client for the CLEAN task a failure makes, so a terminal that recorded the
       * check offline and the cloud name it alike. */
      taskId: Id.optional(),
      /** A terminal that recorded a pass offline showed this waiting party as notified at once; the
       * cloud notifies that party if it still waits and fits the table (else the next that fits),
       * so the terminal's screens and the cloud name the same party and nobody is notified twice. */
      notifyWaitlistId: Id.optional(),
    })
    .refine((b) => b.passed || b.issues.length > 0, { error: TURNOVER_MESSAGES.qaIssuesRequired, path: ['issues'] }),
  answer: QaCompleteAnswer,
});
