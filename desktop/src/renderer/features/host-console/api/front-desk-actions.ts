// The host console's writes: book, check in, and seat a reservation or a waiting party at a table.
import {
  checkInReservation,
  createReservation,
  listReservations,
  listWaitlist,
  MESSAGES,
  RESERVATION_TEXTS,
  type ReservationFormValues,
  SEATING_TEXTS,
  seatReservation,
  seatWaitlistParty,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

export function useCreateReservation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (form: ReservationFormValues & { id: string }) =>
      api.call(createReservation, {
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
      }),
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

export function useCheckIn() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (id: string) => api.call(checkInReservation, { params: { id } }),
    onSuccess: (r) => {
      toast({ title: RESERVATION_TEXTS.checkedInTitle, description: r.guestContact.name });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
    onError: (error) =>
      toast({
        title: RESERVATION_TEXTS.errorTitle,
        description: toastMessage(error, error.message),
        variant: 'destructive',
      }),
  });
}

/** A party to seat: a checked-in reservation or a waiting party. */
export type SeatTarget = { kind: 'reservation' | 'waitlist'; id: string; name: string; partySize: number };

async function seat(target: SeatTarget, tableId: string): Promise<string> {
  if (target.kind === 'reservation') {
    const answer = await api.call(seatReservation, { params: { id: target.id }, body: { tableId } });
    return answer.table.name;
  }
  const answer = await api.call(seatWaitlistParty, { params: { waitlistId: target.id }, body: { tableId } });
  return answer.table.name;
}

export function useSeat() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ target, tableId }: { target: SeatTarget; tableId: string }) => seat(target, tableId),
    onSuccess: (tableName, { target }) => {
      toast({ title: RESERVATION_TEXTS.seatedTitle, description: SEATING_TEXTS.seatedAt(target.name, tableName) });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
      void queryClient.invalidateQueries({ queryKey: listWaitlist.key() });
    },
    onError: (error) =>
      toast({
        title: SEATING_TEXTS.errorTitle,
        description: toastMessage(error, error.message),
        variant: 'destructive',
      }),
  });
}
