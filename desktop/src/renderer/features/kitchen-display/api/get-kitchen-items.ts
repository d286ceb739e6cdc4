import { KitchenItemsAnswer, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

export const kitchenItemsKey = ['api', 'order-items', 'kitchen'] as const;

export function getKitchenItems() {
  return api.get('/api/order-items/kitchen', KitchenItemsAnswer);
}

/** Polled every 5 s while Auto Refresh is on (spec 2 section 7); live events refresh it too. */
export const kitchenItemsQueryOptions = (autoRefresh = false) =>
  queryOptions({
    queryKey: kitchenItemsKey,
    queryFn: getKitchenItems,
    refetchInterval: autoRefresh ? POLLING_MS.kitchen : false,
  });

export function useKitchenItems({ autoRefresh }: { autoRefresh: boolean }) {
  return useQuery(kitchenItemsQueryOptions(autoRefresh));
}
