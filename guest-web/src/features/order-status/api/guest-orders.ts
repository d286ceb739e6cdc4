import { useQuery } from '@tanstack/react-query';
import { guestOrdersQueryOptions } from '../../../app/guest-orders.js';

/** The orders this phone placed in the session (kept from the answers of POST /api/orders). */
export function useGuestOrders(sessionId: string | null) {
  return useQuery({
    ...guestOrdersQueryOptions(sessionId ?? 'none'),
    enabled: Boolean(sessionId),
  });
}
