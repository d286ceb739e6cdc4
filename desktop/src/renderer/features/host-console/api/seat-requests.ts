// Guests' table choices waiting for the host, the "host approves self-seating" switch and the
// host's answer (issue 27). The cloud decides them; a terminal asks it for its staff.
import {
  answerPhoneJoin,
  decideSeatRequest,
  HOST_APPROVAL_TEXTS,
  listPhoneJoins,
  listSeatRequests,
  PHONE_JOIN_TEXTS,
  type SeatRequestsAnswer,
  setSeatingApproval,
} from '@tablewise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useMayCall } from '../../../app/may-call.js';
import { useToast } from '../../../components/toast.js';

export function useSeatRequests() {
  const mayList = useMayCall(listSeatRequests);
  return useQuery({ queryKey: listSeatRequests.key(), queryFn: () => api.call(listSeatRequests), enabled: mayList });
}

export function useSetSeatingApproval() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (hostApproves: boolean) => api.call(setSeatingApproval, { body: { hostApproves } }),
    // A read of the list already on its way answers the switch's old place: it must not land after
    // the answer below (the switch flipped back until the list was read again).
    onMutate: () => queryClient.cancelQueries({ queryKey: listSeatRequests.key() }),
    // The answer is the switch's new place: shown at once, not after the list is read again.
    onSuccess: (answer) =>
      queryClient.setQueryData(listSeatRequests.key(), (old: SeatRequestsAnswer | undefined) =>
        old ? { ...old, hostApproves: answer.hostApproves } : old,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listSeatRequests.key() }),
    onError: (error) =>
      toast({ title: HOST_APPROVAL_TEXTS.failed, description: toastMessage(error), variant: 'destructive' }),
  });
}

export function useDecideSeatRequest() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      api.call(decideSeatRequest, { params: { id }, body: { approve } }),
    onSuccess: (request) =>
      toast({
        title:
          request.status === 'APPROVED'
            ? HOST_APPROVAL_TEXTS.approved(request.tableName)
            : HOST_APPROVAL_TEXTS.declined(request.tableName),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listSeatRequests.key() }),
    onError: (error) =>
      toast({ title: HOST_APPROVAL_TEXTS.failed, description: toastMessage(error), variant: 'destructive' }),
  });
}

/** Phones waiting to join a party already seated (issue 27, finding 2). */
export function usePhoneJoins() {
  const may = useMayCall(listPhoneJoins);
  return useQuery({ queryKey: listPhoneJoins.key(), queryFn: () => api.call(listPhoneJoins), enabled: may });
}

export function useAnswerPhoneJoin() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      api.call(answerPhoneJoin, { params: { id }, body: { approve } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listPhoneJoins.key() }),
    onError: (error) =>
      toast({ title: PHONE_JOIN_TEXTS.failed, description: toastMessage(error), variant: 'destructive' }),
  });
}
