// The floor designer's calls: the saved layout, Save (a 409 names who saved a newer version),
// Publish, and the venue's tables for the live floor. Live events make each stale by its module.
import {
  type FloorLayout,
  getFloorLayout,
  listTables,
  publishFloorLayout,
  saveFloorLayout,
  transitionTable,
} from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { useMayCall } from '../../../app/may-call.js';

const floorLayoutQueryOptions = () =>
  queryOptions({ queryKey: getFloorLayout.key(), queryFn: () => api.call(getFloorLayout) });

/** The saved layout, where the server keeps it (the cloud): a terminal draws its live floor
 * without it, from its tables, and does not ask. */
export function useFloorLayout() {
  const may = useMayCall(getFloorLayout);
  return useQuery({ ...floorLayoutQueryOptions(), enabled: may });
}

const tablesQueryOptions = () => queryOptions({ queryKey: listTables.key(), queryFn: () => api.call(listTables) });

export function useFloorTables() {
  return useQuery(tablesQueryOptions());
}

export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { baseVersion: number | null; layout: FloorLayout }) =>
      api.call(saveFloorLayout, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: floorLayoutQueryOptions().queryKey }),
  });
}

export function usePublishLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (baseVersion: number) => api.call(publishFloorLayout, { body: { baseVersion } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: floorLayoutQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: tablesQueryOptions().queryKey });
    },
  });
}

/** Quick Actions' Mark Clean and Verify Payment: the table's move by its state machine, on the
 * cloud or the terminal's replica alike. */
export function useMoveTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: 'EMPTY' | 'PAYMENT_VERIFIED' }) =>
      api.call(transitionTable, { params: { id }, body: { state } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tablesQueryOptions().queryKey }),
  });
}
