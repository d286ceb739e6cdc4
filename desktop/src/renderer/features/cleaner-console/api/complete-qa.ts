import { CLEANER_TEXTS, completeTableQa } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tasksQueryOptions } from '../../../api/get-tasks.js';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

interface QaResult {
  tableId: string;
  tableName: string;
  passed: boolean;
  issues: string[];
}

/** Pass or Fail a table's QA check: passed frees it (and notifies the next party that fits),
 * failed sends it back to cleaning with the issues. */
export function useCompleteQa() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ tableId, passed, issues }: QaResult) =>
      api.call(completeTableQa, {
        params: { id: tableId },
        body: { passed, issues, automated: false, completedAt: new Date().toISOString() },
      }),
    onSuccess: ({ notified }, { passed, tableName }) =>
      passed
        ? toast({
            title: CLEANER_TEXTS.qaPassedTitle,
            description: notified
              ? CLEANER_TEXTS.qaPassedNotified(tableName, notified.guestName)
              : CLEANER_TEXTS.qaPassed(tableName),
          })
        : toast({ title: CLEANER_TEXTS.qaFailedTitle, description: CLEANER_TEXTS.qaFailed(tableName) }),
    onError: (error) =>
      toast({
        title: CLEANER_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey }),
  });
}
