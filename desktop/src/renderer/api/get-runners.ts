import { listRunners } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

export const runnersQueryOptions = () =>
  queryOptions({ queryKey: listRunners.key(), queryFn: () => api.call(listRunners) });

export function useRunners() {
  return useQuery(runnersQueryOptions());
}
