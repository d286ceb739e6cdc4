import { listRunnerOrders } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The orders already with the runners: expo shows them as sent rather than offering them again. */
export const runnerOrdersQueryOptions = () =>
  queryOptions({ queryKey: listRunnerOrders.key(), queryFn: () => api.call(listRunnerOrders) });

export function useRunnerOrders() {
  return useQuery(runnerOrdersQueryOptions());
}
