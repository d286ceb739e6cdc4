import { dismissRejectedChange as dismissCall } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { terminalStatusQueryOptions } from '../../../app/terminal-status.js';

function dismissRejectedChange(id: string) {
  return api.call(dismissCall, { params: { id } });
}

export function useDismissRejectedChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRejectedChange,
    onSuccess: (status) => queryClient.setQueryData(terminalStatusQueryOptions().queryKey, status),
  });
}
