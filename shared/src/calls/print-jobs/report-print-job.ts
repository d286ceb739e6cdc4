import { z } from 'zod';
import { PRINT_JOB_STATUSES, PRINT_JOB_TYPES } from '../../constants.js';
import { TicketedItem } from '../../protocol/events.js';
import { boundedText, Id, IsoDateTime } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** The longest error a job's report carries; a longer one is cut to it, not refused. */
export const PRINT_JOB_ERROR_MAX = 1000;

/**
 * A terminal reports a print job it made, and each state the job settles in, through its outbox.
 * The cloud keeps the job for managers working remotely (GET /api/print-jobs) and records the
 * items a kitchen ticket was made for, so a rebuilt replica or a printer moved to another terminal
 * prints only what never printed.
 */
export const reportPrintJob = defineCall({
  method: 'POST',
  path: '/api/print-jobs/:id/report',
  summary: 'Report a print job and its state (terminals)',
  audience: ['terminal'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Print job',
  body: z.strictObject({
    printerId: Id,
    type: z.enum(PRINT_JOB_TYPES),
    status: z.enum(PRINT_JOB_STATUSES),
    // A kitchen ticket as the terminal laid it out (JSON): 100 lines with notes fit well within.
    data: boundedText(200_000, { multiline: true, trim: false }),
    attempts: z.number().int().min(0).max(1_000_000),
    reprint: z.boolean(),
    error: boundedText(PRINT_JOB_ERROR_MAX, { multiline: true }).nullable(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    ticketed: z.array(TicketedItem).max(100).default([]),
  }),
  answer: PrintJob,
});
