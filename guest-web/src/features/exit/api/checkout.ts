import { guestCheckout } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

/** The exit: refused while anything is unpaid; the receipt once paid, and the session closes. */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: { sessionId: string; qrToken: string; exitTime: string }) => callApi(guestCheckout, { body }),
  });
}
