import { z } from 'zod';
import { defineCall } from '../define.js';

/** For load balancers and start scripts: 200 once the database answers. */
export const getHealth = defineCall({
  method: 'GET',
  path: '/api/health',
  summary: 'Whether the cloud and its database answer',
  audience: ['public'],
  tiers: ['cloud'],
  answer: z.object({ status: z.literal('ok') }),
});
