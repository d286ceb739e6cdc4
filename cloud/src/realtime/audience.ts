// Who may see an event on the live channel. Staff and terminals see every event of their venue;
// a guest sees only what concerns their own dining session.
import type { LiveEvent } from '@tablewise/shared';

export interface GuestAudience {
  sessionId: string;
  tableId: string | null;
  /** Orders of the session, kept up to date as order.created events pass. */
  orderIds: Set<string>;
}

export function guestSees(guest: GuestAudience, event: LiveEvent): boolean {
  switch (event.type) {
    case 'order.created':
      if (event.order.sessionId !== guest.sessionId) return false;
      guest.orderIds.add(event.order.id);
      return true;
    case 'order.item.status.changed':
      return guest.orderIds.has(event.item.orderId);
    case 'table.state.changed':
      return guest.tableId !== null && event.tableId === guest.tableId;
    case 'guest.checkedin':
      return event.session.id === guest.sessionId;
    default: {
      const never: never = event;
      throw new Error(`Unknown live event ${String((never as { type?: string }).type)}`);
    }
  }
}
