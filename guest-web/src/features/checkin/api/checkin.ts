import { GuestCheckinAnswer, type GuestCheckinRequest } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api-client.js';

export function checkIn(body: z.output<typeof GuestCheckinRequest>) {
  return apiRequest('/api/guest/checkin', GuestCheckinAnswer, { method: 'POST', body });
}

export function useCheckIn() {
  return useMutation({ mutationFn: checkIn });
}
