// What the host console needs to show a paid table's service (issue 22, item 1): the venue's open
// orders, from which each table's party's outstanding items are counted, and Party Left.
import { listOrders, listTables, markDeparted, TABLE_SERVICE_TEXTS } from '@tablewise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

export function useOpenOrders() {
  return useQuery({ queryKey: listOrders.key(), queryFn: () => api.call(listOrders) });
}

export function useMarkDeparted() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (tableId: string) => api.call(markDeparted, { params: { id: tableId }, body: {} }),
    onSuccess: (answer) => {
      toast({ title: TABLE_SERVICE_TEXTS.departedToast(answer.table.number) });
      void queryClient.invalidateQueries({ queryKey: listTables.key() });
    },
    onError: (error) =>
      toast({
        title: TABLE_SERVICE_TEXTS.departedErrorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
