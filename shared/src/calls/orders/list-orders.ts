import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Order, OrderItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { assembleOrders, type ItemFacts, isOpenOrder, type OrderFacts } from './order-facts.js';

/** An order as the list answers it: ours, and the spec's names beside (spec 2 section 3's order
 * list: session.table.name and orderItems, the same as tableName and items). */
const ListedOrder = Order.extend({
  session: z.object({ id: Id, table: z.object({ name: z.string() }).nullable() }),
  orderItems: z.array(OrderItem),
});

/** @internal exported for its tests */
export const OrdersAnswer = z.array(Order);
export type OrdersAnswer = z.infer<typeof OrdersAnswer>;
const ListedOrdersAnswer = z.array(ListedOrder);
type ListedOrdersAnswer = z.infer<typeof ListedOrdersAnswer>;

export const listOrders = defineCall({
  method: 'GET',
  path: '/api/orders',
  summary: "The venue's open orders with their items, oldest first",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: ListedOrdersAnswer,
  staleOn: ['order.created', 'order.item.status.changed', 'order.priority.changed', 'order.item.cancelled'],
});

/** The venue's open orders, from rows as either tier stores them (the list, the sync snapshot). */
export function openOrdersAnswer(orders: readonly OrderFacts[], items: readonly ItemFacts[]): Order[] {
  return assembleOrders(orders.filter(isOpenOrder), items);
}

/** The list's answer: each order with the spec's names for its table and items beside ours. */
export function listedOrders(orders: readonly Order[]): ListedOrdersAnswer {
  return orders.map((order) => ({
    ...order,
    session: { id: order.sessionId, table: order.tableName === null ? null : { name: order.tableName } },
    orderItems: order.items,
  }));
}
