import { type LoginRequest, login as loginCall, type MeAnswer } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me.js';
import { api } from '../../../app/api-client.js';
import { terminalStatusQueryOptions } from '../../../app/terminal-status.js';

function login(input: LoginRequest): Promise<MeAnswer> {
  return api.call(loginCall, { body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      // A terminal told the sign-in page only where it runs: now its status, for the member.
      void queryClient.invalidateQueries({ queryKey: terminalStatusQueryOptions().queryKey });
    },
  });
}
