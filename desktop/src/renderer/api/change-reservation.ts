import {
  checkInReservation,
  listReservations,
  modifyReservation,
  RESERVATION_TEXTS,
  type ReservationModifyBody,
  SEATING_TEXTS,
  seatReservation,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';

/** The host checks an arrived party in: 'Guest Checked In'. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (id: string) => api.call(checkInReservation, { params: { id } }),
    onSuccess: (r) => {
      toast({ title: RESERVATION_TEXTS.checkedInTitle, description: r.guestContact.name });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
    onError: (error) => {
      toast({
        title: RESERVATION_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
  });
}

/** The host seats a checked-in party at the chosen table: 'Guest Seated'. */
export function useSeatReservation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ id, tableId }: { id: string; tableId: string }) =>
      api.call(seatReservation, { params: { id }, body: { tableId } }),
    onSuccess: ({ reservation, table }) => {
      toast({
        title: RESERVATION_TEXTS.seatedTitle,
        description: SEATING_TEXTS.seatedAt(reservation.guestContact.name, table.name),
      });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
    onError: (error) =>
      toast({
        title: SEATING_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}

/** Modify (Save Changes) or Cancel Reservation: 'Reservation Updated' or 'Reservation Cancelled',
 * or 'Error' with the server's message; either way the day's list is read again. */
export function useModifyReservation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ReservationModifyBody }) =>
      api.call(modifyReservation, { params: { id }, body: change }),
    onSuccess: (r, { change }) => {
      toast(
        change.status === 'CANCELLED'
          ? { title: RESERVATION_TEXTS.cancelledTitle, description: r.guestContact.name }
          : { title: RESERVATION_TEXTS.updatedTitle, description: RESERVATION_TEXTS.updated },
      );
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
    onError: (error) => {
      toast({
        title: RESERVATION_TEXTS.errorTitle,
        description: toastMessage(error, RESERVATION_TEXTS.updateFailed),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: listReservations.key() });
    },
  });
}
