import { z } from 'zod';
import { ORDER_PRIORITIES } from '../../constants.js';
import { Id } from '../../schemas/common.js';
import { Order } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const OrderPriorityRequest = z.strictObject({ priority: z.enum(ORDER_PRIORITIES) });

/** Staff raise (or lower) an order's priority; the kitchen's cards follow (order.priority.changed).
 * On a terminal it applies to the replica and reaches the cloud through the outbox. */
export const changeOrderPriority = defineCall({
  method: 'PATCH',
  path: '/api/orders/:id/priority',
  summary: "Change an order's priority (normal, high, urgent)",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Order',
  body: OrderPriorityRequest,
  answer: Order,
});
