import { MESSAGES, PRINTER_TEXTS, type Printer, testPrint } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { printJobsQueryOptions } from './get-print-jobs.js';

/** Queues a test page on a printer this terminal drives: 'Test Print Sent', or the refusal. */
export function useSendTestPrint() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ printer, content }: { printer: Printer; content: string }) =>
      api.call(testPrint, { params: { printerId: printer.id }, body: { content } }),
    onSuccess: (_job, { printer }) => {
      toast({ title: MESSAGES.testPrintSentTitle, description: PRINTER_TEXTS.testPrintQueued(printer.name) });
      void queryClient.invalidateQueries({ queryKey: printJobsQueryOptions().queryKey });
    },
    onError: (error) => toast({ title: MESSAGES.errorTitle, description: toastMessage(error), variant: 'destructive' }),
  });
}
