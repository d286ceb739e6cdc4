import { KITCHEN_TEXTS, markPrintJobPrinted, reprintPrintJob } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { printJobsQueryOptions } from './get-print-jobs.js';

/** What staff decide about a ticket that may have printed: print it again (REPRINT), or it is on paper. */
type PrintJobDecision = 'reprint' | 'markPrinted';

function decidePrintJob({ id, decision }: { id: string; decision: PrintJobDecision }) {
  return api.call(decision === 'reprint' ? reprintPrintJob : markPrintJobPrinted, { params: { id } });
}

export function useDecidePrintJob() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: printJobsQueryOptions().queryKey });
  return useMutation({
    mutationFn: decidePrintJob,
    onSuccess: refresh,
    onError: (error) => {
      // a 409 means someone decided first: say why, and show the job as it is now
      toast({
        title: KITCHEN_TEXTS.printDecisionFailed,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void refresh();
    },
  });
}
