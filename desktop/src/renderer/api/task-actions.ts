import { CLEANER_TEXTS, completeTask, MESSAGES, startTask } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { tasksQueryOptions } from './get-tasks.js';

/** Start Task: 'Task Started'; a refusal (someone else started it) shows the server's message. */
export function useStartTask() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (id: string) => api.call(startTask, { params: { id } }),
    onSuccess: () => toast({ title: MESSAGES.taskStartedTitle }),
    onError: (error) =>
      toast({
        title: CLEANER_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey }),
  });
}

/** Mark Complete: 'Task Completed', saying when the table went on to its QA check. */
export function useCompleteTask(tableName: (id: string | null) => string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (id: string) => api.call(completeTask, { params: { id } }),
    onSuccess: ({ task, table }) =>
      toast({
        title: MESSAGES.taskCompletedTitle,
        ...(table ? { description: CLEANER_TEXTS.movedToQa(tableName(task.targetTableId)) } : {}),
      }),
    onError: (error) =>
      toast({
        title: CLEANER_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey }),
  });
}
