import { getLatestQaRun, startQaRun } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** While a run is going the screen asks for it twice a second: each step shows as it ends. */
const POLL_MS = 500;

const latestRunQueryOptions = () =>
  queryOptions({ queryKey: getLatestQaRun.key(), queryFn: () => api.call(getLatestQaRun) });

export function useLatestRun(enabled: boolean) {
  return useQuery({
    ...latestRunQueryOptions(),
    enabled,
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? POLL_MS : false),
  });
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(startQaRun),
    onSuccess: (run) => queryClient.setQueryData(latestRunQueryOptions().queryKey, { run }),
  });
}
