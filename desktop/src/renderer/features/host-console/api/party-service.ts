// What the host console needs to show a paid table's service (issue 22, item 1): the venue's open
// orders, from which each table's party's outstanding items are counted, and Party Left.
import { listOrders, listTables, markDeparted, TABLE_SERVICE_TEXTS, type Table, TOAST } from '@tablewise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

export function useOpenOrders() {
  return useQuery({ queryKey: listOrders.key(), queryFn: () => api.call(listOrders) });
}

function useMarkDeparted() {
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

/**
 * Party Left with an undo (issue 22): once the host has confirmed, the toast says the party is
 * being marked left and offers Undo while it shows; the call is made when it ends, so Undo keeps
 * everything as it was (nothing was sent). `leaving` names the tables waiting so.
 */
export function usePartyLeft() {
  const departed = useMarkDeparted();
  const { toast } = useToast();
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const settle = (id: string) => {
    timers.current.delete(id);
    setLeaving((now) => new Set([...now].filter((t) => t !== id)));
  };
  const leave = (table: Table) => {
    if (timers.current.has(table.id)) return;
    const timer = setTimeout(() => {
      settle(table.id);
      departed.mutate(table.id);
    }, TOAST.durationMs);
    timers.current.set(table.id, timer);
    setLeaving((now) => new Set([...now, table.id]));
    toast({
      title: TABLE_SERVICE_TEXTS.leavingToast(table.number),
      description: TABLE_SERVICE_TEXTS.leavingDetail,
      action: {
        label: TABLE_SERVICE_TEXTS.undo,
        onClick: () => {
          clearTimeout(timer);
          settle(table.id);
          toast({ title: TABLE_SERVICE_TEXTS.undoneToast(table.number) });
        },
      },
    });
  };
  return { leave, leaving, busy: departed.isPending };
}
