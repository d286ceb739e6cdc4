import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { RunnerOrder } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

/** What to send (all optional; the spec sends no body): the ticket's client-made id, and which
 * ready items go on it. Without `itemIds`, every ready item not yet on the pass goes. */
export const SendToExpoRequest = z
  .object({
    id: Id.optional(),
    itemIds: z.array(Id).min(1).max(200).optional(),
  })
  .default({});
export type SendToExpoRequest = z.output<typeof SendToExpoRequest>;

/**
 * Send to Runner on the expo view (spec 2 sections 2.6 and 7; issue 22): the order's ready items
 * that are not on the pass yet go to the runners as one ticket, in its table's zone, with the
 * zone's average delivery time as its estimate (event `order.ready_for_run`), while the order's
 * later courses are still held or cooking. The answer is the ticket.
 */
export const sendToExpo = defineCall({
  method: 'POST',
  path: '/api/orders/:orderId/send-to-expo',
  summary: 'Send an order whose items are all ready to the runners',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ orderId: Id }),
  entity: 'Order',
  body: SendToExpoRequest,
  answer: RunnerOrder,
});
