import { changeOrderPriority, MENU_ORDERS_TEXTS, type Order } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { ordersQueryOptions } from './get-orders.js';

function changePriority({ id, priority }: { id: string; priority: Order['priority'] }) {
  return api.call(changeOrderPriority, { params: { id }, body: { priority } });
}

/** The details view's priority: the kitchen's cards follow (order.priority.changed). */
export function useChangePriority() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: changePriority,
    onSuccess: (order) =>
      toast({
        title: MENU_ORDERS_TEXTS.priorityChangedTitle,
        description: MENU_ORDERS_TEXTS.priorityChanged(MENU_ORDERS_TEXTS.priorityLabels[order.priority]),
      }),
    onError: (error) =>
      toast({
        title: MENU_ORDERS_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey }),
  });
}
