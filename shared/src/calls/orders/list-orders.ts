import { z } from 'zod';
import { Order } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { assembleOrders, type ItemFacts, isOpenOrder, type OrderFacts } from './order-facts.js';

export const OrdersAnswer = z.array(Order);
export type OrdersAnswer = z.infer<typeof OrdersAnswer>;

export const listOrders = defineCall({
  method: 'GET',
  path: '/api/orders',
  summary: "The venue's open orders with their items, oldest first",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: OrdersAnswer,
  staleOn: ['order.created', 'order.item.status.changed', 'order.priority.changed', 'order.item.cancelled'],
});

export function openOrdersAnswer(orders: readonly OrderFacts[], items: readonly ItemFacts[]): OrdersAnswer {
  return assembleOrders(orders.filter(isOpenOrder), items);
}
