import { getSmokeTest } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

export const smokeTestQueryOptions = () =>
  queryOptions({ queryKey: getSmokeTest.key(), queryFn: () => api.call(getSmokeTest), retry: false });

export function useSmokeTest(enabled: boolean) {
  return useQuery({ ...smokeTestQueryOptions(), enabled });
}
