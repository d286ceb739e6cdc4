import { createDeliveryRun, type DeliveryRunRequest, MESSAGES, RUNNER_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runnerOrdersQueryOptions } from '../../../api/get-runner-orders.js';
import { runnersQueryOptions } from '../../../api/get-runners.js';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { deliveryRunsQueryOptions } from './get-delivery-runs.js';

/** Create Zone Run; the toast is the spec's 'Delivery Run Created'. */
export function useCreateDeliveryRun() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => {
    for (const options of [runnerOrdersQueryOptions(), runnersQueryOptions(), deliveryRunsQueryOptions()]) {
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
    }
  };
  return useMutation({
    mutationFn: (body: DeliveryRunRequest) => api.call(createDeliveryRun, { body }),
    onSuccess: () => {
      toast({ title: MESSAGES.deliveryRunCreatedTitle });
      refresh();
    },
    onError: (error) => {
      toast({
        title: RUNNER_TEXTS.moveFailed,
        description: toastMessage(error),
        variant: 'destructive',
      });
      refresh();
    },
  });
}
