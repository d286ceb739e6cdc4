import { listPrinters, type Printer, printTableQr, SHELL_MESSAGES } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

/** The receipt printers (no kitchen station) a table's QR code can go to; asked only when wanted. */
export function useReceiptPrinters(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: listPrinters.key(), queryFn: () => api.call(listPrinters, {}) }),
    enabled,
    select: (printers: Printer[]) => printers.filter((p) => p.station === null),
  });
}

/** Prints the table's QR code on a receipt printer the terminal drives: 'Receipt Printed', or 'Error'. */
export function usePrintTableQr() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ tableId, printer }: { tableId: string; printer: Printer }) =>
      api.call(printTableQr, { params: { id: tableId }, body: { printerId: printer.id } }),
    onSuccess: (_job, { printer }) =>
      toast({ title: SHELL_MESSAGES.qrPrintedTitle, description: SHELL_MESSAGES.qrPrintQueued(printer.name) }),
    onError: (error) =>
      toast({
        title: SHELL_MESSAGES.qrFailedTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
