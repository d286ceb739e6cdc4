// Times on the staff screens are the venue's, as its tickets and receipts print them (issue 22,
// item 12): the venue's zone comes with its bookable times, on the cloud and the terminal alike.
import { getBookableTimes, venueClock } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../app/api-client.js';

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A formatter of times on the venue's clock ("7:42 PM", "7:42 PM EST" on a device elsewhere). */
export function useVenueClock(): (at: string | Date, o?: { withDate?: boolean }) => string {
  const times = useQuery(queryOptions({ queryKey: getBookableTimes.key(), queryFn: () => api.call(getBookableTimes) }));
  const zone = times.data?.timeZone;
  return useCallback(
    (at, o = {}) => {
      const when = typeof at === 'string' ? new Date(at) : at;
      const device = deviceZone();
      return venueClock(when, zone ?? device, device, o);
    },
    [zone],
  );
}
