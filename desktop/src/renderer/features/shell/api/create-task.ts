import { createTask, SHELL_MESSAGES, type Table } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

interface CleaningRequest {
  id: string;
  table: Table;
  priority: number;
  description: string;
}

function requestCleaning({ id, table, priority, description }: CleaningRequest) {
  return api.call(createTask, {
    body: { id, type: 'CLEAN', tableId: table.id, priority, description: description || undefined },
  });
}

/** Request Cleaning: a CLEAN task for the table; 'Cleaning Requested', or 'Error' with the server's message. */
export function useRequestCleaning() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: requestCleaning,
    onSuccess: (_task, { table }) =>
      toast({
        title: SHELL_MESSAGES.cleaningRequestedTitle,
        description: SHELL_MESSAGES.cleaningRequested(table.number),
      }),
    onError: (error) =>
      toast({
        title: SHELL_MESSAGES.qrFailedTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
