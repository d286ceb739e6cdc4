import { listPayments } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's latest payments: those waiting for staff count as Payments Pending and alerts. */
export function usePayments() {
  return useQuery(queryOptions({ queryKey: listPayments.key(), queryFn: () => api.call(listPayments) }));
}
