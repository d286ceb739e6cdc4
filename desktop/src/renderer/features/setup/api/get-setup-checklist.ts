import {
  getEntranceQr,
  getSetupChecklist,
  listTableQrCodes,
  recordQrSheetPrinted,
  rotateEntranceQr,
} from '@tablewise/shared';
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

/** The venue's signed entrance code (issue 27). */
export function useEntranceQr() {
  return useQuery({ queryKey: getEntranceQr.key(), queryFn: () => api.call(getEntranceQr) });
}

/** Replaces the entrance code; the new one is what the screen shows from then on. */
export function useRotateEntranceQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(rotateEntranceQr),
    onSuccess: (code) => queryClient.setQueryData(getEntranceQr.key(), code),
  });
}
