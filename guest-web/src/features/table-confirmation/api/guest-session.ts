import { GuestSessionAnswer } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api-client.js';

/** The dining session the guest cookie is bound to, with its table's name. */
export function getGuestSession() {
  return apiRequest('/api/guest/session', GuestSessionAnswer);
}

export function guestSessionQueryOptions() {
  return queryOptions({ queryKey: ['api', 'guest', 'session'] as const, queryFn: getGuestSession });
}

export function useGuestSession() {
  return useQuery(guestSessionQueryOptions());
}
