import { KITCHEN_FLOW_TEXTS, MESSAGES, sendToExpo } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { runnerOrdersQueryOptions } from './get-runner-orders.js';

/** A course's ready items as one ticket on the pass (issue 22). */
function sendOrderToExpo({ orderId, itemIds }: { orderId: string; itemIds: string[] }) {
  return api.call(sendToExpo, { params: { orderId }, body: { itemIds } });
}

/** Send to Runner on the expo view; the toast is the spec's 'Sent to Expo'. */
export function useSendToExpo() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: runnerOrdersQueryOptions().queryKey });
  return useMutation({
    mutationFn: sendOrderToExpo,
    onSuccess: () => {
      toast({ title: MESSAGES.sentToExpoTitle });
      void refresh();
    },
    onError: (error) => {
      toast({
        title: KITCHEN_FLOW_TEXTS.sendToRunnerFailed,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void refresh();
    },
  });
}
