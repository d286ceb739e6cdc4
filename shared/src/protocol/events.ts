// Live events: what the cloud commits with every write and pushes over /ws, and what terminals
// replay by sequence number. Each event is a flat JSON object with `type` (spec 1 section 4).
import { z } from 'zod';
import { LayoutVersion } from '../calls/floor-layout/layout-version.js';
import { GuestReceipt } from '../rules/receipts.js';
import { boundedText, Id, IsoDateTime } from '../schemas/common.js';
import {
  DiningSession,
  MenuItem,
  Order,
  OrderItem,
  OrderItemState,
  Printer,
  PrintJob,
  Reservation,
  Table,
  TableState,
  Venue,
  WaitlistEntry,
} from '../schemas/entities.js';
import { PartyPhone } from '../schemas/party-phone.js';
import { Payment } from '../schemas/payment.js';
import { Runner, RunnerOrder } from '../schemas/runner.js';
import { TableRequest } from '../schemas/seat-request.js';
import { StaffAlert } from '../schemas/staff-alert.js';
import { Task } from '../schemas/task.js';

/** Fields every committed event carries. `seq` is the venue's gap-free sequence number. */
const Envelope = z.object({
  seq: z.number().int().positive(),
  venueId: Id,
  at: IsoDateTime,
});

const OrderCreatedEvent = Envelope.extend({
  type: z.literal('order.created'),
  order: Order,
});
const OrderItemStatusChangedEvent = Envelope.extend({
  type: z.literal('order.item.status.changed'),
  item: OrderItem,
  from: OrderItemState,
  to: OrderItemState,
});
export const TableStateChangedEvent = Envelope.extend({
  type: z.literal('table.state.changed'),
  tableId: Id,
  state: TableState,
  table: Table,
});
const GuestCheckedInEvent = Envelope.extend({
  type: z.literal('guest.checkedin'),
  session: DiningSession,
});

/** A guest picked a table on seat selection: it is held for them until `expiresAt` (issue 9). */
const TableSelectedEvent = Envelope.extend({
  type: z.literal('table.selected'),
  tableId: Id,
  expiresAt: IsoDateTime,
  table: Table,
});

/** A party joined the waitlist, or its status moved (spec 2 section 7's waitlist.updated). */
const WaitlistUpdatedEvent = Envelope.extend({
  type: z.literal('waitlist.updated'),
  entry: WaitlistEntry,
});

/** A printer's settings changed: which terminal drives it, its station, its backup. */
const PrinterUpdatedEvent = Envelope.extend({
  type: z.literal('printer.updated'),
  printer: Printer,
});
/** The state its terminal last learnt from the printer (DLE EOT), as the terminal reported it. */
const PrinterStatusEvent = Envelope.extend({
  type: z.literal('printer.status'),
  printerId: Id,
  status: Printer.shape.status,
});
/** An order item a kitchen ticket was made for: no terminal makes another ticket for it. */
export const TicketedItem = z.object({ itemId: Id, orderId: Id, station: boundedText(100).min(1) });
export type TicketedItem = z.infer<typeof TicketedItem>;
/** A terminal reported a print job it made or whose state moved. */
const PrintJobUpdatedEvent = Envelope.extend({
  type: z.literal('print.job.updated'),
  job: PrintJob,
  /** The terminal whose queue holds the job. */
  terminalId: Id,
  /** The items the job tickets (kitchen tickets); empty for other jobs. */
  ticketed: z.array(TicketedItem),
});
/** A job reached paper, as its printer confirmed (spec 1 section 7's print.completed). */
const PrintCompletedEvent = Envelope.extend({
  type: z.literal('print.completed'),
  job: PrintJob,
  terminalId: Id,
});

