// The terminal core: replica, sync client, outbox pusher, local firing and ticketing, and the
// local server, wired together. Plain Node: the Electron shell and `npm run terminal` both call
// startTerminalCore.
import { join } from 'node:path';
import {
  AppError,
  conflict,
  DEFAULT_TIMEZONE,
  getSessionBill,
  type LiveEvent,
  type LiveEventOf,
  listTasks as listTasksCall,
  MESSAGES,
  notFound,
  PRINTING,
  type RunnerOrder,
  SERVICE_MESSAGES,
  type TerminalStatusAnswer,
} from '@tablewise/shared';
import type { BackoffPolicy } from './backoff.js';
import { Bus } from './bus.js';
import { batchChangeItemsLocally } from './commands/item-batch.js';
import {
  changeItemStatusLocally,
  itemChangeSubject,
  ORDER_FIRE_ENTITY,
  ORDER_ITEM_ENTITY,
} from './commands/item-status.js';
import {
  cancelItemLocally,
  changePriorityLocally,
  fireCourseLocally,
  ITEM_CANCEL_ENTITY,
  localMenuItemEvent,
  localPriorityEvent,
  MENU_ITEM_ENTITY,
  menuOrderChangeSubject,
  ORDER_PRIORITY_ENTITY,
  restoreMenuItems,
  restoreOrders,
  setAvailabilityLocally,
} from './commands/menu-orders.js';
import { createOrderLocally, ORDER_ENTITY, orderChangeSubject } from './commands/orders.js';
import { PAYMENT_ENTITY, paymentChangeSubject, restorePayments, takeCashLocally } from './commands/payments.js';
import {
  checkInLocally,
  createReservationLocally,
  dropReservation,
  RESERVATION_ENTITY,
  reservationChangeSubject,
  restoreReservation,
  seatReservationLocally,
} from './commands/reservations.js';
import {
  type LocalRunnerResult,
  moveRunnerOrderLocally,
  RUNNER_ORDER_ENTITY,
  runnerChangeSubject,
  sendToRunnersLocally,
} from './commands/runner.js';
import { reapplyPendingSeats } from './commands/seating.js';
import {
  completeQaLocally,
  completeTaskLocally,
  createTaskLocally,
  reapplyPendingTurnover,
  replaceTasks,
  startTaskLocally,
  TASK_ENTITY,
  TURNOVER_ENTITY,
  taskChangeSubject,
  transitionTableLocally,
  turnoverChangeSubject,
} from './commands/turnover.js';
import {
  addToWaitlistLocally,
  changeWaitlistStatusLocally,
  dropWaitlistEntry,
  restoreWaitlistEntry,
  seatWaitlistPartyLocally,
  WAITLIST_ENTITY,
  waitlistChangeSubject,
} from './commands/waitlist.js';
import { fireDueItems } from './kitchen/firing.js';
import { makeDueTickets } from './kitchen/ticketing.js';
import {
  localItemEvent,
  localPaymentEvent,
  localReservationEvent,
  localTableEvent,
  localTaskUpdatedEvent,
  localWaitlistEvent,
} from './local-events.js';
import { createPrintQueue, type PrintQueue } from './print-queue.js';
import { PRINT_JOB_ENTITY } from './printing/report.js';
import { reportSubject } from './printing/report-subject.js';
import { type LocalServer, startLocalServer } from './server/app.js';
import { openReplica, type Replica } from './sqlite/replica.js';
import { dropOrder } from './sqlite/repositories/menu-orders.js';
import { getMeta } from './sqlite/repositories/meta.js';
import { countPending, dismiss, listByStatus, nextPending } from './sqlite/repositories/outbox.js';
import { dropLocalPayment, listLocalPayments } from './sqlite/repositories/payments.js';
import { getTask as getReplicaTask } from './sqlite/repositories/tasks.js';
import { getOrder, getTable, getVenue, listPrinters, putTable } from './sqlite/repositories/venue-data.js';
import { CloudApi, CloudRefused, isSuccess } from './sync/cloud-api.js';
import { OutboxPusher } from './sync/pusher.js';
import { isStuck } from './sync/stuck.js';
import { SyncClient } from './sync/sync-client.js';

