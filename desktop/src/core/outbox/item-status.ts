// A staff member changes an item's status on this terminal: the shared rule decides, the replica
// takes the change and the outbox records it, all in one SQLite transaction.
import { randomUUID } from 'node:crypto';
import { MESSAGES, type OrderItem, type OrderItemState, staffItemTransition } from '@tablewise/shared';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { appendOutbox, type OutboxEntry, pendingFor } from '../sqlite/repositories/outbox.js';
import { getOrderItem, setItemStatus } from '../sqlite/repositories/venue-data.js';

export const ORDER_ITEM_ENTITY = 'order_item';

export type LocalChangeResult =
  | { ok: true; item: OrderItem; from: OrderItemState; entry: OutboxEntry }
  | { ok: false; status: 404 | 409; message: string };

export function itemStatusPath(itemId: string): string {
  return `/api/order-items/${itemId}/status`;
}

export function changeItemStatusLocally(db: WriteDb, itemId: string, to: OrderItemState, now: Date): LocalChangeResult {
  return transact(db, (): LocalChangeResult => {
    const item = getOrderItem(db, itemId);
    if (!item) return { ok: false, status: 404, message: MESSAGES.notFound('Order item') };
    const verdict = staffItemTransition(item.status, to);
    if (!verdict.ok) return { ok: false, status: 409, message: verdict.reason };
    const at = now.toISOString();
    setItemStatus(db, itemId, to, at);
    const entry = appendOutbox(db, {
      idempotencyKey: randomUUID(),
      method: 'POST',
      path: itemStatusPath(itemId),
      body: { status: to },
      entityType: ORDER_ITEM_ENTITY,
      entityId: itemId,
      createdAt: at,
    });
    const updated = getOrderItem(db, itemId);
    if (!updated) throw new Error('Item vanished inside its own transaction');
    return { ok: true, item: updated, from: item.status, entry };
  });
}

/**
 * After a server copy of an item overwrote the replica, replays this terminal's unacknowledged
 * changes of it on top, so the screen shows what staff did rather than flickering back. A change
 * the rule no longer allows from the server's state (typically: the server copy already has it)
 * is left to the cloud's verdict.
 */
export function reapplyPendingItemChanges(db: WriteDb, itemId: string, now: Date): void {
  const pending = pendingFor(db, ORDER_ITEM_ENTITY, itemId);
  if (pending.length === 0) return;
  let item = getOrderItem(db, itemId);
  for (const entry of pending) {
    if (!item) return;
    const to = (entry.body as { status?: OrderItemState }).status;
    if (!to || !staffItemTransition(item.status, to).ok) continue;
    setItemStatus(db, itemId, to, now.toISOString());
    item = getOrderItem(db, itemId);
  }
}
