import { getBookableTimes, listReservations } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

/** The bookable times and today's date at the venue, by the server's clock. */
const bookableTimesQueryOptions = () =>
  queryOptions({ queryKey: getBookableTimes.key(), queryFn: () => api.call(getBookableTimes) });

export function useBookableTimes() {
  return useQuery(bookableTimesQueryOptions());
}

/** One day's reservations; the key carries the date (spec 2 section 7). Reservation events make it stale. */
const reservationsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: listReservations.key(undefined, { date }),
    queryFn: () => api.call(listReservations, { query: { date } }),
  });

export function useReservations(date: string | undefined) {
  return useQuery({ ...reservationsQueryOptions(date ?? ''), enabled: date !== undefined });
}
