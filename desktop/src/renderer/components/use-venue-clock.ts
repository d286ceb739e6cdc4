// Times on the staff screens are the venue's, as its tickets and receipts print them (issue 22,
// item 12): the venue's zone comes with its bookable times, on the cloud and the terminal alike.
// Every staff screen formats its times here, through the one shared formatter (venueClock).
import { getBookableTimes, venueClock, venueDate, venueDayLabel } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../app/api-client.js';

export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The venue's time zone (America/New_York), or undefined until it is known. */
export function useVenueZone(): string | undefined {
  const times = useQuery(queryOptions({ queryKey: getBookableTimes.key(), queryFn: () => api.call(getBookableTimes) }));
  return times.data?.timeZone;
}

/** A formatter of times on the venue's clock ("7:42 PM", "7:42 PM EST" on a device elsewhere). */
export function useVenueClock(): (at: string | Date, o?: { withDate?: boolean }) => string {
  const zone = useVenueZone();
  return useCallback(
    (at, o = {}) => {
      const when = typeof at === 'string' ? new Date(at) : at;
      const device = deviceZone();
      return venueClock(when, zone ?? device, device, o);
    },
    [zone],
  );
}

/** A formatter of the day an instant falls on, on the venue's calendar ("Sat, Nov 28"). */
export function useVenueDay(): (at: string | Date) => string {
  const zone = useVenueZone();
  return useCallback(
    (at) => venueDayLabel(venueDate(typeof at === 'string' ? new Date(at) : at, zone ?? deviceZone())),
    [zone],
  );
}
