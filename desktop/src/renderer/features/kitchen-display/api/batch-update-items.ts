import {
  type BatchRefusal,
  type BatchUpdateRequest,
  batchUpdateItems,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  type KitchenItem,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kitchenItemsQueryOptions } from '../../../api/get-kitchen-items.js';
import { ApiError, api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

function batchUpdate(input: BatchUpdateRequest) {
  return api.call(batchUpdateItems, { body: input });
}

/** The refusals a 409 of the batch lists, when it does. */
function refusalsOf(error: unknown): BatchRefusal[] {
  if (!(error instanceof ApiError)) return [];
  try {
    const body = JSON.parse(error.bodyText) as { refusals?: BatchRefusal[] };
    return Array.isArray(body.refusals) ? body.refusals : [];
  } catch {
    return [];
  }
}

/**
 * Start All Pending / Mark All Ready, a ticket's Start or Bump, a Recall: all or none; a refusal
 * names each item that could not move. `done` titles the success (default: how many items moved,
 * each once however many steps it took).
 */
export function useBatchUpdateItems(
  items: readonly KitchenItem[],
  { done, failed = KITCHEN_TEXTS.statusChangeFailed }: { done?: string; failed?: string } = {},
) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: kitchenItemsQueryOptions().queryKey });
  return useMutation({
    mutationFn: batchUpdate,
    onSuccess: (moved) => {
      toast({ title: done ?? KITCHEN_FLOW_TEXTS.batchDone(new Set(moved.map((i) => i.id)).size) });
      void refresh();
    },
    onError: (error) => {
      const names = new Map(items.map((i) => [i.id, i.menuItem.name]));
      const lines = refusalsOf(error).map((r) =>
        KITCHEN_FLOW_TEXTS.batchRefusedItem(names.get(r.id) ?? r.id.slice(-8), r.message),
      );
      toast({
        title: failed,
        description: [toastMessage(error), ...lines].join('\n'),
        variant: 'destructive',
      });
      void refresh();
    },
  });
}
