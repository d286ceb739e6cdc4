import {
  createPrinter,
  type NewPrinter,
  PRINTER_TEXTS,
  type PrinterChange,
  removePrinter,
  updatePrinter,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { printersQueryOptions } from './get-printers.js';

/** Adds a printer (no id) or changes one; the list is read again either way. */
export function useSavePrinter() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: { id: null; printer: NewPrinter } | { id: string; change: PrinterChange }) =>
      input.id === null
        ? api.call(createPrinter, { body: input.printer })
        : api.call(updatePrinter, { params: { id: input.id }, body: input.change }),
    onSuccess: (printer) => {
      toast({ title: PRINTER_TEXTS.savedTitle, description: printer.name });
      void queryClient.invalidateQueries({ queryKey: printersQueryOptions().queryKey });
    },
    onError: (error) =>
      toast({
        title: PRINTER_TEXTS.saveFailed,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}

export function useRemovePrinter() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (id: string) => api.call(removePrinter, { params: { id } }),
    onSuccess: (printer) => {
      toast({ title: PRINTER_TEXTS.removedTitle, description: printer.name });
      void queryClient.invalidateQueries({ queryKey: printersQueryOptions().queryKey });
    },
    onError: (error) =>
      toast({
        title: PRINTER_TEXTS.saveFailed,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
