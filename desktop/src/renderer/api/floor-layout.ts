// The floor's calls: the saved layout and the published one, Save (a 409 names who saved a newer
// version), Publish, and the venue's tables for the live floor (the floor map, the dashboard's
// Floor Map tab, the host console). Live events make each stale by its module.
import {
  type FloorLayout,
  getFloorLayout,
  getFloorLayoutVersion,
  listTables,
  publishFloorLayout,
  saveFloorLayout,
  transitionTable,
} from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api-client.js';
import { useMayCall } from '../app/may-call.js';

const floorLayoutQueryOptions = () =>
  queryOptions({ queryKey: getFloorLayout.key(), queryFn: () => api.call(getFloorLayout) });

/** The saved layout: the cloud answers the latest save, a terminal the version last published (its
 * replica keeps no drafts). */
export function useFloorLayout() {
  const may = useMayCall(getFloorLayout);
  return useQuery({ ...floorLayoutQueryOptions(), enabled: may });
}

/**
 * The layout the venue's tables were last published from, or null where there is none (the live
 * floor is then drawn from the tables alone).
 * The latest save may be a draft newer than it; then that version is read on its own.
 */
export function usePublishedLayout(): FloorLayout | null {
  const saved = useFloorLayout();
  const published = saved.data?.publishedVersion ?? null;
  const current = saved.data?.current ?? null;
  const olderVersion = published !== null && current?.version !== published ? published : null;
  const older = useQuery({
    queryKey: getFloorLayoutVersion.key({ version: String(olderVersion ?? 0) }),
    queryFn: () => api.call(getFloorLayoutVersion, { params: { version: String(olderVersion) } }),
    enabled: olderVersion !== null,
  });
  if (published === null) return null;
  if (olderVersion === null) return current?.layout ?? null;
  return older.data?.layout ?? null;
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
