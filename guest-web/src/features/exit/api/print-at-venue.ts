import { printReceiptAtVenue } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

/** 'Print at the venue': the venue's receipt printer prints the party's receipt (a few copies at most). */
export function usePrintAtVenue() {
  return useMutation({
    mutationFn: (body: { sessionId: string; qrToken: string }) => callApi(printReceiptAtVenue, { body }),
  });
}
