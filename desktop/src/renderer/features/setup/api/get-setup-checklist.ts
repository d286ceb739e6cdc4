import { getSetupChecklist, listTableQrCodes, recordQrSheetPrinted } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

const setupChecklistQueryOptions = () =>
  queryOptions({ queryKey: getSetupChecklist.key(), queryFn: () => api.call(getSetupChecklist) });

export function useSetupChecklist() {
  return useQuery(setupChecklistQueryOptions());
}

/** Records that the QR sheet was opened to print; the checklist is read again. */
export function useRecordQrSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(recordQrSheetPrinted),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: setupChecklistQueryOptions().queryKey }),
  });
}

/** Every table's check-in link, for the printable sheet. */
export function useTableQrCodes() {
  return useQuery({ queryKey: listTableQrCodes.key(), queryFn: () => api.call(listTableQrCodes) });
}
