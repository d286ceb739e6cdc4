// The orders this phone placed in its dining session. There is no list call for a guest's orders
// yet, so the answer of POST /api/orders is kept in the query cache and mirrored to storage so a
// reload of the status page still shows it; live item events patch the same cache entry.
import { Order, type OrderItem } from '@tablewise/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { readJson, STORAGE_KEYS, writeJson } from './storage.js';

const StoredOrders = z.array(Order);

export function guestOrdersQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['guest', 'sessions', sessionId, 'orders'] as const,
    queryFn: () => readJson(STORAGE_KEYS.orders(sessionId), StoredOrders) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function write(client: QueryClient, sessionId: string, orders: Order[]): void {
  client.setQueryData(guestOrdersQueryOptions(sessionId).queryKey, orders);
  writeJson(STORAGE_KEYS.orders(sessionId), orders);
}

function current(client: QueryClient, sessionId: string): Order[] {
  return (
    client.getQueryData(guestOrdersQueryOptions(sessionId).queryKey) ??
    readJson(STORAGE_KEYS.orders(sessionId), StoredOrders) ??
    []
  );
}

/** Remember an order just placed; a repeat answer for the same order replaces the first. */
export function rememberOrder(client: QueryClient, order: Order): void {
  const others = current(client, order.sessionId).filter((o) => o.id !== order.id);
  write(client, order.sessionId, [...others, order]);
}

/** Apply a live item update to the order that holds it. Older updates never overwrite newer. */
export function patchOrderItem(client: QueryClient, sessionId: string, item: OrderItem): boolean {
  let changed = false;
  const orders = current(client, sessionId).map((order) => {
    if (order.id !== item.orderId) return order;
    return {
      ...order,
      items: order.items.map((existing) => {
        if (existing.id !== item.id) return existing;
        if (Date.parse(existing.updatedAt) > Date.parse(item.updatedAt)) return existing;
        changed = true;
        return item;
      }),
    };
  });
  if (changed) write(client, sessionId, orders);
  return changed;
}
