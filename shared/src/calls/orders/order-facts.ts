// Orders as both tiers store them, and the one way an answer is assembled from them, so the
// cloud (PostgreSQL) and the terminal (its SQLite replica) list the same orders the same way.
import { compareText } from '../../rules/table-order.js';
import type { Order, OrderItem } from '../../schemas/entities.js';

/** An order item with its place in the order as it was placed. */
export interface ItemFacts extends OrderItem {
  sortOrder: number;
}

/** An order without its items, and whether its dining session is still at the table. */
export interface OrderFacts extends Omit<Order, 'items'> {
  sessionActive: boolean;
}

const byTime = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/** Items in the order they were placed: by time, then their place in the order, then id. */
export function compareItems(a: ItemFacts, b: ItemFacts): number {
  return byTime(a.createdAt, b.createdAt) || a.sortOrder - b.sortOrder || compareText(a.id, b.id);
}

export function toOrderItem({ sortOrder: _, ...item }: ItemFacts): OrderItem {
  return item;
}

/** Orders oldest first, each with its own items in the order they were placed. */
export function assembleOrders(orders: readonly OrderFacts[], items: readonly ItemFacts[]): Order[] {
  const itemsOf = new Map<string, ItemFacts[]>();
  for (const item of [...items].sort(compareItems)) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  return [...orders]
    .sort((a, b) => byTime(a.createdAt, b.createdAt) || compareText(a.id, b.id))
    .map(({ sessionActive: _, ...order }) => ({ ...order, items: (itemsOf.get(order.id) ?? []).map(toOrderItem) }));
}

/** Still being served: not closed, or its party is still at the table. */
export function isOpenOrder(order: Pick<OrderFacts, 'status' | 'sessionActive'>): boolean {
  return order.status !== 'CLOSED' || order.sessionActive;
}
