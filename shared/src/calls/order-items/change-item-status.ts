import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { OrderItem, OrderItemState } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const ItemStatusRequest = z.object({
  status: OrderItemState,
  /** The state the move expects the item in; refused from any other. An undo (Recall) names it. */
  from: OrderItemState.optional(),
});
export type ItemStatusRequest = z.infer<typeof ItemStatusRequest>;

/** A staff move by spec 2 section 4's table; a refused move answers 409 naming both states. On a
 * terminal it applies to the replica at once and reaches the cloud through the outbox. */
export const changeItemStatus = defineCall({
  method: 'POST',
  path: '/api/order-items/:id/status',
  summary: "Move an order item to the kitchen's next state",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Order item',
  body: ItemStatusRequest,
  answer: OrderItem,
});
