import { z } from 'zod';
import { defineCall } from '../define.js';
import { QaRun } from './qa-run.js';

/** The organization's latest QA run, as far as it got: the screen polls it while it runs. */
export const getLatestQaRun = defineCall({
  method: 'GET',
  path: '/api/admin/qa-runs/latest',
  summary: "The organization's latest QA run: each step's status, duration and error",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.object({ run: QaRun.nullable() }),
  permission: 'MANAGE_SETTINGS',
});
