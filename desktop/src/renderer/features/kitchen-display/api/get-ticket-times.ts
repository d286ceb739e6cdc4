import { getTicketTimes } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

const ticketTimesQueryOptions = () =>
  queryOptions({ queryKey: getTicketTimes.key(), queryFn: () => api.call(getTicketTimes) });

/** Fired-to-ready times per station; the cloud's events answer it (a terminal does not). */
export function useTicketTimes() {
  return useQuery(ticketTimesQueryOptions());
}
