// The staff writes the terminal's local server takes, each made by its command module (decided by
// the shared decisions on the replica, applied and queued in one SQLite transaction), then told
// to the local screens and sent to the cloud. A refusal is the decision's AppError, thrown through.
import { type LiveEvent, notFound, type RunnerOrder } from '@tablewise/shared';
import type { Bus } from '../bus.js';
import { localPaymentEvent } from '../local-events.js';
import type { PrintQueue } from '../print-queue.js';
import type { LocalServerDeps } from '../server/deps.js';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { dismiss } from '../sqlite/repositories/outbox.js';
import { getVenue } from '../sqlite/repositories/venue.js';
import { batchChangeItemsLocally } from './item-batch.js';
import { changeItemStatusLocally } from './item-status.js';
import { cancelItemLocally, changePriorityLocally, fireCourseLocally, setAvailabilityLocally } from './menu-orders.js';
import { createOrderLocally } from './orders.js';
import { takeCashLocally } from './payments.js';
import {
  checkInLocally,
  createReservationLocally,
  modifyReservationLocally,
  seatReservationLocally,
} from './reservations.js';
import { type LocalRunnerResult, moveRunnerOrderLocally, sendToRunnersLocally } from './runner.js';
import {
  completeQaLocally,
  completeTaskLocally,
  createTaskLocally,
  markDepartedLocally,
  startTaskLocally,
  transitionTableLocally,
} from './turnover.js';
import { addToWaitlistLocally, changeWaitlistStatusLocally, seatWaitlistPartyLocally } from './waitlist.js';

export interface LocalWritesContext {
  read: ReadDb;
  write: WriteDb;
  bus: Bus;
  now: () => Date;
  /** The outbox pusher: `kick` sends now; `changed` lets an item move wait for company. */
  pusher: { kick(): void; changed(): void };
  /** This terminal's print queue, null when it drives no printers. */
  printQueue: () => PrintQueue | null;
}

export type LocalWrites = Pick<
  LocalServerDeps,
  | 'changeItemStatus'
  | 'batchUpdateItems'
  | 'addToWaitlist'
  | 'changeWaitlistStatus'
  | 'seatWaitlistParty'
  | 'createReservation'
  | 'checkInReservation'
  | 'seatReservation'
  | 'modifyReservation'
  | 'createTask'
  | 'startTask'
  | 'completeTask'
  | 'completeTableQa'
  | 'markDeparted'
  | 'transitionTable'
  | 'setMenuItemAvailability'
  | 'changeOrderPriority'
  | 'cancelOrderItem'
  | 'fireCourse'
  | 'createOrder'
  | 'sendToRunners'
  | 'moveRunnerOrder'
  | 'takeCashOffline'
  | 'dismissRejection'
>;

export function localWrites({ read, write, bus, now, pusher, printQueue }: LocalWritesContext): LocalWrites {
  /** A change made here: told to the local screens, and sent. */
  const told = <A>(result: { value: A; events: readonly LiveEvent[] }): A => {
    for (const event of result.events) bus.emit('live', event);
    bus.emit('status');
    pusher.kick();
    return result.value;
  };
  /** A change of order items made here: the kitchen's tickets are made for it too. */
  const toldItems = <A>(value: A, events: readonly LiveEvent[], send: 'kick' | 'changed'): A => {
    for (const event of events) bus.emit('live', event);
    bus.emit('status');
    bus.emit('itemsChanged');
    if (send === 'kick') pusher.kick();
    else pusher.changed();
    return value;
  };
  /** A runner change made here: told to the local screens. */
  const runnerDone = (result: LocalRunnerResult): RunnerOrder => {
    for (const event of result.events) bus.emit('live', event);
    bus.emit('status');
    if (result.events.some((e) => e.type === 'order.item.status.changed')) bus.emit('itemsChanged');
    pusher.kick();
    return result.order;
  };

  return {
    changeItemStatus(itemId, status, from) {
      const result = changeItemStatusLocally(write, itemId, status, now(), printQueue(), from);
      return toldItems(result.item, result.events, 'changed');
    },
    batchUpdateItems(updates) {
      const result = batchChangeItemsLocally(write, updates, now(), printQueue());
      return toldItems(result.items, result.events, 'changed');
    },
    addToWaitlist(party) {
      const venueId = getMeta(read).venueId;
      if (!venueId) throw notFound('Venue');
      return told(addToWaitlistLocally(write, venueId, party, now()));
    },
    changeWaitlistStatus: (id, status) => told(changeWaitlistStatusLocally(write, id, status, now())),
    seatWaitlistParty: (waitlistId, seat) => told(seatWaitlistPartyLocally(write, waitlistId, seat, now())),
    createReservation(booking) {
      const venue = getVenue(read);
      if (!venue) throw notFound('Venue');
      return told(createReservationLocally(write, venue, booking, now()));
    },
    checkInReservation: (id) => told(checkInLocally(write, id, now())),
    seatReservation: (id, seat) => told(seatReservationLocally(write, id, seat, now())),
    modifyReservation(id, change) {
      const venue = getVenue(read);
      if (!venue) throw notFound('Venue');
      return told(modifyReservationLocally(write, venue, id, change, now()));
    },
    createTask: (input, userId) => told(createTaskLocally(write, input, userId, now())),
    startTask: (id, userId) => told(startTaskLocally(write, id, userId, now())),
    completeTask: (id, userId) => told(completeTaskLocally(write, id, userId, now())),
    completeTableQa: (tableId, qa, userId) => told(completeQaLocally(write, tableId, qa, userId, now())),
    markDeparted: (tableId, userId) => told(markDepartedLocally(write, tableId, userId, now())),
    transitionTable: (tableId, move, userId) => told(transitionTableLocally(write, tableId, move, userId, now())),
    setMenuItemAvailability: (id, isAvailable) => told(setAvailabilityLocally(write, id, isAvailable, now())),
    changeOrderPriority: (id, priority) => told(changePriorityLocally(write, id, priority, now())),
    fireCourse(orderId, input) {
      const result = fireCourseLocally(write, orderId, input, now());
      // The fired items' kitchen tickets, once per order and station, as for a course on time.
      return toldItems(result.value, result.events, 'kick');
    },
    cancelOrderItem(itemId) {
      const result = cancelItemLocally(write, itemId, now());
      return toldItems(result.value, result.events, 'kick');
    },
    createOrder(input) {
      const { events, ...placed } = createOrderLocally(write, input, now());
      return toldItems(placed, events, 'kick');
    },
    sendToRunners: (orderId, input) => runnerDone(sendToRunnersLocally(write, orderId, input, now())),
    moveRunnerOrder: (orderId, input) => runnerDone(moveRunnerOrderLocally(write, orderId, input, now())),
    takeCashOffline(input) {
      const taken = takeCashLocally(write, input, now());
      // The staff app's bill and list read again: the cash shows there, PENDING.
      bus.emit('live', localPaymentEvent(read, taken.payment, now()));
      bus.emit('status');
      pusher.kick();
      return taken;
    },
    dismissRejection(id) {
      const seq = Number(id);
      if (!Number.isInteger(seq) || seq < 1) return false;
      const done = dismiss(write, seq, now().toISOString());
      if (done) bus.emit('status');
      return done;
    },
  };
}
