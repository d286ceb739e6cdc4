import { logout as logoutCall } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api-client.js';
import { meQueryOptions } from './get-me.js';

async function logout(): Promise<void> {
  await api.call(logoutCall);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // nothing read as one user may be shown to the next
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, null);
    },
  });
}
