import { z } from 'zod';
import { defineCall } from '../define.js';

/**
 * For the orchestrator's liveness probe: 200 while the process serves HTTP at all. It asks nothing
 * of the database, so an instance that lost PostgreSQL is not restarted for it (it reports not
 * ready instead, and recovers by itself).
 */
export const getLiveness = defineCall({
  method: 'GET',
  path: '/api/health/live',
  summary: 'Whether the instance is alive (answers without asking the database)',
  audience: ['public'],
  tiers: ['cloud'],
  answer: z.object({ status: z.literal('alive'), uptimeSeconds: z.number().nonnegative() }),
});
