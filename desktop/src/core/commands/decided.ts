// The terminal's half of a write decided once (shared/src/decisions): a command loads the state
// the decision needs from the replica, calls it, and hands what it decided to applyLocally, which
// writes each change to the replica and queues the call for the cloud, in one SQLite transaction.
// The events it answers are told to the local screens (they are not part of the cloud's feed:
// their seq is the replica's cursor). Nothing here judges anything: a refusal was thrown by the
// decision before.
import { randomUUID } from 'node:crypto';
import type { Call, CallSpec, Decided, LiveEvent, Write } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../sqlite/replica.js';
import {
  deleteOrderItem,
  setMenuItemAvailable,
  setOrderPriority,
  setOrderTotals,
} from '../sqlite/repositories/menu-orders.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { appendCall, type QueuedCall } from '../sqlite/repositories/outbox.js';
import { putRunner, putRunnerOrder } from '../sqlite/repositories/runners.js';
import { putTask } from '../sqlite/repositories/tasks.js';
import {
  putOrder,
  putOrderItem,
  putTable,
  putWaitlistEntry,
  setItemStatus,
} from '../sqlite/repositories/venue-data.js';

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
      putTable(db, write.table);
      return;
    case 'task.insert':
    case 'task.update':
      putTask(db, write.task);
      return;
    case 'waitlist.status':
      putWaitlistEntry(db, write.entry);
      return;
    case 'order.insert':
      putOrder(db, write.order);
      return;
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

/** Writes a decision's changes to the replica (inside the caller's transaction). */
export function writeDecided(db: WriteDb, decided: Decided<unknown>, now: Date, afterWrite?: AfterWrite): void {
  const at = now.toISOString();
  for (const write of decided.writes) {
    applyWrite(db, write, at);
    afterWrite?.(write);
  }
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
  writeDecided(db, decided, now, afterWrite);
  appendCall(db, call, { ...queued, idempotencyKey: randomUUID(), createdAt: now.toISOString() });
  return { answer: decided.answer, events: localEvents(db, decided.events, now) };
}
