// Spec 1 section 7: reads never go stale by time, no refetch on focus, no retries. Each read's
// key comes from its call module (the path's segments, general to specific), so invalidating
// ['api', 'order-items'] reaches every read under that path.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
