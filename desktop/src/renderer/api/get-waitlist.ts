import { listWaitlist } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

function getWaitlist() {
  return api.call(listWaitlist);
}

/** The queue in order; `waitlist.updated` makes it stale. */
export const waitlistQueryOptions = () => queryOptions({ queryKey: listWaitlist.key(), queryFn: getWaitlist });

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}
