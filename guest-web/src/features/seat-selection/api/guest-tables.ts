import { getGuestSeatRequest, getGuestSession, listGuestTables, POLLING_MS } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

type Query = { available?: string; capacity?: string; accessibility?: string };

export function guestTablesQueryOptions(query: Query = {}) {
  return queryOptions({
    queryKey: listGuestTables.key(undefined, query),
    queryFn: ({ signal }) => callApi(listGuestTables, { query, signal }),
  });
}

/** The tables the party could take, read again every 5 s (spec 3 section 9) and on live moves. */
export function useGuestTables(filters: { partySize: number | null; accessibility: boolean }, enabled: boolean) {
  const query: Query = {
    available: '1',
    ...(filters.partySize ? { capacity: String(filters.partySize) } : {}),
    ...(filters.accessibility ? { accessibility: '1' } : {}),
  };
  return useQuery({ ...guestTablesQueryOptions(query), enabled, refetchInterval: POLLING_MS.seatSelectionTables });
}

/** The guest's own session: the party size when the link did not carry it. */
export function useGuestParty(enabled: boolean) {
  return useQuery({
    queryKey: getGuestSession.key(),
    queryFn: ({ signal }) => callApi(getGuestSession, { signal }),
    enabled,
  });
}

/** The party's table choice that went to the host, and its answer (issue 27); live by its events. */
export function useGuestSeatRequest(enabled: boolean) {
  return useQuery({
    queryKey: getGuestSeatRequest.key(),
    queryFn: ({ signal }) => callApi(getGuestSeatRequest, { signal }),
    enabled,
  });
}
