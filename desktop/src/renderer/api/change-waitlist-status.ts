import { changeWaitlistStatus, DASHBOARD_TEXTS, WAITLIST_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { waitlistQueryOptions } from './get-waitlist.js';

interface Move {
  id: string;
  /** WAITING: the Undo of a Remove. */
  status: 'SEATED' | 'CANCELLED' | 'WAITING' | 'NOTIFIED';
}

function moveParty({ id, status }: Move) {
  return api.call(changeWaitlistStatus, { params: { id }, body: { status } });
}

function titleOf(move: Move): string {
  switch (move.status) {
    case 'SEATED':
      return WAITLIST_TEXTS.seatedTitle;
    case 'CANCELLED':
      return WAITLIST_TEXTS.removedTitle;
    case 'WAITING':
      return WAITLIST_TEXTS.restoredTitle;
    case 'NOTIFIED':
      return DASHBOARD_TEXTS.notifiedTitle;
    default: {
      const never: never = move.status;
      throw new Error(`Unknown move ${String(never)}`);
    }
  }
}

/** Seat sets SEATED, Remove sets CANCELLED (spec 2 section 4), the dashboard's Notify NOTIFIED; a Remove's toast offers Undo while
 * it shows, which puts the party back in its place (the same call, WAITING). */
export function useChangeWaitlistStatus() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const mutation = useMutation({
    mutationFn: moveParty,
    onSuccess: (_entry, move) => {
      toast({
        title: titleOf(move),
        ...(move.status === 'CANCELLED'
          ? {
              action: {
                label: WAITLIST_TEXTS.undo,
                onClick: () => mutation.mutate({ id: move.id, status: 'WAITING' }),
              },
            }
          : {}),
      });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: WAITLIST_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
  });
  return mutation;
}
