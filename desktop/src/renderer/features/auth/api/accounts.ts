// The public account pages' calls (issue 24): accepting an invitation (which signs in) and
// resetting a forgotten password.
import {
  acceptInvitation,
  confirmPasswordReset,
  getInvitationPreview,
  type MeAnswer,
  requestPasswordReset,
} from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me.js';
import { api } from '../../../app/api-client.js';

export function useInvitationPreview(token: string) {
  return useQuery(
    queryOptions({
      queryKey: [...getInvitationPreview.key(), token],
      queryFn: () => api.call(getInvitationPreview, { body: { token } }),
      enabled: token !== '',
      retry: false,
    }),
  );
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; firstName: string; lastName: string; password: string }) =>
      api.call(acceptInvitation, { body }),
    onSuccess: (me: MeAnswer) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => api.call(requestPasswordReset, { body: { email } }) });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.call(confirmPasswordReset, { body }),
  });
}
