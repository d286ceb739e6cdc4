import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { OrderItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const getOrderItem = defineCall({
  method: 'GET',
  path: '/api/order-items/:id',
  summary: 'One order item of the venue',
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Order item',
  answer: OrderItem,
  staleOn: ['order.item.status.changed'],
});
