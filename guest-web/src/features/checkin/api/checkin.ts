import { type GuestCheckinRequest, guestCheckin, IDEMPOTENCY_HEADER } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../app/api-client.js';

interface CheckinAttempt {
  /** Made once per submission and reused when the guest retries after a network error. */
  key: string;
  body: z.output<typeof GuestCheckinRequest>;
}

function checkIn(attempt: CheckinAttempt) {
  return callApi(guestCheckin, { body: attempt.body, headers: { [IDEMPOTENCY_HEADER]: attempt.key } });
}

export function useCheckIn() {
  return useMutation({ mutationFn: checkIn });
}
