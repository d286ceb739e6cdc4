import { eraseGuestData, type GuestDataErased, type GuestDataRequest } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** Counts (a dry run) or erases a guest's records; after an erasure every cached read is stale. */
export function useEraseGuestData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestDataRequest): Promise<GuestDataErased> => api.call(eraseGuestData, { body }),
    onSuccess: (answer) => {
      if (answer.erased) void queryClient.invalidateQueries();
    },
  });
}
