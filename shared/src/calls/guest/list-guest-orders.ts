import { z } from 'zod';
import { Order } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const GuestOrdersAnswer = z.array(Order);

/** Every order of the party's session, whoever placed it (another phone, a server), oldest first. */
export const listGuestOrders = defineCall({
  method: 'GET',
  path: '/api/guest/orders',
  summary: "The guest session's orders with their items",
  audience: ['guest'],
  tiers: ['cloud'],
  answer: GuestOrdersAnswer,
  staleOn: ['order.created', 'order.item.status.changed', 'order.priority.changed', 'order.item.cancelled'],
});