export const DEFAULT_TERMINAL_PORT = 8181;
const REPLICA_FILE = 'replica.sqlite';

export interface TerminalCoreOptions {
  cloudUrl: string;
  credential: string;
  dataDir: string;
  port?: number;
  staticDir?: string;
  /** Drive this terminal's printers (default true). */
  printing?: boolean;
  now?: () => Date;
  /** Retry schedule of the sync client and the outbox pusher (tests shorten it). */
  backoff?: BackoffPolicy;
  /** The outbox pusher's own retry schedule, when it differs from `backoff`. */
  pushBackoff?: BackoffPolicy;
  /** How often held items are checked for firing, in ms (default 1000). */
  firingIntervalMs?: number;
  /** How often a faulty printer with waiting jobs is asked its status, in ms (default PRINTING.statusPollMs). */
  printerStatusPollMs?: number;
  /** How often an idle printer is asked its status, in ms (default PRINTING.idleCheckMs). */
  printerIdleCheckMs?: number;
  /** How long a print job's report may wait in the outbox for the next, in ms (default PRINTING.reportWaitMs). */
  reportWaitMs?: number;
  /** How often the local live channel re-checks each socket's sign-in (default LIVE_LIMITS.revalidateMs). */
  liveRevalidateMs?: number;
}

export interface TerminalCore {
  url: string;
  port: number;
  replica: Replica;
  sync: SyncClient;
  pusher: OutboxPusher;
  bus: Bus;
  printQueue: PrintQueue | null;
  status(): TerminalStatusAnswer;
  /** Runs one firing and ticketing pass now (the timer does it every second). */
  tick(): void;
  close(): Promise<void>;
}

