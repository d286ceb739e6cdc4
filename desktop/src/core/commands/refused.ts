// What the terminal does when the cloud refused a change it queued (the table was taken meanwhile,
// the bill was paid, the item fired there first): the replica takes the cloud's copy of what the
// change was about again, with this terminal's other waiting changes decided again on top, and the
// local screens are told. The refusal itself stays on the outbox banner until staff dismiss it.
import { getSessionBill, listTasks } from '@tablewise/shared';
import type { Bus } from '../bus.js';
import {
  localPaymentEvent,
  localReservationEvent,
  localTableEvent,
  localTaskUpdatedEvent,
  localWaitlistEvent,
} from '../local-events.js';
import { log } from '../log.js';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import { dropOrder } from '../sqlite/repositories/menu-orders.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { getOrder } from '../sqlite/repositories/orders.js';
import type { OutboxEntry } from '../sqlite/repositories/outbox.js';
import { dropLocalPayment, listLocalPayments } from '../sqlite/repositories/payments.js';
import { getTable, putTable } from '../sqlite/repositories/tables.js';
import { getTask } from '../sqlite/repositories/tasks.js';
import { getVenue } from '../sqlite/repositories/venue.js';
import { reapplyPendingSeats } from '../sync/apply.js';
import { type CloudApi, CloudRefused, isSuccess } from '../sync/cloud-api.js';
import { ORDER_FIRE_ENTITY } from './item-status.js';
import {
  ITEM_CANCEL_ENTITY,
  localMenuItemEvent,
  localPriorityEvent,
  MENU_ITEM_ENTITY,
  ORDER_PRIORITY_ENTITY,
  restoreMenuItems,
  restoreOrders,
} from './menu-orders.js';
import { ORDER_ENTITY } from './orders.js';
import { PAYMENT_ENTITY, restorePayments } from './payments.js';
import { dropReservation, RESERVATION_ENTITY, restoreReservation } from './reservations.js';
import { reapplyPendingTurnover, replaceTasks, TURNOVER_ENTITY } from './turnover.js';
import { dropWaitlistEntry, restoreWaitlistEntry, WAITLIST_ENTITY } from './waitlist.js';

/** What the handlers work with: the replica, the cloud, and the bus to the local screens. */
export interface RefusalContext {
  read: ReadDb;
  write: WriteDb;
  api: CloudApi;
  bus: Bus;
  now: () => Date;
}

const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** After the cloud refused a change of a party: the replica takes the cloud's copy of it again. */
async function refetchParty({ read, write, api, bus, now }: RefusalContext, id: string): Promise<void> {
  try {
    const entry = restoreWaitlistEntry(write, await api.waitlistEntry(id));
    bus.emit('live', localWaitlistEvent(read, entry, now()));
  } catch (error) {
    // A party the cloud never took (its add was refused) leaves the line here too.
    if (error instanceof CloudRefused && error.status === 404) dropWaitlistEntry(write, id);
    else log.warn(`reading party ${id} again failed: ${why(error)}`);
  }
  bus.emit('status');
}

/** After the cloud refused a change of a reservation: the replica takes the cloud's copy again. */
async function refetchReservation({ read, write, api, bus, now }: RefusalContext, id: string): Promise<void> {
  try {
    const reservation = restoreReservation(write, getVenue(read), await api.reservation(id));
    bus.emit('live', localReservationEvent(read, 'reservation.updated', reservation, now()));
  } catch (error) {
    // A booking the cloud never took leaves the replica too.
    if (error instanceof CloudRefused && error.status === 404) dropReservation(write, id);
    else log.warn(`reading reservation ${id} again failed: ${why(error)}`);
  }
  bus.emit('status');
}

/** A refused seat or cleaner's change: the table shows the cloud's state again, with this
 * terminal's other waiting seats and cleaning on top. */
