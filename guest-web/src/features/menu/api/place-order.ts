import { CreateOrderAnswer, CreateOrderRequest, IDEMPOTENCY_HEADER } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api-client.js';
import { rememberOrder } from '../../../app/guest-orders.js';

/**
 * One placing attempt: the Idempotency-Key and the exact body sent. A guest who presses again
 * after a network error resends both unchanged, so the cloud answers with the first result
 * instead of creating a second order.
 */
export const OrderAttempt = z.object({
  key: z.uuid(),
  /** The cart the attempt was made for; a changed cart is a new attempt. */
  fingerprint: z.string(),
  body: CreateOrderRequest,
});
export type OrderAttempt = z.infer<typeof OrderAttempt>;

export function placeOrder(attempt: OrderAttempt) {
  return apiRequest('/api/orders', CreateOrderAnswer, {
    method: 'POST',
    body: attempt.body,
    headers: { [IDEMPOTENCY_HEADER]: attempt.key },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => rememberOrder(queryClient, order),
  });
}
