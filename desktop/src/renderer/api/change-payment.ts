import { MESSAGES, PAYMENTS_TEXTS, type Payment, takeTablePayment, updateOrderPayment } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { paymentsQueryOptions } from './get-payments.js';

/** Verify Payment (a generated intent id is sent) on a pending row, Retry on a failed one. */
export function useChangePayment() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ payment, action }: { payment: Payment; action: 'verify' | 'retry' }) =>
      api.call(updateOrderPayment, {
        params: { orderId: payment.orderId ?? '' },
        body:
          action === 'verify'
            ? { status: 'COMPLETED', paymentId: payment.id, paymentIntentId: `pi_staff_${crypto.randomUUID()}` }
            : { status: 'PROCESSING', paymentId: payment.id },
      }),
    onSuccess: () => toast({ title: MESSAGES.paymentUpdatedTitle }),
    onError: (error) =>
      toast({
        title: PAYMENTS_TEXTS.failedTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey }),
  });
}

/** Staff take cash or a card-terminal payment for what a table has left to pay. */
export function useTakePayment() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: { sessionId: string; method: 'cash' | 'card'; printerId?: string }) =>
      api.call(takeTablePayment, { body: input }),
    onSuccess: (answer) =>
      toast({ title: answer.receiptJob ? MESSAGES.receiptPrintedTitle : MESSAGES.paymentUpdatedTitle }),
    onError: (error) =>
      toast({
        title: PAYMENTS_TEXTS.failedTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