export async function startTerminalCore(opts: TerminalCoreOptions): Promise<TerminalCore> {
  const now = opts.now ?? (() => new Date());
  const replica = openReplica(join(opts.dataDir, REPLICA_FILE));
  const { read, write } = replica;
  const bus = new Bus();
  const api = new CloudApi(opts.cloudUrl, opts.credential);
  // Whichever notices first that the cloud is back wakes the other: the pull and the push start at
  // once, not at the end of their own back-off.
  const sync: SyncClient = new SyncClient({
    db: write,
    api,
    bus,
    now,
    backoff: opts.backoff,
    onReachable: () => pusher.kick(),
  });
  const pusher: OutboxPusher = new OutboxPusher({
    db: write,
    api,
    bus,
    now,
    backoff: opts.pushBackoff ?? opts.backoff,
    mayWaitMs: (entry) => (entry.entityType === PRINT_JOB_ENTITY ? (opts.reportWaitMs ?? PRINTING.reportWaitMs) : 0),
    mayWaitCount: PRINTING.reportBatch,
    onReachable: () => sync.reconnectNow(),
    onRejected: (entry) => {
      if (entry.entityType === WAITLIST_ENTITY) void refetchParty(entry.entityId);
      if (entry.entityType === RESERVATION_ENTITY) void refetchReservation(entry.entityId);
      if (entry.entityType === TURNOVER_ENTITY) void refetchTurnover(entry.entityId);
      if (entry.entityType === MENU_ITEM_ENTITY || entry.entityType === ORDER_PRIORITY_ENTITY)
        void refetchMenuAndOrders();
      if (entry.entityType === ITEM_CANCEL_ENTITY || entry.entityType === ORDER_FIRE_ENTITY)
        void refetchMenuAndOrders();
      if (entry.entityType === ORDER_ENTITY) void dropRefusedOrder(entry.entityId);
      if (entry.entityType === PAYMENT_ENTITY)
        void dropRefusedPayment(entry.entityId, (entry.body as { sessionId?: unknown } | null)?.sessionId);
      // A refused seat: the table shows the cloud's state again.
      const tableId = (entry.body as { tableId?: unknown } | null)?.tableId;
      if (typeof tableId === 'string') void refetchTable(tableId);
    },
  });

  /** After the cloud refused a change of a reservation: the replica takes the cloud's copy again. */
  const refetchReservation = async (id: string) => {
    try {
      const reservation = restoreReservation(write, await api.reservation(id));
      bus.emit('live', localReservationEvent(read, 'reservation.updated', reservation, now()));
    } catch (error) {
      // A booking the cloud never took leaves the replica too.
      if (error instanceof CloudRefused && error.status === 404) dropReservation(write, id);
      else
        console.warn(
          `[terminal] reading reservation ${id} again failed: ${error instanceof Error ? error.message : error}`,
        );
    }
    bus.emit('status');
  };

  const refetchTable = async (id: string) => {
    try {
      const table = (await api.tables()).find((t) => t.id === id);
      if (!table) return;
      putTable(write, table);
      reapplyPendingSeats(write, id);
      reapplyPendingTurnover(write);
      const shown = listTablesById(id) ?? table;
      bus.emit('live', localTableEvent(read, shown, now()));
    } catch (error) {
      console.warn(`[terminal] reading table ${id} again failed: ${error instanceof Error ? error.message : error}`);
    }
  };
  const listTablesById = (id: string) => getTable(read, id);

  /** After the cloud refused a cleaner's change: the replica takes the cloud's tasks and the
   * table again (`entityId` names the task, or the table of a QA check). */
  const refetchTurnover = async (entityId: string) => {
    const venueId = getMeta(read).venueId;
    try {
      const answer = await api.request('GET', listTasksCall.url(undefined, {}));
      if (!venueId || !isSuccess(answer.status)) return;
      replaceTasks(write, listTasksCall.answer.parse(answer.body));
      const task = getReplicaTask(read, entityId);
      if (task) bus.emit('live', localTaskUpdatedEvent(read, task, now()));
      await refetchTable(task?.targetTableId ?? entityId);
    } catch (error) {
      console.warn(`[terminal] reading tasks again failed: ${error instanceof Error ? error.message : error}`);
    }
    bus.emit('status');
  };

  /** Cash the cloud refused (the bill was paid meanwhile, by payments the replica may not have
   * heard of) leaves the replica's bill and list; the session's payments are read again. */
  const dropRefusedPayment = async (id: string, sessionId: unknown) => {
    const payment = listLocalPayments(read).find((p) => p.id === id);
    if (payment && dropLocalPayment(write, id)) bus.emit('live', localPaymentEvent(read, payment, now()));
    if (typeof sessionId !== 'string') return;
    try {
      const answer = await api.request('GET', getSessionBill.url({ sessionId }));
      if (!isSuccess(answer.status)) return;
      const { payments } = getSessionBill.answer.parse(answer.body);
      restorePayments(write, payments);
      for (const p of payments) bus.emit('live', localPaymentEvent(read, p, now()));
    } catch (error) {
      console.warn(`[terminal] reading payments again failed: ${error instanceof Error ? error.message : error}`);
    }
  };

  /** After the cloud refused an order placed here: it leaves the replica (the cloud has none). */
  const dropRefusedOrder = async (id: string) => {
    const order = getOrder(read, id);
    dropOrder(write, id);
    // Any order event makes the screens' order lists stale: they read again and it is gone.
    if (order) bus.emit('live', localPriorityEvent(read, order, now()));
    bus.emit('status');
  };

  /** After the cloud refused a menu or order change: the replica takes the cloud's menu and open
   * orders again (with this terminal's other waiting changes on top). */
  const refetchMenuAndOrders = async () => {
    try {
      const venueId = getMeta(read).venueId;
      const [menu, orders] = await Promise.all([api.menu(), api.orders()]);
      for (const item of restoreMenuItems(write, menu.items, now())) {
        if (venueId) bus.emit('live', localMenuItemEvent(read, item, venueId, now()));
      }
      for (const order of restoreOrders(write, orders, now())) bus.emit('live', localPriorityEvent(read, order, now()));
    } catch (error) {
      console.warn(
        `[terminal] reading the menu and orders again failed: ${error instanceof Error ? error.message : error}`,
      );
    }
    bus.emit('status');
  };

  /** After the cloud refused a change of a party: the replica takes the cloud's copy of it again. */
  const refetchParty = async (id: string) => {
    try {
      const entry = restoreWaitlistEntry(write, await api.waitlistEntry(id), now());
      bus.emit('live', localWaitlistEvent(read, entry, now()));
    } catch (error) {
      // A party the cloud never took (its add was refused) leaves the line here too.
      if (error instanceof CloudRefused && error.status === 404) dropWaitlistEntry(write, id);
      else
        console.warn(`[terminal] reading party ${id} again failed: ${error instanceof Error ? error.message : error}`);
    }
    bus.emit('status');
  };
  let printQueue: PrintQueue | null = null;
  /** When the terminal last came online (its clock), null while offline. */
  let onlineSince: string | null = null;

  const status = (): TerminalStatusAnswer => {
    const meta = getMeta(read);
    // The outbox goes out in order, so only its first pending change is ever retried.
    const head = nextPending(read);
    const subjectOf = (e: { entityType: string; entityId: string; body: unknown }) => {
      if (e.entityType === ORDER_ITEM_ENTITY) return itemChangeSubject(read, e.entityId);
      if (e.entityType === TASK_ENTITY) return taskChangeSubject(read, e);
      if (e.entityType === TURNOVER_ENTITY) return turnoverChangeSubject(read, e);
      if (e.entityType === WAITLIST_ENTITY) return waitlistChangeSubject(read, e.entityId);
      if (e.entityType === RESERVATION_ENTITY) return reservationChangeSubject(read, e.entityId);
      if (
        e.entityType === MENU_ITEM_ENTITY ||
        e.entityType === ORDER_PRIORITY_ENTITY ||
        e.entityType === ORDER_FIRE_ENTITY
      ) {
        return menuOrderChangeSubject(read, e);
      }
      if (e.entityType === ITEM_CANCEL_ENTITY) return null;
      if (e.entityType === ORDER_ENTITY) return orderChangeSubject(read, e.entityId);
      if (e.entityType === RUNNER_ORDER_ENTITY) return runnerChangeSubject(read, e.entityId);
      if (e.entityType === PAYMENT_ENTITY) return paymentChangeSubject(read, e);
      return reportSubject(read, e);
    };
    return {
      online: sync.isOnline(),
      paired: sync.isPaired(),
      cloudUrl: opts.cloudUrl,
      terminalId: meta.terminalId,
      venueId: meta.venueId,
      cursor: meta.cursor,
      rebuiltAt: sync.rebuiltAt(),
      outbox: {
        pending: countPending(read),
        rejected: listByStatus(read, 'REJECTED').map((e) => ({
          id: String(e.seq),
          method: e.method,
          path: e.path,
          subject: subjectOf(e),
          message: e.message ?? MESSAGES.outboxRejectedTitle,
          createdAt: e.createdAt,
        })),
        stuck:
          head && isStuck(head, onlineSince)
            ? [
                {
                  id: String(head.seq),
                  method: head.method,
                  path: head.path,
                  subject: subjectOf(head),
                  lastError: head.lastError ?? '',
                  attempts: head.attempts,
                },
              ]
            : [],
      },
    };
  };

  /** A departed party's 'Print at the venue': printed here if this terminal drives the printer the
   * cloud chose. The sync client tells the event inside the SQLite transaction that applies it and
   * moves the cursor, so the job and the cursor commit together; the job is keyed by the request,
   * so an event that comes again (a replay, a rebuilt replica) prints nothing more. */
  const printRequestedReceipt = (event: LiveEventOf<'receipt.print_requested'>) => {
    const self = getMeta(read).terminalId;
    const printer = listPrinters(read).find((p) => p.id === event.printerId && p.terminalId === self);
    if (!printer || !printQueue) return;
    try {
      printQueue.enqueueReceipt({
        printer,
        kind: 'guest_receipt',
        data: event.receipt,
        dedupeKey: `guest-receipt:${event.requestId}`,
      });
    } catch (error) {
      console.error(`[terminal] the receipt of request ${event.requestId} could not be queued`, error);
    }
  };

  const makeTickets = () => {
    const terminalId = getMeta(read).terminalId;
    if (!printQueue || !terminalId) return;
    try {
      makeDueTickets({ db: write, terminalId, queue: printQueue, now: now() });
    } catch (error) {
      console.error('[terminal] making kitchen tickets failed', error);
    }
  };
  let ticketsScheduled = false;
  bus.on('itemsChanged', () => {
    if (ticketsScheduled) return;
    ticketsScheduled = true;
    setImmediate(() => {
      ticketsScheduled = false;
      // An event applied as the core closes schedules this after the replica has closed.
      if (read.sql.open) makeTickets();
    });
  });

  // Jobs and printer states go to the cloud through the outbox (printing/report.ts): send them now.
  bus.on('printJob', () => pusher.kick());
  bus.on('printerStatus', () => pusher.kick());
  bus.on('live', (event) => {
    if (event.type === 'printer.updated' && event.printer.terminalId === getMeta(read).terminalId) {
      printQueue?.relearnPrinter(event.printer.id);
    }
    if (event.type === 'receipt.print_requested') printRequestedReceipt(event);
  });

  let wasOnline = false;
  bus.on('status', () => {
    const online = sync.isOnline();
    if (online && !wasOnline) {
      onlineSince = now().toISOString();
      pusher.kick();
    }
    if (!online) onlineSince = null;
    wasOnline = online;
  });

  const tick = () => {
    try {
      const fired = fireDueItems(write, now());
      for (const { item, from } of fired) bus.emit('live', localItemEvent(read, item, from, now()));
      if (fired.length > 0) bus.emit('itemsChanged');
    } catch (error) {
      console.error('[terminal] local firing failed', error);
    }
    makeTickets();
  };

  /** A change made here (a refusal was thrown by its decision): told to the local screens, and sent. */
  const told = <A>(result: { value: A; events: readonly LiveEvent[] }): A => {
    for (const event of result.events) bus.emit('live', event);
    bus.emit('status');
    pusher.kick();
    return result.value;
  };

  /** A runner change made here (a refusal was thrown by its decision): told to the local screens. */
  const runnerDone = (result: LocalRunnerResult): RunnerOrder => {
    for (const event of result.events) bus.emit('live', event);
    bus.emit('status');
    if (result.events.some((e) => e.type === 'order.item.status.changed')) bus.emit('itemsChanged');
    pusher.kick();
    return result.order;
  };

  let server: LocalServer;
  try {
    if (opts.printing !== false) {
      printQueue = createPrintQueue({
        db: write,
        bus,
        now,
        printers: () => {
          const terminalId = getMeta(read).terminalId;
          return terminalId ? listPrinters(read).filter((p) => p.terminalId === terminalId) : [];
        },
        timezone: () => getVenue(read)?.timezone ?? DEFAULT_TIMEZONE,
        statusPollMs: opts.printerStatusPollMs,
        idleCheckMs: opts.printerIdleCheckMs,
      });
    }
    server = await startLocalServer(
      {
        read,
        write,
        api,
        bus,
        now,
        status,
        staticDir: opts.staticDir,
        changeItemStatus(itemId, status) {
          const result = changeItemStatusLocally(write, itemId, status, now(), printQueue);
          for (const event of result.events) bus.emit('live', event);
          bus.emit('status');
          bus.emit('itemsChanged');
          pusher.changed();
          return result.item;
        },
        addToWaitlist(party) {
          const venueId = getMeta(read).venueId;
          if (!venueId) throw notFound('Venue');
          const entry = addToWaitlistLocally(write, venueId, party, now());
          bus.emit('live', localWaitlistEvent(read, entry, now()));
          bus.emit('status');
          pusher.kick();
          return entry;
        },
        changeWaitlistStatus(id, status) {
          const result = changeWaitlistStatusLocally(write, id, status, now());
          if (!result.ok) {
            throw result.status === 404 ? notFound('Waitlist entry') : conflict(result.message, 'transition_refused');
          }
          bus.emit('live', localWaitlistEvent(read, result.entry, now()));
          bus.emit('status');
          pusher.kick();
          return result.entry;
        },
        seatWaitlistParty(waitlistId, seat) {
          const result = seatWaitlistPartyLocally(write, waitlistId, seat, now());
          if (!result.ok) {
            throw result.status === 404
              ? new AppError(404, 'not_found', result.message)
              : conflict(result.message, 'transition_refused');
          }
          bus.emit('live', localTableEvent(read, result.answer.table, now()));
          bus.emit('live', localWaitlistEvent(read, result.answer.entry, now()));
          bus.emit('status');
          pusher.kick();
          return result.answer;
        },
        createReservation(booking) {
          const venue = getVenue(read);
          if (!venue) throw notFound('Venue');
          const reservation = createReservationLocally(write, venue.id, venue.timezone, booking, now());
          bus.emit('live', localReservationEvent(read, 'reservation.created', reservation, now()));
          bus.emit('status');
          pusher.kick();
          return reservation;
        },
        checkInReservation(id) {
          const result = checkInLocally(write, id, now());
          if (!result.ok) {
            throw result.status === 404 ? notFound('Reservation') : conflict(result.message, 'transition_refused');
          }
          bus.emit('live', localReservationEvent(read, 'reservation.checkin', result.value, now()));
          bus.emit('status');
          pusher.kick();
          return result.value;
        },
        seatReservation(id, seat) {
          const result = seatReservationLocally(write, id, seat, now());
          if (!result.ok) {
            throw result.status === 404
              ? new AppError(404, 'not_found', result.message)
              : conflict(result.message, 'transition_refused');
          }
          bus.emit('live', localTableEvent(read, result.value.table, now()));
          bus.emit('live', localReservationEvent(read, 'reservation.updated', result.value.reservation, now()));
          bus.emit('status');
          pusher.kick();
          return result.value;
        },
        createTask(input, userId) {
          return told(createTaskLocally(write, input, userId, now()));
        },
        startTask(id, userId) {
          return told(startTaskLocally(write, id, userId, now()));
        },
        setMenuItemAvailability(id, isAvailable) {
          const result = setAvailabilityLocally(write, id, isAvailable, now());
          for (const event of result.events) bus.emit('live', event);
          bus.emit('status');
          pusher.kick();
          return result.value;
        },
        completeTask(id, userId) {
          return told(completeTaskLocally(write, id, userId, now()));
        },
        changeOrderPriority(id, priority) {
          const result = changePriorityLocally(write, id, priority, now());
          for (const event of result.events) bus.emit('live', event);
          bus.emit('status');
          pusher.kick();
          return result.value;
        },
        transitionTable(tableId, move, userId) {
          return told(transitionTableLocally(write, tableId, move, userId, now()));
        },
        completeTableQa(tableId, qa, userId) {
          return told(completeQaLocally(write, tableId, qa, userId, now()));
        },
        cancelOrderItem(itemId) {
          const result = cancelItemLocally(write, itemId, now());
          for (const event of result.events) bus.emit('live', event);
          bus.emit('status');
          bus.emit('itemsChanged');
          pusher.kick();
          return result.value;
        },
        fireCourse(orderId, input) {
          const result = fireCourseLocally(write, orderId, input, now());
          for (const event of result.events) bus.emit('live', event);
          bus.emit('status');
          // The fired items' kitchen tickets, once per order and station, as for a course on time.
          bus.emit('itemsChanged');
          pusher.kick();
          return result.value;
        },
        createOrder(input) {
          const { events, ...placed } = createOrderLocally(write, input, now());
          for (const event of events) bus.emit('live', event);
          bus.emit('status');
          bus.emit('itemsChanged');
          pusher.kick();
          return placed;
        },
        dismissRejection(id) {
          const seq = Number(id);
          if (!Number.isInteger(seq) || seq < 1) return false;
          const done = dismiss(write, seq, now().toISOString());
          if (done) bus.emit('status');
          return done;
        },
        printJobs: () => printQueue?.listJobs() ?? [],
        printerStatuses: () => printQueue?.printerStatuses() ?? {},
        retryPrintJob: (id) => {
          if (!printQueue) return null;
          return printQueue.retry(id);
        },
        reprintPrintJob: (id) => printQueue?.reprint(id) ?? null,
        markPrintJobPrinted: (id) => printQueue?.markPrinted(id) ?? null,
        testPrint: (printerId, content) => {
          const printer = listPrinters(read).find((p) => p.id === printerId);
          if (!printer || !printQueue) return null;
          return printQueue.enqueueTest(printer, typeof content === 'string' ? content : '');
        },
        printTableQr: (printerId, receipt) => {
          const self = getMeta(read).terminalId;
          const printer = listPrinters(read).find((p) => p.id === printerId && p.terminalId === self);
          if (!printer || !printQueue) return null;
          return printQueue.enqueueTableQr(printer, receipt);
        },
        printReceipt: ({ printerId, kind, data, dedupeKey }) => {
          if (!printQueue) return null;
          const self = getMeta(read).terminalId;
          const mine = listPrinters(read).filter((p) => p.terminalId === self);
          const printer =
            printerId === undefined ? mine.find((p) => p.station === null) : mine.find((p) => p.id === printerId);
          if (!printer) {
            if (printerId !== undefined) throw notFound('Printer');
            throw conflict(SERVICE_MESSAGES.noReceiptPrinter);
          }
          return printQueue.enqueueReceipt({ printer, kind, data, ...(dedupeKey ? { dedupeKey } : {}) });
        },
        reprintKitchenTickets: (orderId, dedupeKey) => printQueue?.reprintKitchenTickets(orderId, dedupeKey) ?? null,
        batchUpdateItems(updates) {
          const result = batchChangeItemsLocally(write, updates, now(), printQueue);
          for (const event of result.events) bus.emit('live', event);
          bus.emit('status');
          bus.emit('itemsChanged');
          pusher.changed();
          return result.items;
        },
        sendToRunners(orderId, input) {
          return runnerDone(sendToRunnersLocally(write, orderId, input, now()));
        },
        moveRunnerOrder(orderId, input) {
          return runnerDone(moveRunnerOrderLocally(write, orderId, input, now()));
        },
        takeCashOffline(input) {
          const taken = takeCashLocally(write, input, now());
          // The staff app's bill and list read again: the cash shows there, PENDING.
          bus.emit('live', localPaymentEvent(read, taken.payment, now()));
          bus.emit('status');
          pusher.kick();
          return taken;
        },
        printGuestReceipt: (printerId, receipt) => {
          const self = getMeta(read).terminalId;
          const printer = listPrinters(read).find((p) => p.id === printerId && p.terminalId === self);
          if (!printer || !printQueue) return null;
          return printQueue.enqueueReceipt({ printer, kind: 'guest_receipt', data: receipt });
        },
      },
      opts.port ?? DEFAULT_TERMINAL_PORT,
      opts.liveRevalidateMs,
    );
  } catch (error) {
    await printQueue?.stop();
    replica.close();
    throw error;
  }

  printQueue?.start();
  sync.start();
  pusher.start();
  const firing = setInterval(tick, opts.firingIntervalMs ?? 1000);
  let closed: Promise<void> | null = null;

  return {
    url: server.url,
    port: server.port,
    replica,
    sync,
    pusher,
    bus,
    printQueue,
    status,
    tick,
    close() {
      closed ??= (async () => {
        clearInterval(firing);
        await server.close();
        await pusher.stop();
        await sync.stop();
        await printQueue?.stop();
        replica.close();
      })();
      return closed;
    },
  };
}
