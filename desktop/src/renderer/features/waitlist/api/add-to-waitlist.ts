import { addToWaitlist, MESSAGES, WAITLIST_TEXTS, type WaitlistAddFormInput } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { waitlistQueryOptions } from '../../../api/get-waitlist.js';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

type NewParty = Pick<WaitlistAddFormInput, 'guestName' | 'phone'> & { partySize: number; id: string };

function addParty({ id, guestName, phone, partySize }: NewParty) {
  return api.call(addToWaitlist, { body: { id, guestName, phone: phone || undefined, partySize } });
}

/** Spec 2 section 8: 'Added to Waitlist' on success, 'Error' with the server's message on failure. */
export function useAddToWaitlist() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: addParty,
    onSuccess: () => {
      toast({ title: MESSAGES.waitlistAddedTitle, description: MESSAGES.waitlistAdded });
      void queryClient.invalidateQueries({ queryKey: waitlistQueryOptions().queryKey });
    },
    onError: (error) =>
      toast({
        title: WAITLIST_TEXTS.errorTitle,
        description: toastMessage(error, MESSAGES.waitlistAddFailed),
        variant: 'destructive',
      }),
  });
}
