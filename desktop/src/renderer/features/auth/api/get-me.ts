import { MeAnswer } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../app/api-client.js';

export const meQueryKey = ['api', 'auth', 'me'] as const;

/** The signed-in staff member, or null when signed out (401 reads as "nobody", not an error). */
export async function getMe(): Promise<MeAnswer | null> {
  try {
    return await api.get('/api/auth/me', MeAnswer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
