import { getGuestWaitlistStatus, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

export function waitlistStatusQueryOptions(id: string) {
  return queryOptions({
    queryKey: getGuestWaitlistStatus.key({ id }),
    queryFn: ({ signal }) => callApi(getGuestWaitlistStatus, { params: { id }, signal }),
  });
}

/** The party's place in line, read again every 15 s (spec 3 section 9) and on its live moves. */
export function useWaitlistStatus(id: string | null) {
  return useQuery({
    ...waitlistStatusQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: POLLING_MS.waitlistStatus,
  });
}
