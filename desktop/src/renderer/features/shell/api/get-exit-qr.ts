import { getExitQr } from '@tablewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's signed exit link (guests scan it to check out); the terminal asks the cloud for it. */
export function useExitQr(enabled: boolean) {
  return useQuery({ queryKey: getExitQr.key(), queryFn: () => api.call(getExitQr), enabled });
}
