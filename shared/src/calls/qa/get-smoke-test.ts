import { z } from 'zod';
import { defineCall } from '../define.js';

export const SmokeTestAnswer = z.object({
  success: z.boolean(),
  /** The QA venue's data; zeros when it has not been seeded. */
  dataCount: z.object({
    tables: z.number().int().nonnegative(),
    menuItems: z.number().int().nonnegative(),
    printers: z.number().int().nonnegative(),
  }),
  /** The organization's QA venue, null before the first seed. */
  venue: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type SmokeTestAnswer = z.infer<typeof SmokeTestAnswer>;

/** The QA dashboard's seed status (spec 3 section 7): the organization's QA venue and its counts. */
export const getSmokeTest = defineCall({
  method: 'GET',
  path: '/api/admin/smoke-test',
  summary: "The QA venue's seed status: success and its counts of tables and menu items",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: SmokeTestAnswer,
  staleOn: [],
  permission: 'MANAGE_SETTINGS',
});
