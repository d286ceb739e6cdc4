// Times on the guest's pages are the venue's, as its tickets and receipts print them (issue 22,
// item 12), through the one shared formatter (venueClock): labelled with the zone ("7:42 PM EST")
// when the phone keeps another clock, a tourist's phone say.
import { getGuestSession, venueClock } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.js';

const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A formatter of times on the clock of the venue in `zone` (the phone's own until it is known). */
export function clockOf(zone: string | undefined, o: { withDate?: boolean } = {}): (at: string | Date) => string {
  return (at) => {
    const device = deviceZone();
    return venueClock(typeof at === 'string' ? new Date(at) : at, zone ?? device, device, o);
  };
}

/** The formatter for the guest's dining session's venue (its zone comes with GET /api/guest/session). */
export function useSessionClock(enabled = true): (at: string | Date) => string {
  const session = useQuery(
    queryOptions({ queryKey: getGuestSession.key(), queryFn: () => callApi(getGuestSession), enabled }),
  );
  return clockOf(session.data?.timeZone);
}
