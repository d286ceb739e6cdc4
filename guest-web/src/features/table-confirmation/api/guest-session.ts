import { getGuestSession as getGuestSessionCall } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

/** The dining session the guest cookie is bound to, with its table's name. */
function getGuestSession() {
  return callApi(getGuestSessionCall);
}

function guestSessionQueryOptions() {
  return queryOptions({ queryKey: getGuestSessionCall.key(), queryFn: getGuestSession });
}

export function useGuestSession() {
  return useQuery(guestSessionQueryOptions());
}
