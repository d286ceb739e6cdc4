import { changeWaitlistStatus, WAITLIST_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { waitlistQueryOptions } from './get-waitlist.js';

interface Move {
  id: string;
  status: 'SEATED' | 'CANCELLED';
}

function moveParty({ id, status }: Move) {
  return api.call(changeWaitlistStatus, { params: { id }, body: { status } });
}

/** Seat sets SEATED, Remove sets CANCELLED (spec 2 section 4). */
export function useChangeWaitlistStatus() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: moveParty,
    onSuccess: (entry) => {
      toast({ title: entry.status === 'SEATED' ? WAITLIST_TEXTS.seatedTitle : WAITLIST_TEXTS.removedTitle });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: WAITLIST_TEXTS.errorTitle,
        description: toastMessage(error, error.message),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
  });
}
