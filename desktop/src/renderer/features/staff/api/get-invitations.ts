import { listInvitations } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: listInvitations.key(), queryFn: () => api.call(listInvitations) });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
