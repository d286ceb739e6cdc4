import { listWaitlist } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

function getWaitlist() {
  return api.call(listWaitlist);
}

/** The queue in order: the Waitlist card and tab. */
const waitlistQueryOptions = () => queryOptions({ queryKey: listWaitlist.key(), queryFn: getWaitlist });

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}