/** A reservation was booked (spec 2 section 7's reservation.created). */
const ReservationCreatedEvent = Envelope.extend({
  type: z.literal('reservation.created'),
  reservation: Reservation,
});
/** The host checked a reservation's party in (reservation.checkin). */
const ReservationCheckinEvent = Envelope.extend({
  type: z.literal('reservation.checkin'),
  reservation: Reservation,
});
/** A reservation changed otherwise: its party was seated at a table, or the host modified or cancelled it (reservation.updated). */
const ReservationUpdatedEvent = Envelope.extend({
  type: z.literal('reservation.updated'),
  reservation: Reservation,
});

/** A task was made for a table (Request Cleaning, the turnover automation): spec 1's task.created. */
const TaskCreatedEvent = Envelope.extend({
  type: z.literal('task.created'),
  task: Task,
});

/** A staff alert (Send Alert) for every staff screen of the venue; never sent to guests. */
export const StaffAlertEvent = Envelope.extend({
  type: z.literal('staff.alert'),
  alert: StaffAlert,
});

/** A staff member's access changed (deactivated, role or duty changed, password reset; issue 24):
 * every terminal of the venue forgets their cached sign-in and ends their local sessions and
 * sockets, so they sign in again through the cloud, which decides with the change. */
const StaffAccessChangedEvent = Envelope.extend({
  type: z.literal('staff.access.changed'),
  userId: Id,
});

/** A printer was removed from the venue: every replica forgets it (issue 10). */
const PrinterRemovedEvent = Envelope.extend({
  type: z.literal('printer.removed'),
  printerId: Id,
});

/** A task was started or completed (spec 2 section 7's task.updated). */
const TaskUpdatedEvent = Envelope.extend({
  type: z.literal('task.updated'),
  task: Task,
});

/** The stuck-state check found a table cleaning too long, waiting for QA, or abandoned: every
 * staff screen toasts `message` (spec 3 section 8). */
export const TableStuckEvent = Envelope.extend({
  type: z.literal('table.stuck'),
  tableId: Id,
  issue: z.enum(['LONG_CLEANING', 'STUCK_QA', 'ABANDONED_SESSION']),
  message: z.string(),
});

/** A menu item was made, edited, given a photo, or made (un)available: every menu shows it now. */
const MenuItemUpdatedEvent = Envelope.extend({
  type: z.literal('menu.item.updated'),
  item: MenuItem,
});
/** Staff changed an order's priority (spec 2 section 7's order.priority.changed). */
const OrderPriorityChangedEvent = Envelope.extend({
  type: z.literal('order.priority.changed'),
  order: Order,
});
/** Staff took an item off an order before it was fired; `order` is the order as it now is. */
const OrderItemCancelledEvent = Envelope.extend({
  type: z.literal('order.item.cancelled'),
  item: OrderItem,
  order: Order,
});

/** Expo sent an order whose every item is ready to the runners (Send to Runner). */
const OrderReadyForRunEvent = Envelope.extend({
  type: z.literal('order.ready_for_run'),
  orderId: Id,
  zone: z.string(),
});
/** A runner delivered an order to its table. */
const OrderDeliveredEvent = Envelope.extend({
  type: z.literal('order.delivered'),
  orderId: Id,
  runnerId: Id.nullable(),
});
/** A runner's availability or zone changed (picked up, delivered, took a zone run). */
const RunnerStatusChangedEvent = Envelope.extend({
  type: z.literal('runner.status.changed'),
  runner: Runner,
});

/** An order on the pass changed as the runners see it (sent, picked up, delivered, sent back, taken
 * on a zone run): the whole order, so a terminal's replica keeps it. */
const RunnerOrderUpdatedEvent = Envelope.extend({
  type: z.literal('runner.order.updated'),
  order: RunnerOrder,
});

/** A payment was taken or its status moved (spec 2 section 7's payment.status.changed): the staff
 * payments list and every phone at the table reading the bill see it at once. */
const PaymentStatusChangedEvent = Envelope.extend({
  type: z.literal('payment.status.changed'),
  payment: Payment,
});
/** A payment completed (spec 3 section 7's payment.completed). With `sessionComplete` the whole
 * bill is paid: the turnover automation moves the table to CLEANING (a rush order's clean first). */
