import { getMe as getMeCall, type MeAnswer } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../app/api-client.js';

/** The signed-in staff member, or null when signed out (401 reads as "nobody", not an error). */
async function getMe(): Promise<MeAnswer | null> {
  try {
    return await api.call(getMeCall);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: getMeCall.key(), queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
