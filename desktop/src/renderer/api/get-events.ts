import { type ActivityFilter, listVenueEvents } from '@tablewise/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

/** The stored event type (or dotted family) each Activity Feed filter asks the server for. */
const FILTER_TYPES: Record<ActivityFilter, string | undefined> = {
  all: undefined,
  exits: 'guest.departed',
  orders: 'order',
  reservations: 'reservation',
  alerts: 'staff.alert',
};

const PAGE = 30;

/** The Activity Feed's history, newest first, a page at a time: it survives a reload. */
export const activityQueryOptions = (filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: [...listVenueEvents.key(), 'feed', filter],
    queryFn: ({ pageParam }) => {
      const type = FILTER_TYPES[filter];
      return api.call(listVenueEvents, {
        query: {
          limit: String(PAGE),
          ...(type ? { type } : {}),
          ...(pageParam === null ? {} : { before: String(pageParam) }),
        },
      });
    },
    initialPageParam: null as number | null,
    // a full page may have more behind it: the next starts below its oldest
    getNextPageParam: (last) => (last.length === PAGE ? (last.at(-1)?.seq ?? null) : null),
  });

export function useActivity(filter: ActivityFilter) {
  return useInfiniteQuery(activityQueryOptions(filter));
}

/** The venue's latest staff alerts: the header bell counts those not read yet. */
export function useStaffAlerts() {
  return useQuery(
    queryOptions({
      queryKey: [...listVenueEvents.key(), 'alerts'],
      queryFn: () => api.call(listVenueEvents, { query: { type: 'staff.alert', limit: '50' } }),
    }),
  );
}
