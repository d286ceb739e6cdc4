// Who may see an event on the live channel. Staff and terminals see every event of their venue;
// a guest sees only what concerns their own dining session, and tables only in the guest view.
import { guestViewOfTable, type LiveEvent } from '@tablewise/shared';

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
    // The guest's waitlist page (issue 9) will follow its own entry; nobody else's is a guest's.
    case 'waitlist.updated':
    case 'printer.updated':
    case 'printer.status':
    case 'print.job.updated':
    case 'print.completed':
    case 'task.created':
    case 'staff.alert':
      return false;
    default: {
      const never: never = event;
      throw new Error(`Unknown live event ${String((never as { type?: string }).type)}`);
    }
  }
}

/** An event as a guest socket receives it: a table without who sits there (the tables call's guest view). */
export function guestViewOf(event: LiveEvent): LiveEvent {
  switch (event.type) {
    case 'table.state.changed':
      return { ...event, table: guestViewOfTable(event.table) };
    case 'order.created':
    case 'order.item.status.changed':
    case 'guest.checkedin':
    case 'waitlist.updated':
    case 'printer.updated':
    case 'printer.status':
    case 'print.job.updated':
    case 'print.completed':
    case 'task.created':
    case 'staff.alert':
      return event;
    default: {
      const never: never = event;
      throw new Error(`Unknown live event ${String((never as { type?: string }).type)}`);
    }
  }
}
