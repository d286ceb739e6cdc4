// What the host console reads: the bookable times (and today's date at the venue), today's
// reservations, the waitlist and the floor's tables. Live events make each stale.
import { getBookableTimes, listReservations, listTables, listWaitlist } from '@tablewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

export function useBookableTimes() {
  return useQuery({ queryKey: getBookableTimes.key(), queryFn: () => api.call(getBookableTimes) });
}

export function useReservations(date: string | undefined) {
  return useQuery({
    queryKey: listReservations.key(undefined, { date: date ?? '' }),
    queryFn: () => api.call(listReservations, { query: { date } }),
    enabled: date !== undefined,
  });
}

export function useWaitlist() {
  return useQuery({ queryKey: listWaitlist.key(), queryFn: () => api.call(listWaitlist) });
}

export function useTables() {
  return useQuery({ queryKey: listTables.key(), queryFn: () => api.call(listTables) });
}
