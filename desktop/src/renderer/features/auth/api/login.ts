import { type LoginRequest, login as loginCall, type MeAnswer } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me.js';
import { api } from '../../../app/api-client.js';

function login(input: LoginRequest): Promise<MeAnswer> {
  return api.call(loginCall, { body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}
