import { listDeliveryRuns } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

export const deliveryRunsQueryOptions = () =>
  queryOptions({ queryKey: listDeliveryRuns.key(), queryFn: () => api.call(listDeliveryRuns) });

export function useDeliveryRuns() {
  return useQuery(deliveryRunsQueryOptions());
}
