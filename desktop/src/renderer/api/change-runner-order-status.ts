import { changeRunnerOrderStatus, RUNNER_TEXTS, type RunnerStatusRequest } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { runnerOrdersQueryOptions } from './get-runner-orders.js';
import { runnersQueryOptions } from './get-runners.js';

interface Input extends RunnerStatusRequest {
  id: string;
}

function changeStatus({ id, ...body }: Input) {
  return api.call(changeRunnerOrderStatus, { params: { id }, body });
}

/** Pick Up, Delivered, Return Requested; a refusal says why and shows the order as it is now. */
export function useChangeRunnerOrderStatus() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: runnerOrdersQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: runnersQueryOptions().queryKey });
  };
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: refresh,
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
