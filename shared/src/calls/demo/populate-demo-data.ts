import { z } from 'zod';
import { defineCall } from '../define.js';

/**
 * Load Demo Data (spec 2 section 2.1): POST /api/demo/populate with an empty object; the answer's
 * `data` has the counts of tables, menu items and waitlist entries. The cloud's side is issue 23's
 * (branch spec23); until it is merged this module stands for it and is not in ALL_CALLS, so no tier
 * claims to serve it. When spec23's module lands, the dashboard's hook uses that one instead.
 */
export const populateDemoData = defineCall({
  method: 'POST',
  path: '/api/demo/populate',
  summary: 'Fill a demo venue with tables, menu items and waitlist entries',
  audience: ['staff'],
  tiers: ['cloud'],
  body: z.object({}),
  answer: z.object({
    data: z.object({ tables: z.number().int(), menuItems: z.number().int(), waitlistEntries: z.number().int() }),
  }),
});
