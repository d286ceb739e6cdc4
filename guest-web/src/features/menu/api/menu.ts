import { getMenu as getMenuCall, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

function getMenu() {
  return callApi(getMenuCall);
}

export function menuQueryOptions() {
  return queryOptions({ queryKey: getMenuCall.key(), queryFn: getMenu });
}

/** The menu, refetched on the guest menu's interval so sold-out dishes disappear. */
export function useMenu() {
  return useQuery({ ...menuQueryOptions(), refetchInterval: POLLING_MS.guestMenu });
}
