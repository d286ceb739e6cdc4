import { cancelOrderItem, MENU_ORDERS_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { ordersQueryOptions } from './get-orders.js';

function cancelItem({ id }: { id: string; name: string }) {
  return api.call(cancelOrderItem, { params: { id } });
}

/** Takes a held item off its order; refused once the item has been sent to the kitchen. */
export function useCancelItem() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: cancelItem,
    onSuccess: (_order, { name }) =>
      toast({ title: MENU_ORDERS_TEXTS.itemCancelledTitle, description: MENU_ORDERS_TEXTS.itemCancelled(name) }),
    onError: (error) =>
      toast({
        title: MENU_ORDERS_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey }),
  });
}
