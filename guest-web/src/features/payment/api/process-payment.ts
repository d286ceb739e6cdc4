import { IDEMPOTENCY_HEADER, type ProcessPaymentBody, processPayment } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../app/api-client.js';
import { sessionBillQueryOptions } from './session-bill.js';

export type PaymentRequest = z.input<typeof ProcessPaymentBody> & { idempotencyKey: string };

/** Pays splits of the bill; the key makes a retried tap charge once. `onBillPaid` runs when this
 * payment completed the bill, even though the form that made it is gone by then. */
export function useProcessPayment(onBillPaid: (redirectUrl: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: PaymentRequest) =>
      callApi(processPayment, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(sessionBillQueryOptions(answer.bill.sessionId).queryKey, answer.bill);
      if (answer.redirectUrl) onBillPaid(answer.redirectUrl);
    },
    onSettled: (_answer, _error, request) =>
      queryClient.invalidateQueries({ queryKey: sessionBillQueryOptions(request.sessionId).queryKey }),
  });
}
