import { listRunnerOrders, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

/** Polled every 3 s while Auto is on (spec 2 section 7); live events refresh it too. */
export const runnerOrdersQueryOptions = (auto = false) =>
  queryOptions({
    queryKey: listRunnerOrders.key(),
    queryFn: () => api.call(listRunnerOrders),
    refetchInterval: auto ? POLLING_MS.runner : false,
  });

export function useRunnerOrders({ auto }: { auto: boolean }) {
  return useQuery(runnerOrdersQueryOptions(auto));
}
