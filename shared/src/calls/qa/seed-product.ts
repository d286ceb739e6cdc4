import { z } from 'zod';
import { defineCall } from '../define.js';
import { SmokeTestAnswer } from './get-smoke-test.js';

export const SeedAnswer = SmokeTestAnswer.extend({ error: z.string().nullable() });
export type SeedAnswer = z.infer<typeof SeedAnswer>;

/**
 * Seed Test Data (spec 3 section 7): creates the organization's isolated QA venue if it has none
 * (flagged `qa`, docs/qa-dashboard.md) and fills it with the demo floor, menu, a kitchen printer and
 * a runner. A second press adds nothing twice.
 */
export const seedProduct = defineCall({
  method: 'POST',
  path: '/api/admin/seeds/:product',
  summary: "Seed Test Data: the organization's QA venue with tables, menu, printer and runner",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ product: z.string().min(1).max(64) }),
  entity: 'Seed',
  answer: SeedAnswer,
  permission: 'MANAGE_SETTINGS',
});
