// The host console's seat: a reservation or a waiting party at a table (booking and check-in are the
// reservations screen's own calls).
import {
  listReservations,
  listWaitlist,
  RESERVATION_TEXTS,
  SEATING_TEXTS,
  seatReservation,
  seatWaitlistParty,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

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
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
