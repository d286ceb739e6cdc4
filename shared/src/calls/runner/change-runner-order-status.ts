import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { RunnerOrder, RunnerOrderState } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

export const RunnerStatusRequest = z.object({
  status: RunnerOrderState,
  /** Who picks the order up; Pick Up needs one (spec 2 section 5). */
  runnerId: Id.nullable().optional(),
});
export type RunnerStatusRequest = z.infer<typeof RunnerStatusRequest>;

/** Pick Up, Delivered and Return Requested (spec 2 section 4): the order and its items move
 * together; delivery sends `order.delivered`, a runner's change `runner.status.changed`. */
export const changeRunnerOrderStatus = defineCall({
  method: 'POST',
  path: '/api/runner/orders/:id/status',
  summary: 'Pick up, deliver or send back an order on the pass',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Order',
  body: RunnerStatusRequest,
  answer: RunnerOrder,
});
