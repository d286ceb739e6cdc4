import {
  createRestaurant,
  createUpload,
  listRestaurants,
  type RestaurantInput,
  type RestaurantProfile,
  setRestaurantLogo,
  updateRestaurant,
} from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

const restaurantsQueryOptions = () =>
  queryOptions({ queryKey: listRestaurants.key(), queryFn: () => api.call(listRestaurants) });

export function useRestaurants() {
  return useQuery(restaurantsQueryOptions());
}

export function useSaveRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: RestaurantInput }): Promise<RestaurantProfile> =>
      input.id === null
        ? api.call(createRestaurant, { body: input.body })
        : api.call(updateRestaurant, { params: { id: input.id }, body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: restaurantsQueryOptions().queryKey }),
  });
}

/** Spec 3 section 2: one image through the menu photos' signed upload, then saved as the logo. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; file: File }): Promise<RestaurantProfile> => {
      const link = await api.call(createUpload);
      const put = await fetch(link.uploadURL, {
        method: 'PUT',
        body: input.file,
        headers: { 'content-type': input.file.type || 'application/octet-stream' },
        credentials: 'include',
      });
      if (!put.ok) {
        const text = await put.text();
        let message = text || put.statusText;
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? message;
        } catch {}
        throw new Error(message);
      }
      return api.call(setRestaurantLogo, { params: { id: input.id }, body: { logoUrl: link.objectUrl } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: restaurantsQueryOptions().queryKey }),
  });
}
