import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { GuestRoutes } from './router.js';
import { ToastProvider } from './toast.js';

// Spec 1 section 7: reads never go stale by time, no refetch on focus, no retries of any call.
function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <GuestRoutes />
      </ToastProvider>
    </QueryClientProvider>
  );
}
