import { getReservation } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** One booking by its id: the one a ?id= link names when it is not on today's list. */
const reservationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: getReservation.key({ id }),
    queryFn: () => api.call(getReservation, { params: { id } }),
    retry: false,
  });

export function useReservation(id: string | undefined) {
  return useQuery({ ...reservationQueryOptions(id ?? ''), enabled: id !== undefined });
}
