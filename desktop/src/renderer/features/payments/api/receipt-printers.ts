import { listPrinters, MESSAGES, type Printer, printGuestReceipt } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

/** The receipt printers (no kitchen station) of the venue; asked only on a terminal, which drives them. */
export function useReceiptPrinters(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: listPrinters.key(), queryFn: () => api.call(listPrinters, {}) }),
    enabled,
    select: (printers: Printer[]) => printers.filter((p) => p.station === null),
  });
}

/** A session's receipt on a receipt printer this terminal drives. */
export function usePrintReceipt() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: { sessionId: string; printerId: string }) => api.call(printGuestReceipt, { body: input }),
    onSuccess: () => toast({ title: MESSAGES.receiptPrintedTitle }),
    onError: (error) =>
      toast({
        title: MESSAGES.receiptPrintedTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
