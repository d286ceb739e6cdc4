import { listOrders } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's open orders; order events make it stale (the module's staleOn). */
export const ordersQueryOptions = () =>
  queryOptions({ queryKey: listOrders.key(), queryFn: () => api.call(listOrders) });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
