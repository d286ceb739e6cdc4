import { type LoginRequest, MeAnswer } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { meQueryOptions } from './get-me.js';

export function login(input: LoginRequest): Promise<MeAnswer> {
  return api.post('/api/auth/login', input, MeAnswer);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}
