// The replica's side of the orders and menu screen's changes: an item's availability, an order's
// priority, an item taken off its order.
import type { MenuItem, Order } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';
import { listMenuItems } from './menu-items.js';

export function getMenuItem(db: AnyDb, id: string): MenuItem | null {
  return listMenuItems(db).find((m) => m.id === id) ?? null;
}

export function setMenuItemAvailable(db: WriteDb, id: string, isAvailable: boolean): void {
  db.sql.prepare('UPDATE menu_items SET is_available = ? WHERE id = ?').run(isAvailable ? 1 : 0, id);
}

export function setOrderPriority(db: WriteDb, id: string, priority: Order['priority']): void {
  db.sql.prepare('UPDATE orders SET priority = ? WHERE id = ?').run(priority, id);
}

export function deleteOrderItem(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM order_items WHERE id = ?').run(id);
}

export function setOrderTotals(db: WriteDb, order: Pick<Order, 'id' | 'subtotal' | 'tax' | 'total'>): void {
  db.sql
    .prepare('UPDATE orders SET subtotal = ?, tax = ?, total = ? WHERE id = ?')
    .run(order.subtotal, order.tax, order.total, order.id);
}

/** A dining session of the venue as the replica holds it, with its table's name. */
export function getSessionWithTable(
  db: AnyDb,
  id: string,
): { id: string; status: string; tableId: string | null; tableName: string | null } | null {
  const row = db.sql
    .prepare(
      `SELECT s.id, s.status, s.table_id AS tableId, t.name AS tableName
       FROM sessions s LEFT JOIN tables t ON t.id = s.table_id WHERE s.id = ?`,
    )
    .get(id) as { id: string; status: string; tableId: string | null; tableName: string | null } | undefined;
  return row ?? null;
}

/** An order the cloud never took leaves the replica with its items. */
export function dropOrder(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM order_items WHERE order_id = ?').run(id);
  db.sql.prepare('DELETE FROM orders WHERE id = ?').run(id);
}
