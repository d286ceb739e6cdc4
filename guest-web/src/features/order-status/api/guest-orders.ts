import { listGuestOrders } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

/** Every order of the guest cookie's dining session, whoever placed it, oldest first. */
function getGuestOrders() {
  return callApi(listGuestOrders);
}

export function guestOrdersQueryOptions() {
  return queryOptions({ queryKey: listGuestOrders.key(), queryFn: getGuestOrders });
}

export function useGuestOrders(enabled: boolean) {
  return useQuery({ ...guestOrdersQueryOptions(), enabled });
}
