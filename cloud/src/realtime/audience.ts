// Who may see an event on the live channel. Staff and terminals see every event of their venue;
// a guest sees what concerns their own dining session and waitlist party, and every table's moves
// in the guest view (seat selection shows which are free), never who sits there.
import { guestViewOfTable, type LiveEvent } from '@tablewise/shared';

export interface GuestAudience {
  sessionId: string;
  /** Orders of the session, kept up to date as order.created events pass. */
  orderIds: Set<string>;
  /** The waitlist parties the session joined the line as. */
  waitlistIds: Set<string>;
}

export function guestSees(guest: GuestAudience, event: LiveEvent): boolean {
  switch (event.type) {
    case 'order.created':
      if (event.order.sessionId !== guest.sessionId) return false;
      guest.orderIds.add(event.order.id);
      return true;
    case 'order.item.status.changed':
      return guest.orderIds.has(event.item.orderId);
    case 'order.priority.changed':
      return guest.orderIds.has(event.order.id);
    case 'order.item.cancelled':
      return guest.orderIds.has(event.order.id);
    // The menu is public: a guest's menu drops an item the kitchen ran out of at once.
    case 'menu.item.updated':
      return true;
    // The guest's own order on its way and at the table; runners are staff business.
    case 'order.ready_for_run':
    case 'order.delivered':
      return guest.orderIds.has(event.orderId);
    case 'runner.status.changed':
    case 'runner.order.updated':
      return false;
    // Every table's moves, in the guest view: seat selection shows which tables are free.
    case 'table.state.changed':
    case 'table.selected':
      return true;
    case 'guest.checkedin':
      return event.session.id === guest.sessionId;
    // The guest's waitlist page follows its own party; nobody else's is a guest's.
    case 'waitlist.updated':
      return guest.waitlistIds.has(event.entry.id);
    case 'printer.updated':
    case 'printer.status':
    case 'print.job.updated':
    case 'print.completed':
    // A reservation's contact details are the host's, never a guest's.
    case 'reservation.created':
    case 'reservation.checkin':
    case 'reservation.updated':
    case 'task.created':
    case 'staff.alert':
    case 'printer.removed':
    case 'task.updated':
    case 'table.stuck':
    // A paper receipt is for the terminal driving the printer; the phone got its answer.
    case 'receipt.print_requested':
    // Who works here is staff business.
    case 'staff.access.changed':
    // A venue's settings are the staff's; the guest's bill is read afresh when it is opened.
    case 'venue.updated':
    // An erasure is staff business: a guest's own page has nothing of it to show.
    case 'guest.data.erased':
      return false;
    // A payment on the guest's own bill: every phone at the table sees what is paid and left.
    case 'payment.status.changed':
      return event.payment.sessionId === guest.sessionId;
    case 'payment.completed':
      return event.sessionId === guest.sessionId;
    case 'guest.departed':
      return event.session.id === guest.sessionId;
    // Seat selection draws the published floor; a draft is the managers' business.
    case 'floor.published':
      return true;
    case 'floor.layout.saved':
      return false;
    // The guest's own table choice waiting for the host, and its answer (issue 27).
    case 'seat.request.updated':
      return event.request.sessionId === guest.sessionId;
    case 'seating.approval.changed':
      return false;
    // A phone asking to join the guest's party: its phones let it in (issue 27).
    case 'party.phone.updated':
      return event.phone.sessionId === guest.sessionId;
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
    case 'table.selected':
      return { ...event, table: guestViewOfTable(event.table) };
    case 'order.created':
    case 'order.item.status.changed':
    case 'guest.checkedin':
    case 'waitlist.updated':
    case 'printer.updated':
    case 'printer.status':
    case 'print.job.updated':
    case 'print.completed':
    case 'reservation.created':
    case 'reservation.checkin':
    case 'reservation.updated':
    case 'task.created':
    case 'staff.alert':
    case 'printer.removed':
    case 'task.updated':
    case 'table.stuck':
    case 'menu.item.updated':
    case 'order.priority.changed':
    case 'order.item.cancelled':
    case 'order.ready_for_run':
    case 'order.delivered':
    case 'runner.status.changed':
    case 'runner.order.updated':
    case 'payment.status.changed':
    case 'payment.completed':
    case 'guest.departed':
    case 'receipt.print_requested':
    case 'staff.access.changed':
    case 'floor.layout.saved':
    case 'venue.updated':
    case 'guest.data.erased':
    case 'seat.request.updated':
    case 'seating.approval.changed':
    case 'party.phone.updated':
      return event;
    case 'floor.published':
      return { ...event, tables: event.tables.map(guestViewOfTable) };
    default: {
      const never: never = event;
      throw new Error(`Unknown live event ${String((never as { type?: string }).type)}`);
    }
  }
}
