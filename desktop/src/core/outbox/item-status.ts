// A staff member changes an item's status on this terminal: the shared rule decides, the replica
// takes the change and the outbox records it, all in one SQLite transaction.
import { randomUUID } from 'node:crypto';
import { isDue, MESSAGES, type OrderItem, type OrderItemState, staffItemTransition } from '@tablewise/shared';
import { type FiredItem, fireItem } from '../kitchen/firing.js';
import { type KitchenTicketQueue, makeDueTickets } from '../kitchen/ticketing.js';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { appendOutbox, type OutboxEntry, pendingStatusesFor } from '../sqlite/repositories/outbox.js';
import { getOrder, getOrderItem, setItemStatus } from '../sqlite/repositories/venue-data.js';

export const ORDER_ITEM_ENTITY = 'order_item';

export type LocalChangeResult =
  | {
      ok: true;
      item: OrderItem;
      from: OrderItemState;
      entry: OutboxEntry;
      /** The item's own fire, made first because its course was due: a live event of its own. */
      fired: FiredItem | null;
    }
  | { ok: false; status: 404 | 409; message: string };

/** What a change to an item was about, as staff call it: "2 × Burger · Table 12". */
export function itemChangeSubject(db: AnyDb, itemId: string): string | null {
  const item = getOrderItem(db, itemId);
  if (!item) return null;
  const tableName = getOrder(db, item.orderId)?.tableName;
  return `${item.quantity} × ${item.menuItemName}${tableName ? ` · ${tableName}` : ''}`;
}

function itemStatusPath(itemId: string): string {
  return `/api/order-items/${itemId}/status`;
}

/**
 * Applies a staff move. An item whose course is due but which the firer has not reached yet is
 * fired first, exactly as the firer would (its ticket made on `tickets`, this terminal's print
 * queue), and the move applies to the fired item: what the kitchen sees, and what the cloud does
 * with the same move. The fire is not queued; the cloud fires the item itself.
 */
export function changeItemStatusLocally(
  db: WriteDb,
  itemId: string,
  to: OrderItemState,
  now: Date,
  tickets: KitchenTicketQueue | null = null,
): LocalChangeResult {
  return transact(db, (): LocalChangeResult => {
    const item = getOrderItem(db, itemId);
    if (!item) return { ok: false, status: 404, message: MESSAGES.notFound('Order item') };
    const due = isDue(item, now);
    // A refused move changes nothing, the fire included: judge it before firing.
    const verdict = staffItemTransition(due ? 'SENT_TO_KITCHEN' : item.status, to);
    if (!verdict.ok) return { ok: false, status: 409, message: verdict.reason };
    const fired = due ? fireItem(db, item, now) : null;
    if (fired) makeTicketsHere(db, tickets, now);
    const from = fired ? fired.item.status : item.status;
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
    return { ok: true, item: updated, from, entry, fired };
  });
}

/** The kitchen tickets the firer's pass would make now, when this terminal drives printers. */
function makeTicketsHere(db: WriteDb, queue: KitchenTicketQueue | null, now: Date): void {
  const terminalId = getMeta(db).terminalId;
  if (queue && terminalId) makeDueTickets({ db, terminalId, queue, now });
}

/**
 * After a server copy of an item overwrote the replica, replays this terminal's unacknowledged
 * changes of it on top, so the screen shows what staff did rather than flickering back. A change
 * the rule no longer allows from the server's state (typically: the server copy already has it)
 * is left to the cloud's verdict.
 */
export function reapplyPendingItemChanges(db: WriteDb, itemId: string, now: Date): void {
  const pending = pendingStatusesFor(db, ORDER_ITEM_ENTITY, itemId);
  if (pending.length === 0) return;
  let item = getOrderItem(db, itemId);
  if (!item) return;
  let moved = false;
  for (const to of pending) {
    // The server copy may still hold an item this terminal fired before moving it: fire it again
    // (its ticket is already made) so the move replays from where it was made.
    if (isDue(item, now)) item = fireItem(db, item, now).item;
    if (!to || !staffItemTransition(item.status, to as OrderItemState).ok) continue;
    // Followed in memory and written once: an item with many changes waiting (a long outage) is
    // not rewritten once for each of them at every event of it the feed brings.
    item = { ...item, status: to as OrderItemState };
    moved = true;
  }
  if (moved) setItemStatus(db, itemId, item.status, now.toISOString());
}
