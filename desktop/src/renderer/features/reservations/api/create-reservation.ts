import {
  createReservation,
  listReservations,
  MESSAGES,
  RESERVATION_TEXTS,
  type ReservationFormValues,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

function book(form: ReservationFormValues & { id: string }) {
  return api.call(createReservation, {
    body: {
      id: form.id,
      guestContact: { name: form.guestName, phone: form.phone, email: form.email },
      slotStart: form.reservationTime,
      partySize: form.partySize,
      preferencesJson: {
        needsAccessibility: form.needsAccessibility,
        needsHighChair: form.needsHighChair,
        occasion: form.occasion ?? '',
        specialRequests: form.specialRequests ?? '',
      },
    },
  });
}

/** Spec 2 section 8: 'Reservation Created' and the list read again, or 'Error' with the server's message. */
export function useCreateReservation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: book,
    onSuccess: () => {
      toast({ title: MESSAGES.reservationCreatedTitle, description: MESSAGES.reservationCreated });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
    onError: (error) =>
      toast({
        title: RESERVATION_TEXTS.errorTitle,
        description: toastMessage(error, MESSAGES.reservationCreateFailed),
        variant: 'destructive',
      }),
  });
}
