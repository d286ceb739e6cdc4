import { resendInvitation, revokeInvitation } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { invitationsQueryOptions } from './get-invitations.js';

const CALLS = { resend: resendInvitation, revoke: revokeInvitation } as const;

/** Resend (a new link, 7 more days) or revoke an invitation. */
export function useActOnInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: keyof typeof CALLS }) =>
      api.call(CALLS[action], { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey }),
  });
}
