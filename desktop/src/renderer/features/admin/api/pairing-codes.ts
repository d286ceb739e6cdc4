import { createPairingCode, listMyVenues } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** A pairing code for a new terminal of the session's venue; shown once, never cached. */
export function useCreatePairingCode() {
  return useMutation({ mutationFn: (name: string) => api.call(createPairingCode, { body: { name } }) });
}

/** The venue the session works at (the one a code pairs to), by name. */
export function useCurrentVenueName(enabled: boolean): string | undefined {
  const venues = useQuery({
    ...queryOptions({ queryKey: listMyVenues.key(), queryFn: () => api.call(listMyVenues) }),
    enabled,
  });
  return venues.data?.find((v) => v.current)?.name;
}