async function refetchTable({ read, write, api, bus, now }: RefusalContext, id: string): Promise<void> {
  try {
    const table = (await api.tables()).find((t) => t.id === id);
    if (!table) return;
    putTable(write, table);
    reapplyPendingSeats(write);
    reapplyPendingTurnover(write);
    bus.emit('live', localTableEvent(read, getTable(read, id) ?? table, now()));
  } catch (error) {
    log.warn(`reading table ${id} again failed: ${why(error)}`);
  }
}

/** After the cloud refused a cleaner's change: the replica takes the cloud's tasks and the table
 * again (`entityId` names the task, or the table of a QA check). */
async function refetchTurnover(here: RefusalContext, entityId: string): Promise<void> {
  const { read, write, api, bus, now } = here;
  const venueId = getMeta(read).venueId;
  try {
    const answer = await api.request('GET', listTasks.url(undefined, {}));
    if (!venueId || !isSuccess(answer.status)) return;
    replaceTasks(write, listTasks.answer.parse(answer.body));
    const task = getTask(read, entityId);
    if (task) bus.emit('live', localTaskUpdatedEvent(read, task, now()));
    await refetchTable(here, task?.targetTableId ?? entityId);
  } catch (error) {
    log.warn(`reading tasks again failed: ${why(error)}`);
  }
  bus.emit('status');
}

/** Cash the cloud refused (the bill was paid meanwhile, by payments the replica may not have
 * heard of) leaves the replica's bill and list; the session's payments are read again. */
async function dropRefusedPayment(
  { read, write, api, bus, now }: RefusalContext,
  id: string,
  sessionId: unknown,
): Promise<void> {
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
    log.warn(`reading payments again failed: ${why(error)}`);
  }
}

/** After the cloud refused an order placed here: it leaves the replica (the cloud has none). */
function dropRefusedOrder({ read, write, bus, now }: RefusalContext, id: string): void {
  const order = getOrder(read, id);
  dropOrder(write, id);
  // Any order event makes the screens' order lists stale: they read again and it is gone.
  if (order) bus.emit('live', localPriorityEvent(read, order, now()));
  bus.emit('status');
}

/** After the cloud refused a menu or order change: the replica takes the cloud's menu and open
 * orders again (with this terminal's other waiting changes on top). */
async function refetchMenuAndOrders({ read, write, api, bus, now }: RefusalContext): Promise<void> {
  try {
    const venueId = getMeta(read).venueId;
    const [menu, orders] = await Promise.all([api.menu(), api.orders()]);
    for (const item of restoreMenuItems(write, menu.items, now())) {
      if (venueId) bus.emit('live', localMenuItemEvent(read, item, venueId, now()));
    }
    for (const order of restoreOrders(write, orders, now())) bus.emit('live', localPriorityEvent(read, order, now()));
  } catch (error) {
    log.warn(`reading the menu and orders again failed: ${why(error)}`);
  }
  bus.emit('status');
}

/** The cloud refused `entry`: set the replica right for what it was about. */
export function onRefused(here: RefusalContext, entry: OutboxEntry): void {
  const body = entry.body as { sessionId?: unknown; tableId?: unknown } | null;
  switch (entry.entityType) {
    case WAITLIST_ENTITY:
      void refetchParty(here, entry.entityId);
      break;
    case RESERVATION_ENTITY:
      void refetchReservation(here, entry.entityId);
      break;
    case TURNOVER_ENTITY:
      void refetchTurnover(here, entry.entityId);
      break;
    case MENU_ITEM_ENTITY:
    case ORDER_PRIORITY_ENTITY:
    case ITEM_CANCEL_ENTITY:
    case ORDER_FIRE_ENTITY:
      void refetchMenuAndOrders(here);
      break;
    case ORDER_ENTITY:
      dropRefusedOrder(here, entry.entityId);
      break;
    case PAYMENT_ENTITY:
      void dropRefusedPayment(here, entry.entityId, body?.sessionId);
      break;
    default:
      break;
  }
  // A refused seat: the table shows the cloud's state again.
  if (typeof body?.tableId === 'string') void refetchTable(here, body.tableId);
}
