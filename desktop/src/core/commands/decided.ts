// The terminal's half of a write decided once (shared/src/decisions): a command loads the state
// the decision needs from the replica, calls it, and hands what it decided to applyLocally, which
// writes each change to the replica and queues the call for the cloud, in one SQLite transaction.
// The events it answers are told to the local screens (they are not part of the cloud's feed:
// their seq is the replica's cursor). Nothing here judges anything: a refusal was thrown by the
// decision before.
import { randomUUID } from 'node:crypto';
import {
  type Call,
  type CallSpec,
  type Decided,
  decideAutomatedTurnover,
  type LiveEvent,
  type NewLiveEvent,
  partyFacts,
  settledByWrites,
  settledCleanTaskId,
  type Write,
} from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../sqlite/replica.js';
import {
  deleteOrderItem,
  setMenuItemAvailable,
  setOrderPriority,
  setOrderTotals,
} from '../sqlite/repositories/menu-orders.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import {
  getOrder,
  getOrderItem,
  listOrdersOfSession,
  putOrder,
  putOrderItem,
  setItemStatus,
} from '../sqlite/repositories/orders.js';
import { appendCall, type QueuedCall } from '../sqlite/repositories/outbox.js';
import { putLocalPayment } from '../sqlite/repositories/payments.js';
import { putReservation } from '../sqlite/repositories/reservations.js';
import { putRunner, putRunnerOrder } from '../sqlite/repositories/runners.js';
import { putSession } from '../sqlite/repositories/sessions.js';
import { getTable, putTable } from '../sqlite/repositories/tables.js';
import { openTasksOfTable, putTask } from '../sqlite/repositories/tasks.js';
import { putWaitlistEntry } from '../sqlite/repositories/waitlist.js';

function applyWrite(db: WriteDb, write: Write, at: string): void {
  switch (write.kind) {
    case 'item.status':
      setItemStatus(db, write.itemId, write.to, at);
      return;
    case 'item.fire':
      putOrderItem(db, write.item);
      return;
    case 'item.cancel':
      deleteOrderItem(db, write.item.id);
      setOrderTotals(db, write.order);
      return;
    case 'order.priority':
      setOrderPriority(db, write.order.id, write.order.priority);
      return;
    case 'menuItem.availability':
      setMenuItemAvailable(db, write.item.id, write.item.isAvailable);
      return;
    case 'runnerOrder.put':
      putRunnerOrder(db, write.order);
      return;
    case 'runner.put':
      putRunner(db, write.runner);
      return;
    case 'table.state':
    case 'table.seat':
      putTable(db, write.table);
      return;
    case 'session.open':
    case 'session.seat':
      putSession(db, write.session);
      return;
    case 'reservation.insert':
    case 'reservation.update':
      putReservation(db, write.reservation);
      return;
    case 'task.insert':
    case 'task.update':
      putTask(db, write.task);
      return;
    case 'waitlist.status':
    case 'waitlist.insert':
      putWaitlistEntry(db, write.entry);
      return;
    case 'order.insert':
      putOrder(db, write.order);
      return;
    case 'payment.take':
      // Taken here, recorded by the cloud when it is back: PENDING until its copy comes.
      putLocalPayment(db, { ...write.payment, status: 'PENDING', paidAt: null });
      return;
    case 'seatRequest.update':
      // The host answers guests' table choices on a screen the cloud serves (issue 27); the
      // terminal keeps no copy of them and serves no call that decides one.
      throw new Error('seatRequest.update is written by the cloud only');
    default: {
      const never: never = write;
      throw new Error(`Unknown write ${JSON.stringify(never)}`);
    }
  }
}

/** A decision's events as the local screens hear them. */
export function localEvents(db: AnyDb, events: Decided<unknown>['events'], now: Date): LiveEvent[] {
  const seq = Math.max(1, getMeta(db).cursor);
  const venueId = getMeta(db).venueId ?? '';
  const at = now.toISOString();
  return events.map((e) => ({ ...e, seq, venueId, at }) as LiveEvent);
}

/** What must happen on the replica between one write and the next (kitchen tickets for an item
 * fired on the way, before its move takes it past the kitchen's first state). */
export type AfterWrite = (write: Write) => void;

/**
 * After writes that served or cancelled items: a table whose party left waiting for them
 * (EXIT_PENDING) turns over once nothing of that party is left to serve (issue 22), decided as the
 * cloud decides it when the queued move reaches it (its CLEAN task named from the item alike), so
 * nothing more is queued. Answers the turnover's events.
 */
function settleTables(db: WriteDb, writes: readonly Write[], now: Date): NewLiveEvent[] {
  const { itemIds, cancelled } = settledByWrites(writes);
  if (itemIds.length === 0 && cancelled.length === 0) return [];
  const parties = new Map<string, { sessionId: string; itemId: string }>();
  const note = (order: { tableId: string | null; sessionId: string } | null, itemId: string) => {
    if (order?.tableId && !parties.has(order.tableId))
      parties.set(order.tableId, { sessionId: order.sessionId, itemId });
  };
  for (const { itemId, order } of cancelled) note(order, itemId);
  for (const itemId of itemIds) {
    const item = getOrderItem(db, itemId);
    note(item ? getOrder(db, item.orderId) : null, itemId);
  }
  const events: NewLiveEvent[] = [];
  const at = now.toISOString();
  for (const [tableId, party] of parties) {
    const table = getTable(db, tableId);
    if (table?.state !== 'EXIT_PENDING') continue;
    const facts = partyFacts(listOrdersOfSession(db, party.sessionId));
    const decided = decideAutomatedTurnover(
      { table, openTasks: openTasksOfTable(db, tableId), waitlist: [] },
      { type: 'items.settled', ...facts },
      { metadata: { reason: 'departed', rushOrder: facts.rushOrder }, id: settledCleanTaskId(party.itemId) },
      now,
    );
    for (const write of decided.writes) applyWrite(db, write, at);
    events.push(...decided.events);
  }
  return events;
}

/** Writes a decision's changes to the replica (inside the caller's transaction); answers the
 * events of what followed from them on the way (a departed party's table turned over). */
export function writeDecided(
  db: WriteDb,
  decided: Decided<unknown>,
  now: Date,
  afterWrite?: AfterWrite,
): NewLiveEvent[] {
  const at = now.toISOString();
  for (const write of decided.writes) {
    applyWrite(db, write, at);
    afterWrite?.(write);
  }
  return settleTables(db, decided.writes, now);
}

/**
 * Writes what was decided to the replica and queues `call` for the cloud, which decides it again
 * on its own state when it arrives (inside the caller's transaction).
 */
export function applyLocally<A, S extends CallSpec>(
  db: WriteDb,
  decided: Decided<A>,
  call: Call<S>,
  queued: Omit<QueuedCall<S>, 'idempotencyKey' | 'createdAt'>,
  now: Date,
  afterWrite?: AfterWrite,
): { answer: A; events: LiveEvent[] } {
  const followed = writeDecided(db, decided, now, afterWrite);
  appendCall(db, call, { ...queued, idempotencyKey: randomUUID(), createdAt: now.toISOString() });
  return { answer: decided.answer, events: localEvents(db, [...decided.events, ...followed], now) };
}
