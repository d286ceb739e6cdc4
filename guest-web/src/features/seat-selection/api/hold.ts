import {
  confirmTable,
  getGuestSession,
  holdTable,
  IDEMPOTENCY_HEADER,
  listGuestTables,
  releaseTable,
  updateGuestSession,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';
import { newUuid } from '../../../app/uuid.js';

/** Every write carries its own key: a retried tap is applied once (architecture rule 6). */
const keyed = () => ({ [IDEMPOTENCY_HEADER]: newUuid() });

export function useHoldTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableId: string) => callApi(holdTable, { body: { tableId }, headers: keyed() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listGuestTables.key() }),
  });
}

export function useReleaseTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableId: string) => callApi(releaseTable, { body: { tableId }, headers: keyed() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listGuestTables.key() }),
  });
}

/** PATCH /api/guest/sessions/{id} when the phone stored its session id, else POST /api/guest/confirm-table. */
export function useConfirmTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, sessionId }: { tableId: string; sessionId: string | null }) =>
      sessionId
        ? callApi(updateGuestSession, { params: { id: sessionId }, body: { tableId }, headers: keyed() })
        : callApi(confirmTable, { body: { tableId }, headers: keyed() }),
    // The session as read before (on the waitlist: no table) is dropped, not shown while it is read
    // again: the confirmation page waits for the table's name instead of showing none.
    onSuccess: () => queryClient.resetQueries({ queryKey: getGuestSession.key() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listGuestTables.key() }),
  });
}
