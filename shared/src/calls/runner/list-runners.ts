import { z } from 'zod';
import { Runner } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

/** The venue's runners by name, for the runner selector. */
export const listRunners = defineCall({
  method: 'GET',
  path: '/api/runners',
  summary: "The venue's runners and their availability",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(Runner),
  staleOn: ['runner.status.changed'],
});
