import { changeItemStatus, type ItemStatusRequest, KITCHEN_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { kitchenItemsQueryOptions } from './get-kitchen-items.js';

interface UpdateItemStatusInput extends ItemStatusRequest {
  id: string;
}

function updateItemStatus({ id, status }: UpdateItemStatusInput) {
  return api.call(changeItemStatus, { params: { id }, body: { status } });
}

export function useUpdateItemStatus() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: updateItemStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenItemsQueryOptions().queryKey }),
    onError: (error) => {
      // a 409 means someone else moved the item first: show why, and show the item as it is now
      toast({
        title: KITCHEN_TEXTS.statusChangeFailed,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: kitchenItemsQueryOptions().queryKey });
    },
  });
}
