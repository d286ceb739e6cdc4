import { z } from 'zod';
import { RunnerOrder } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

/** Orders sent to the runners that are still theirs, and those delivered lately (for the zones'
 * average delivery time), oldest ready first. Polled every 3 s while Auto is on. */
export const listRunnerOrders = defineCall({
  method: 'GET',
  path: '/api/runner/orders',
  summary: 'Orders on the pass for the runners',
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  answer: z.array(RunnerOrder),
  staleOn: ['order.ready_for_run', 'order.delivered', 'runner.status.changed', 'order.item.status.changed'],
});
