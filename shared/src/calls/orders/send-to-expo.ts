import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { RunnerOrder } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

/**
 * Send to Runner on the expo view (spec 2 sections 2.6 and 7): an order whose every item is
 * READY_FOR_RUN or OUT_FOR_DELIVERY goes to the runners, in its table's zone, with the zone's
 * average delivery time as its estimate (event `order.ready_for_run`).
 */
export const sendToExpo = defineCall({
  method: 'POST',
  path: '/api/orders/:orderId/send-to-expo',
  summary: 'Send an order whose items are all ready to the runners',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ orderId: Id }),
  entity: 'Order',
  answer: RunnerOrder,
});
