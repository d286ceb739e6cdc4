import { getSessionBill, listOrders } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's open orders: the tables with a bill open are their sessions. */
export function useOpenOrders() {
  return useQuery(queryOptions({ queryKey: listOrders.key(), queryFn: () => api.call(listOrders) }));
}

/** One session's bill, what is paid and left. */
export function useSessionBill(sessionId: string | null) {
  return useQuery({
    queryKey: getSessionBill.key({ sessionId: sessionId ?? '' }),
    queryFn: () => api.call(getSessionBill, { params: { sessionId: sessionId ?? '' } }),
    enabled: Boolean(sessionId),
  });
}
