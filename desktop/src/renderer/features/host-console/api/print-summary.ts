import { HOST_CONSOLE_TEXTS, MESSAGES, printReceipt } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

interface SummaryInput {
  /** The venue's day as staff read it ("Wed, Jun 14"). */
  period: string;
  timezone: string;
  rows: { label: string; value: string }[];
  /** The printer chosen; the terminal's receipt printer when left out. */
  printerId?: string;
}

/** Print Summary on a terminal: the host console's counts as a daily summary on its receipt printer. */
export function usePrintSummary() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ period, timezone, rows, printerId }: SummaryInput) =>
      api.call(printReceipt, {
        body: {
          type: 'daily_summary',
          data: { venueName: null, timezone, period, rows, printedAt: new Date().toISOString() },
          ...(printerId ? { printerId } : {}),
        },
      }),
    onSuccess: (job) =>
      toast({ title: MESSAGES.receiptPrintedTitle, description: HOST_CONSOLE_TEXTS.summaryPrinted(job.printerName) }),
    onError: (error) => toast({ title: MESSAGES.errorTitle, description: toastMessage(error), variant: 'destructive' }),
  });
}
