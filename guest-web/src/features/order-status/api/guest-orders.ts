import { GuestOrdersAnswer } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api-client.js';

/** Every order of the guest cookie's dining session, whoever placed it, oldest first. */
export function getGuestOrders() {
  return apiRequest('/api/guest/orders', GuestOrdersAnswer);
}

export function guestOrdersQueryOptions() {
  return queryOptions({ queryKey: ['api', 'guest', 'orders'] as const, queryFn: getGuestOrders });
}

export function useGuestOrders(enabled: boolean) {
  return useQuery({ ...guestOrdersQueryOptions(), enabled });
}
