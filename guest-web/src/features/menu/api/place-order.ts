import { createOrder, IDEMPOTENCY_HEADER, listGuestOrders } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';
import type { OrderAttempt } from '../cart.js';

/** Sends one attempt; a resent attempt carries the same order id and Idempotency-Key. */
function placeOrder(attempt: OrderAttempt) {
  return callApi(createOrder, { body: attempt.body, headers: { [IDEMPOTENCY_HEADER]: attempt.key } });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // The session's orders (read by the order-status page) now include it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listGuestOrders.key() }),
  });
}
