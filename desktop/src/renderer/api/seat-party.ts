import { SEATING_TEXTS, seatWaitlistParty, WAITLIST_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';
import { waitlistQueryOptions } from './get-waitlist.js';

/** Seat (choose a table): the party sits at the table and leaves the line; 'Guest Seated'. */
export function useSeatParty() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ id, tableId }: { id: string; tableId: string }) =>
      api.call(seatWaitlistParty, { params: { waitlistId: id }, body: { tableId } }),
    onSuccess: ({ entry, table }) => {
      toast({ title: WAITLIST_TEXTS.seatedTitle, description: SEATING_TEXTS.seatedAt(entry.guestName, table.name) });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: SEATING_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
  });
}
