import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { terminalStatusQueryOptions } from './get-terminal-status.js';

export async function dismissRejectedChange(id: string): Promise<void> {
  await api.request('POST', `/api/terminal/outbox/${encodeURIComponent(id)}/dismiss`, {});
}

export function useDismissRejectedChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRejectedChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalStatusQueryOptions().queryKey }),
  });
}
