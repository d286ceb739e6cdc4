import { getMenu as getMenuCall, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

function getMenu() {
  return callApi(getMenuCall);
}

export function menuQueryOptions() {
  return queryOptions({ queryKey: getMenuCall.key(), queryFn: getMenu });
}

/** The menu, refetched on the guest menu's interval so sold-out dishes disappear; only a phone
 * with a dining session asks (the cloud answers the menu to its guests). */
export function useMenu(enabled: boolean) {
  return useQuery({ ...menuQueryOptions(), enabled, refetchInterval: POLLING_MS.guestMenu });
}
