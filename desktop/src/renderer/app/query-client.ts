// Spec 1 section 7: reads never go stale by time, no refetch on focus, no retries. A key is a
// path split into segments, general to specific (['api', 'order-items', 'kitchen']), so
// invalidating ['api', 'order-items'] reaches every read under that path.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.js';

/** The default read: GET the path formed by joining the key's segments with '/'. */
export const pathQueryFn: QueryFunction = ({ queryKey }) => api.request('GET', `/${queryKey.map(String).join('/')}`);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false, queryFn: pathQueryFn },
      mutations: { retry: false },
    },
  });
}
