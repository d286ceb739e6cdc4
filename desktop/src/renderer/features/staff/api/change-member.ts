import { deactivateStaffMember, type Role, type StaffDuty, updateStaffMember } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { staffQueryOptions } from './get-staff.js';

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, duty }: { id: string; role?: Role; duty?: StaffDuty | null }) =>
      api.call(updateStaffMember, { params: { id }, body: { role, duty } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}

export function useDeactivateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(deactivateStaffMember, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
