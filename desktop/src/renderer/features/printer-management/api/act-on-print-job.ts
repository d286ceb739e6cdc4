import { markPrintJobPrinted, PRINTER_TEXTS, reprintPrintJob, retryPrintJob } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { printJobsQueryOptions } from './get-print-jobs.js';

/** Retry a failed job; for one that may have printed, Reprint (marked REPRINT) or Mark as printed. */
type PrintJobAction = 'retry' | 'reprint' | 'markPrinted';

const CALLS = { retry: retryPrintJob, reprint: reprintPrintJob, markPrinted: markPrintJobPrinted } as const;

export function useActOnPrintJob() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: printJobsQueryOptions().queryKey });
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PrintJobAction }) => api.call(CALLS[action], { params: { id } }),
    onSuccess: refresh,
    onError: (error) => {
      // a 409: someone acted first, or the job moved on; say why and show it as it is now
      toast({
        title: PRINTER_TEXTS.retryFailed,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void refresh();
    },
  });
}