const PaymentCompletedEvent = Envelope.extend({
  type: z.literal('payment.completed'),
  tableId: Id.nullable(),
  sessionId: Id,
  paymentId: Id,
  sessionComplete: z.boolean(),
  rushOrder: z.boolean(),
});
/** A party checked out at the exit (spec 2 section 7's guest.departed): its session is closed. */
const GuestDepartedEvent = Envelope.extend({
  type: z.literal('guest.departed'),
  session: DiningSession,
});

/** A departed party asked for its receipt on paper ('Print at the venue'): the terminal driving
 * `printerId` prints `receipt` once, keyed by `requestId`, however often the event reaches it. */
const ReceiptPrintRequestedEvent = Envelope.extend({
  type: z.literal('receipt.print_requested'),
  requestId: Id,
  printerId: Id,
  sessionId: Id,
  receipt: GuestReceipt,
});

/** Someone saved a new version of the venue's floor layout: other designers' drafts are stale. */
const FloorLayoutSavedEvent = Envelope.extend({
  type: z.literal('floor.layout.saved'),
  version: z.number().int().positive(),
  savedBy: z.string(),
});
/** A layout was published (issue 25): the venue's tables as they now are, and those retired. */
const FloorPublishedEvent = Envelope.extend({
  type: z.literal('floor.published'),
  version: z.number().int().positive(),
  tables: z.array(Table),
  retiredTableIds: z.array(Id),
  /** The version published, its zones and decor too: a terminal's replica keeps it, so its live
   * floor draws the whole layout with the cloud down. Absent from events published before. */
  published: LayoutVersion.optional(),
});
/** A venue's settings changed (issue 24): its name, time zone, tax rate, service charge or
 * currency. Each replica keeps the venue whole, so its bills and tickets use the new settings. */
const VenueUpdatedEvent = Envelope.extend({
  type: z.literal('venue.updated'),
  venue: Venue,
});

/** A guest's personal data was erased on request (issue 24): the visits, waitlist entries and
 * reservations as they now are, without the name, phone and email. Each replica overwrites its
 * copies. */
const GuestDataErasedEvent = Envelope.extend({
  type: z.literal('guest.data.erased'),
  sessions: z.array(DiningSession),
  waitlist: z.array(WaitlistEntry),
  reservations: z.array(Reservation),
});

/** A guest's table choice waits for the host, or was approved, declined, cancelled or expired
 * (issue 27): the host console's list and the guest's waiting page follow it. */
const SeatRequestUpdatedEvent = Envelope.extend({
  type: z.literal('seat.request.updated'),
  request: TableRequest,
});

/** The venue's "host approves self-seating" was turned on or off (issue 27). */
const SelfSeatingApprovalChangedEvent = Envelope.extend({
  type: z.literal('seating.approval.changed'),
  hostApproves: z.boolean(),
});

/** A phone asked to join a party already seated, or was let in or turned away (issue 27). */
const PartyPhoneUpdatedEvent = Envelope.extend({
  type: z.literal('party.phone.updated'),
  phone: PartyPhone,
});

