import { getSessionBill } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

export function sessionBillQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: getSessionBill.key({ sessionId }),
    queryFn: () => callApi(getSessionBill, { params: { sessionId } }),
  });
}

/** The dining session's bill: every order, totals, what is paid and left (kept live by the page). */
export function useSessionBill(sessionId: string | null) {
  return useQuery({ ...sessionBillQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
