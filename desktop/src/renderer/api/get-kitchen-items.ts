import { listKitchenItems, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

function getKitchenItems() {
  return api.call(listKitchenItems);
}

/** Polled every 5 s while Auto Refresh is on (spec 2 section 7); live events refresh it too. */
export const kitchenItemsQueryOptions = (autoRefresh = false) =>
  queryOptions({
    queryKey: listKitchenItems.key(),
    queryFn: getKitchenItems,
    refetchInterval: autoRefresh ? POLLING_MS.kitchen : false,
  });

export function useKitchenItems({ autoRefresh }: { autoRefresh: boolean }) {
  return useQuery(kitchenItemsQueryOptions(autoRefresh));
}
