import { createTask, DASHBOARD_TEXTS, SHELL_MESSAGES } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { tasksQueryOptions } from './get-tasks.js';

interface Assignment {
  tableId: string;
  tableName: string;
  runnerId: string;
  runnerName: string;
  /** What it is about: "payment", "exit", "alert". */
  about: string;
}

/**
 * Assign / Assign Staff: a RUN task for the table, made through the same call as Request Cleaning,
 * naming who takes it in its metadata; the task list (and so every dashboard) shows the assignee.
 */
export function useAssignStaff() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (a: Assignment) =>
      api.call(createTask, {
        body: {
          id: crypto.randomUUID(),
          type: 'RUN',
          tableId: a.tableId,
          description: DASHBOARD_TEXTS.assigned(a.runnerName, a.tableName),
          metadata: { assignee: a.runnerName, assigneeId: a.runnerId, about: a.about },
        },
      }),
    onSuccess: (_task, a) =>
      toast({ title: DASHBOARD_TEXTS.assignedTitle, description: DASHBOARD_TEXTS.assigned(a.runnerName, a.tableName) }),
    onError: (error) =>
      toast({
        title: SHELL_MESSAGES.qrFailedTitle,
        description: toastMessage(error, error.message),
        variant: 'destructive',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey }),
  });
}
