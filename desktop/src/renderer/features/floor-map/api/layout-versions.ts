// The floor's saved versions (issue 25): the list, newest first, and Restore, which saves an older
// version again as the newest (a 409 names who saved over the version the designer holds).
import { getFloorLayout, listFloorLayoutVersions, restoreFloorLayoutVersion } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

const versionsQueryOptions = () =>
  queryOptions({ queryKey: listFloorLayoutVersions.key(), queryFn: () => api.call(listFloorLayoutVersions) });

export function useLayoutVersions(enabled: boolean) {
  return useQuery({ ...versionsQueryOptions(), enabled });
}

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, baseVersion }: { version: number; baseVersion: number | null }) =>
      api.call(restoreFloorLayoutVersion, { params: { version: String(version) }, body: { baseVersion } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: versionsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getFloorLayout.key() });
    },
  });
}
