import { listStaff } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

export const staffQueryOptions = () => queryOptions({ queryKey: listStaff.key(), queryFn: () => api.call(listStaff) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
