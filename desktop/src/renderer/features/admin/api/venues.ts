import {
  createVenue,
  listVenues,
  updateVenue,
  type VenueChange,
  type VenueInput,
  type VenueRecord,
} from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

const venuesQueryOptions = () => queryOptions({ queryKey: listVenues.key(), queryFn: () => api.call(listVenues) });

export function useVenues() {
  return useQuery(venuesQueryOptions());
}

/** Creates (no id) or changes a venue; venues and organizations (their counts) are read again. */
export function useSaveVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: VenueInput } | { id: string; body: VenueChange }): Promise<VenueRecord> =>
      input.id === null
        ? api.call(createVenue, { body: input.body })
        : api.call(updateVenue, { params: { id: input.id }, body: input.body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listVenues.key() });
      void queryClient.invalidateQueries({ queryKey: ['api', 'organizations'] });
    },
  });
}
