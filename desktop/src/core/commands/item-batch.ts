// Start All Pending and Mark All Ready on this terminal: decided as the cloud decides them
// (decideBatchUpdate: each move as the single move decides it, all or none; a refused move refuses
// the batch with each refusal listed, its AppError the cloud's own), applied to the replica with
// each move queued in the outbox as its own change, all in one SQLite transaction.
import { randomUUID } from 'node:crypto';
import {
  changeItemStatus,
  decideBatchUpdate,
  type LiveEvent,
  type OrderItem,
  type OrderItemState,
} from '@tablewise/shared';
import type { KitchenTicketQueue } from '../kitchen/ticketing.js';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { getOrderItem } from '../sqlite/repositories/orders.js';
import { appendCall } from '../sqlite/repositories/outbox.js';
import { localEvents, writeDecided } from './decided.js';
import { ORDER_ITEM_ENTITY, ticketFires } from './item-status.js';

export interface LocalBatchResult {
  items: OrderItem[];
  events: LiveEvent[];
}

export function batchChangeItemsLocally(
  db: WriteDb,
  updates: readonly { id: string; status: OrderItemState; from?: OrderItemState | undefined }[],
  now: Date,
  tickets: KitchenTicketQueue | null = null,
): LocalBatchResult {
  return transact(db, (): LocalBatchResult => {
    const items = [...new Set(updates.map((u) => u.id))].flatMap((id) => getOrderItem(db, id) ?? []);
    const decided = decideBatchUpdate(items, { updates: [...updates] }, now);
    writeDecided(db, decided, now, ticketFires(db, tickets, now));
    // Each move reaches the cloud as the single move it is (the cloud fires a due item itself).
    const at = now.toISOString();
    for (const { id, status, from } of updates) {
      appendCall(db, changeItemStatus, {
        idempotencyKey: randomUUID(),
        params: { id },
        body: from === undefined ? { status } : { status, from },
        entityType: ORDER_ITEM_ENTITY,
        entityId: id,
        createdAt: at,
      });
    }
    return { items: decided.answer, events: localEvents(db, decided.events, now) };
  });
}
