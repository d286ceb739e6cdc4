import { getAnalytics } from '@tablewise/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

/** The venue's figures over a range (ISO instants) and the period before it. */
const analyticsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: getAnalytics.key(undefined, { from, to }),
    queryFn: () => api.call(getAnalytics, { query: { from, to } }),
  });

export function useAnalytics(range: { from: string; to: string } | null) {
  return useQuery({
    ...analyticsQueryOptions(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
