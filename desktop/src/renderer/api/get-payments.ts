import { listPayments } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

/** The venue's payments, newest first; payment.status.changed makes them stale. */
export const paymentsQueryOptions = () =>
  queryOptions({ queryKey: listPayments.key(), queryFn: () => api.call(listPayments) });

export function usePayments() {
  return useQuery(paymentsQueryOptions());
}
