import { type CreateOrderRequest, createOrder, MENU_ORDERS_TEXTS, MESSAGES } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { ordersQueryOptions } from './get-orders.js';

/** Staff order more for a table: the same call and prices as a guest's order (on a terminal, its
 * replica and outbox). The body carries a client-made id, so a second tap orders once. */
export function useAddItems() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (body: CreateOrderRequest) => api.call(createOrder, { body }),
    onSuccess: (order) =>
      toast({ title: MENU_ORDERS_TEXTS.itemsAddedTitle, description: MENU_ORDERS_TEXTS.itemsAdded(order.total) }),
    onError: (error) =>
      toast({
        title: MESSAGES.orderFailedTitle,
        description: toastMessage(error, MESSAGES.orderFailed),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey }),
  });
}
