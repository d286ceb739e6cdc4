import { useMutation } from '@tanstack/react-query';
import type { CheckinBody } from './checkin-call.js';

/** The call's chunk (zod and the contract); asking again returns the same load. */
export const loadCheckinCall = () => import('./checkin-call.js');

interface CheckinAttempt {
  /** Made once per submission and reused when the guest retries after a network error. */
  key: string;
  body: CheckinBody;
}

async function checkIn(attempt: CheckinAttempt) {
  return (await loadCheckinCall()).checkIn(attempt);
}

export function useCheckIn() {
  return useMutation({ mutationFn: checkIn });
}