export const LiveEvent = z.discriminatedUnion('type', [
  OrderCreatedEvent,
  OrderItemStatusChangedEvent,
  TableStateChangedEvent,
  GuestCheckedInEvent,
  WaitlistUpdatedEvent,
  PrinterUpdatedEvent,
  PrinterStatusEvent,
  PrintJobUpdatedEvent,
  PrintCompletedEvent,
  ReservationCreatedEvent,
  ReservationCheckinEvent,
  ReservationUpdatedEvent,
  TableSelectedEvent,
  TaskCreatedEvent,
  StaffAlertEvent,
  PrinterRemovedEvent,
  TaskUpdatedEvent,
  TableStuckEvent,
  MenuItemUpdatedEvent,
  OrderPriorityChangedEvent,
  OrderItemCancelledEvent,
  OrderReadyForRunEvent,
  OrderDeliveredEvent,
  RunnerStatusChangedEvent,
  RunnerOrderUpdatedEvent,
  PaymentStatusChangedEvent,
  PaymentCompletedEvent,
  GuestDepartedEvent,
  ReceiptPrintRequestedEvent,
  StaffAccessChangedEvent,
  FloorLayoutSavedEvent,
  FloorPublishedEvent,
  VenueUpdatedEvent,
  GuestDataErasedEvent,
  SeatRequestUpdatedEvent,
  SelfSeatingApprovalChangedEvent,
  PartyPhoneUpdatedEvent,
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;
/** An event as a command writes it, before the sequence and time are assigned. */
export type NewLiveEvent = LiveEvent extends infer E
  ? E extends LiveEvent
    ? Omit<E, 'seq' | 'venueId' | 'at'>
    : never
  : never;

/** The live channel's close code for a socket whose principal is gone (signed out, login expired,
 * terminal revoked): the client signs in again rather than reconnecting. */
export const LIVE_REVOKED_CLOSE_CODE = 4401;

// ---- the /ws channel's control messages ----
export const ClientMessage = z.discriminatedUnion('type', [
  /** Subscribe to the socket's venue (or guest session); `after` asks for every event missed. */
  z.object({ type: z.literal('subscribe'), after: z.number().int().nonnegative().optional() }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const HelloMessage = z.object({
  type: z.literal('hello'),
  venueId: Id,
  lastSeq: z.number().int().nonnegative(),
  /** The cloud database's identity (made at migration, renewed at a restore). The cloud's hub
   * always sends it; a terminal's local channel, which only the staff app reads, does not. */
  epoch: z.string().min(1).optional(),
});
const ErrorMessage = z.object({ type: z.literal('error'), message: z.string() });
const PongMessage = z.object({ type: z.literal('pong') });
/** The channel's own messages, told apart from events before anything else is parsed. */
export const ControlMessage = z.discriminatedUnion('type', [HelloMessage, ErrorMessage, PongMessage]);
export type ControlMessage = z.infer<typeof ControlMessage>;
/** What a consumer that only reloads needs of an event: its type and its place in the feed. The
 * rest (a whole order, say) passes unparsed; only the replica, which stores it, parses it. */
export const EventEnvelope = z.looseObject({ type: z.string().min(1), seq: z.number().int().positive() });
export type EventEnvelope = z.infer<typeof EventEnvelope>;
export const ServerMessage = z.union([LiveEvent, HelloMessage, ErrorMessage, PongMessage]);
export type ServerMessage = z.infer<typeof ServerMessage>;

// ---- terminal-local messages ----
// What a terminal core pushes on its own /ws about its own printers, as soon as the printer
// answers. They are not cloud events: no sequence number, not stored, not replayed. The terminal
// reports the same facts to the cloud through its outbox, which then sends the cloud events of the
// same type (with a sequence number) to every other screen; a screen handles both alike. Like
// `terminal.status`, a client that connects or reconnects reads the lists again.

/** A printer's state changed, as the terminal last learnt it from the printer (DLE EOT). */
const PrinterStatusMessage = z.object({
  type: z.literal('printer.status'),
  printerId: Id,
  status: Printer.shape.status,
});

/** A print job was enqueued or its status moved; carries the whole job. */
const PrintJobUpdatedMessage = z.object({ type: z.literal('print.job.updated'), job: PrintJob });

export const TerminalLocalMessage = z.discriminatedUnion('type', [PrinterStatusMessage, PrintJobUpdatedMessage]);
export type TerminalLocalMessage = z.infer<typeof TerminalLocalMessage>;
export type TerminalLocalMessageType = TerminalLocalMessage['type'];

export const EventsAfterAnswer = z.object({
  /** The cloud database's identity; a cursor from another epoch means nothing here. */
  epoch: z.string().min(1),
  events: z.array(LiveEvent),
  lastSeq: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type EventsAfterAnswer = z.infer<typeof EventsAfterAnswer>;
