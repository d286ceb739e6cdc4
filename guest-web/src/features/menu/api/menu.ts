import { MenuAnswer, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api-client.js';

export function getMenu() {
  return apiRequest('/api/menu', MenuAnswer);
}

export function menuQueryOptions() {
  return queryOptions({ queryKey: ['api', 'menu'] as const, queryFn: getMenu });
}

/** The menu, refetched on the guest menu's interval so sold-out dishes disappear. */
export function useMenu() {
  return useQuery({ ...menuQueryOptions(), refetchInterval: POLLING_MS.guestMenu });
}
