import {
  createOrganization,
  getOrganizationUsage,
  listOrganizations,
  type Organization,
  type OrganizationInput,
  updateOrganization,
} from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

const organizationsQueryOptions = () =>
  queryOptions({ queryKey: listOrganizations.key(), queryFn: () => api.call(listOrganizations) });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}

/** Creates (no id) or updates an organization; the list is read again. */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: OrganizationInput }): Promise<Organization> =>
      input.id === null
        ? api.call(createOrganization, { body: input.body })
        : api.call(updateOrganization, { params: { id: input.id }, body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey }),
  });
}

/** The organization's usage by month, newest first (this month first). */
export function useOrganizationUsage(id: string) {
  return useQuery({
    queryKey: getOrganizationUsage.key({ id }),
    queryFn: () => api.call(getOrganizationUsage, { params: { id } }),
  });
}
