// What the local server needs from the terminal core.
import type {
  addToWaitlist,
  CompleteTaskAnswer,
  createOrder,
  createReservation,
  createTask,
  FireCourseRequest,
  GuestReceipt,
  MarkDepartedAnswer,
  MeAnswer,
  MenuItem,
  modifyReservation,
  Order,
  OrderItem,
  OrderItemState,
  PlacedOrder,
  PrinterStatus,
  PrintJob,
  QaCompleteAnswer,
  ReceiptKind,
  Reservation,
  RunnerOrder,
  RunnerStatusRequest,
  SeatPartyAnswer,
  SeatReservationAnswer,
  SendToExpoRequest,
  TableQrReceipt,
  TableState,
  Task,
  TerminalStatusAnswer,
  TransitionTableAnswer,
  WaitlistEntry,
  WaitlistMove,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Bus } from '../bus.js';
import type { CashTaken } from '../commands/payments.js';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import type { CloudApi } from '../sync/cloud-api.js';

export interface LocalServerDeps {
  read: ReadDb;
  write: WriteDb;
  api: CloudApi;
  bus: Bus;
  now: () => Date;
  status(): TerminalStatusAnswer;
  /** A staff item move: applied to the replica and queued for the cloud; refused (AppError) as
   * the cloud would refuse it. */
  changeItemStatus(itemId: string, status: OrderItemState, from?: OrderItemState): OrderItem;
  /** A host adds a party: to the replica and the outbox (a repeat of its id adds it once). */
  addToWaitlist(party: z.output<(typeof addToWaitlist)['body']>): WaitlistEntry;
  /** A host moves a party; refused (AppError) as the cloud would refuse it. */
  changeWaitlistStatus(id: string, status: WaitlistMove): WaitlistEntry;
  /** A host seats a party at a table: the party, the table and its session to the replica and
   * the outbox; refused (AppError) as the cloud would refuse it. */
  seatWaitlistParty(
    waitlistId: string,
    seat: { tableId: string; sessionId?: string | undefined },
  ): z.output<typeof SeatPartyAnswer>;
  /** A host books a reservation: to the replica and the outbox (a repeat of its id books it once). */
  createReservation(booking: z.output<(typeof createReservation)['body']>): Reservation;
  /** A host checks a reservation's party in; refused (AppError) as the cloud would refuse it. */
  checkInReservation(id: string): Reservation;
  /** A host modifies or cancels a booking; refused (AppError) as the cloud would refuse it. */
  modifyReservation(id: string, change: z.output<(typeof modifyReservation)['body']>): Reservation;
  /** A host seats a checked-in reservation at a table; refused (AppError) as the cloud would. */
  seatReservation(
    id: string,
    seat: { tableId: string; sessionId?: string | undefined },
  ): z.output<typeof SeatReservationAnswer>;
  // The turnover writes (decided by shared/src/decisions/turnover.ts; a refusal is the decision's
  // AppError). `userId`: the staff member signed in here, who acts.
  /** Request Cleaning: a repeat of its id answers the task made. */
  createTask(input: z.output<(typeof createTask)['body']>, userId: string): Task;
  /** A cleaner starts a task, and has it. */
  startTask(id: string, userId: string): Task;
  /** A cleaner completes a task (a CLEAN task's table goes to QA_CHECK with a QA task). */
  completeTask(id: string, userId: string): z.output<typeof CompleteTaskAnswer>;
  /** A cleaner records a table's QA check; a pass notifies the next party that fits. */
  completeTableQa(
    tableId: string,
    result: { passed: boolean; issues: string[] },
    userId: string,
  ): z.output<typeof QaCompleteAnswer>;
  /** Staff move a table by the state machine (emergency clean, maintenance). */
  transitionTable(
    tableId: string,
    move: { state: TableState; metadata?: Task['metadata'] | undefined },
    userId: string,
  ): z.output<typeof TransitionTableAnswer>;
  /** Staff saw a paid party leave (Party Left): the table turns over, or waits for its food. */
  markDeparted(tableId: string, userId: string): z.output<typeof MarkDepartedAnswer>;
  /** Staff take a menu item off (or back on): to the replica and the outbox. */
  setMenuItemAvailability(id: string, isAvailable: boolean): MenuItem;
  /** Staff change an order's priority: to the replica and the outbox. */
  changeOrderPriority(id: string, priority: Order['priority']): Order;
  /** Staff cancel a held item; refused (AppError) as the cloud would refuse it. Answers the order. */
  cancelOrderItem(itemId: string): Order;
  /** Fire now: the order's held course to the kitchen, to the replica and the outbox; refused
   * (AppError) as the cloud would refuse it. Answers the order. */
  fireCourse(orderId: string, input: FireCourseRequest): Order;
  /** Staff order for a table: placed from the replica as the cloud places it (decideCreateOrder),
   * to the replica and the outbox; refused by its AppError. `created` false: an id sent again. */
  createOrder(input: z.output<(typeof createOrder)['body']>): PlacedOrder;
  dismissRejection(id: string): boolean;
  printJobs(): PrintJob[];
  /** Each printer's state as the print worker last learnt it (absent: not asked yet). */
  printerStatuses(): Record<string, PrinterStatus>;
  /** Null when printing is off; throws PrintServiceError when the job cannot be retried. */
  retryPrintJob(id: string): PrintJob | null;
  /** Null when printing is off; throws PrintServiceError when the job is not UNCONFIRMED. */
  reprintPrintJob(id: string): PrintJob | null;
  /** Null when printing is off; throws PrintServiceError when the job is not UNCONFIRMED. */
  markPrintJobPrinted(id: string): PrintJob | null;
  /** Null when the printer is unknown (or printing is off); throws PrintServiceError on bad content. */
  testPrint(printerId: string, content: unknown): PrintJob | null;
  /** Null when the printer is not one this terminal drives (or printing is off). */
  printTableQr(printerId: string, receipt: TableQrReceipt): PrintJob | null;
  /**
   * A receipt on a receipt printer this terminal drives (the one named, or the first by name).
   * Null when printing is off; throws AppError when there is no such printer, PrintServiceError on
   * data that does not fit the layout.
   */
  printReceipt(input: { printerId?: string; kind: ReceiptKind; data: unknown; dedupeKey?: string }): PrintJob | null;
  /** Null when printing is off; the order's kitchen tickets again, marked REPRINT. */
  reprintKitchenTickets(orderId: string, dedupeKey?: string): PrintJob[] | null;
  /** A guest's receipt (issue 11); null when the printer is not one this terminal drives. */
  printGuestReceipt(printerId: string, receipt: GuestReceipt): PrintJob | null;
  /** Cash taken while the cloud is away: priced from the replica's bill, kept there as PENDING and
   * queued in the outbox; throws AppError when the cloud would refuse it. */
  takeCashOffline(input: { sessionId: string; amount?: string | undefined; tipAmount: string }): CashTaken;
  staticDir?: string;
  /** Start All Pending / Mark All Ready: every move or none (AppError listing each refusal). */
  batchUpdateItems(updates: readonly { id: string; status: OrderItemState; from?: OrderItemState }[]): OrderItem[];
  /** Send to Runner: to the replica and the outbox; refused (AppError) as the cloud would. */
  sendToRunners(orderId: string, input: SendToExpoRequest): RunnerOrder;
  /** Pick Up, Delivered, Return Requested: to the replica and the outbox; refused as the cloud would. */
  moveRunnerOrder(orderId: string, input: RunnerStatusRequest): RunnerOrder;
}

export interface StaffState {
  me: MeAnswer;
}
