// Orders and their items as the replica holds them, and the facts the answer builders take.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import {
  assembleOrders,
  type ChosenModifier,
  type ItemFacts,
  type KitchenFacts,
  type Order,
  type OrderFacts,
  type OrderItem,
  type OrderItemState,
} from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

interface OrderRow {
  id: string;
  venue_id: string;
  session_id: string;
  table_id: string | null;
  table_name: string | null;
  status: Order['status'];
  subtotal: string;
  tax: string;
  total: string;
  created_at: string;
  priority: Order['priority'];
}
interface ItemRow {
  id: string;
  order_id: string;
  venue_id: string;
  menu_item_id: string;
  menu_item_name: string;
  station: string | null;
  prep_time: number | null;
  quantity: number;
  unit_price: string;
  total_price: string;
  notes: string | null;
  modifiers_json: string;
  course: OrderItem['course'];
  status: OrderItemState;
  fire_at: string;
  created_at: string;
  updated_at: string;
  sort_order: number;
}
function toItem(r: ItemRow): OrderItem {
  return {
    id: r.id,
    orderId: r.order_id,
    venueId: r.venue_id,
    menuItemId: r.menu_item_id,
    menuItemName: r.menu_item_name,
    station: r.station,
    prepTime: r.prep_time,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    totalPrice: r.total_price,
    notes: r.notes,
    modifiers: JSON.parse(r.modifiers_json) as ChosenModifier[],
    course: r.course,
    status: r.status,
    fireAt: r.fire_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function orderExists(db: AnyDb, id: string): boolean {
  return db.sql.prepare('SELECT 1 FROM orders WHERE id = ?').get(id) !== undefined;
}

interface OrderFactsRow extends OrderRow {
  session_status: string | null;
}
function toOrderFacts(r: OrderFactsRow): OrderFacts {
  return {
    id: r.id,
    venueId: r.venue_id,
    sessionId: r.session_id,
    tableId: r.table_id,
    tableName: r.table_name,
    status: r.status,
    subtotal: r.subtotal,
    tax: r.tax,
    total: r.total,
    createdAt: r.created_at,
    priority: r.priority,
    sessionActive: r.session_status === 'ACTIVE',
  };
}
const ORDER_FACTS = 'SELECT o.*, s.status AS session_status FROM orders o LEFT JOIN sessions s ON s.id = o.session_id';

function itemFactsOf(r: ItemRow): ItemFacts {
  return { ...toItem(r), sortOrder: r.sort_order };
}

/** Every order the replica holds, with its items, for the shared answer builders. */
export function listOrderFacts(db: AnyDb): { orders: OrderFacts[]; items: ItemFacts[] } {
  return {
    orders: (db.sql.prepare(ORDER_FACTS).all() as OrderFactsRow[]).map(toOrderFacts),
    items: (db.sql.prepare('SELECT * FROM order_items').all() as ItemRow[]).map(itemFactsOf),
  };
}

/** The session's orders with their items, oldest first (every one the replica holds, closed too). */
export function listOrdersOfSession(db: AnyDb, sessionId: string): Order[] {
  const orders = (db.sql.prepare(`${ORDER_FACTS} WHERE o.session_id = ?`).all(sessionId) as OrderFactsRow[]).map(
    toOrderFacts,
  );
  const items = (
    db.sql
      .prepare('SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.session_id = ?')
      .all(sessionId) as ItemRow[]
  ).map(itemFactsOf);
  return assembleOrders(orders, items);
}

export function getOrder(db: AnyDb, id: string): Order | null {
  const row = db.sql.prepare(`${ORDER_FACTS} WHERE o.id = ?`).get(id) as OrderFactsRow | undefined;
  if (!row) return null;
  const items = (db.sql.prepare('SELECT * FROM order_items WHERE order_id = ?').all(id) as ItemRow[]).map(itemFactsOf);
  return assembleOrders([toOrderFacts(row)], items)[0] ?? null;
}

/** Items in `states` with their order's table, for the kitchen list. */
export function listKitchenFacts(db: AnyDb, states: readonly OrderItemState[]): KitchenFacts[] {
  if (states.length === 0) return [];
  const rows = db.sql
    .prepare(
      `SELECT i.*, t.number AS table_number, o.table_name AS order_table_name, o.priority AS order_priority
       FROM order_items i JOIN orders o ON o.id = i.order_id LEFT JOIN tables t ON t.id = o.table_id
       WHERE i.status IN (${states.map(() => '?').join(',')})`,
    )
    .all(...states) as (ItemRow & {
    table_number: string | null;
    order_table_name: string | null;
    order_priority: Order['priority'];
  })[];
  return rows.map((r) => ({
    ...itemFactsOf(r),
    table: r.table_number === null ? null : { number: r.table_number },
    orderTableName: r.order_table_name,
    priority: r.order_priority,
  }));
}

/** Stores an order and its items as the cloud sent them (items are replaced, not merged). */
export function putOrder(db: WriteDb, o: Order): void {
  db.sql
    .prepare(
      `INSERT INTO orders (id, venue_id, session_id, table_id, table_name, status, subtotal, tax, total, created_at,
         priority)
       VALUES (@id, @venueId, @sessionId, @tableId, @tableName, @status, @subtotal, @tax, @total, @createdAt, @priority)
       ON CONFLICT(id) DO UPDATE SET venue_id = excluded.venue_id, session_id = excluded.session_id,
         table_id = excluded.table_id, table_name = excluded.table_name, status = excluded.status,
         subtotal = excluded.subtotal, tax = excluded.tax, total = excluded.total, created_at = excluded.created_at,
         priority = excluded.priority`,
    )
    .run({ ...o, items: undefined });
  for (const [index, item] of o.items.entries()) putOrderItem(db, item, index);
}

export function putOrderItem(db: WriteDb, i: OrderItem, sortOrder?: number): void {
  db.sql
    .prepare(
      `INSERT INTO order_items (id, order_id, venue_id, menu_item_id, menu_item_name, station, prep_time, quantity,
         unit_price, total_price, notes, modifiers_json, course, status, fire_at, created_at, updated_at, sort_order)
       VALUES (@id, @orderId, @venueId, @menuItemId, @menuItemName, @station, @prepTime, @quantity, @unitPrice,
         @totalPrice, @notes, @modifiers, @course, @status, @fireAt, @createdAt, @updatedAt, @sortOrder)
       ON CONFLICT(id) DO UPDATE SET order_id = excluded.order_id, venue_id = excluded.venue_id,
         menu_item_id = excluded.menu_item_id, menu_item_name = excluded.menu_item_name, station = excluded.station,
         prep_time = excluded.prep_time, quantity = excluded.quantity, unit_price = excluded.unit_price,
         total_price = excluded.total_price, notes = excluded.notes, modifiers_json = excluded.modifiers_json,
         course = excluded.course, status = excluded.status, fire_at = excluded.fire_at,
         created_at = excluded.created_at, updated_at = excluded.updated_at,
         sort_order = CASE WHEN @keepSort THEN order_items.sort_order ELSE excluded.sort_order END`,
    )
    .run({
      ...i,
      modifiers: JSON.stringify(i.modifiers),
      sortOrder: sortOrder ?? 0,
      keepSort: sortOrder === undefined ? 1 : 0,
    });
}

export function getOrderItem(db: AnyDb, id: string): OrderItem | null {
  const row = db.sql.prepare('SELECT * FROM order_items WHERE id = ?').get(id) as ItemRow | undefined;
  return row ? toItem(row) : null;
}

export function listItemsInStates(db: AnyDb, states: readonly OrderItemState[]): OrderItem[] {
  if (states.length === 0) return [];
  const rows = db.sql
    .prepare(`SELECT * FROM order_items WHERE status IN (${states.map(() => '?').join(',')})`)
    .all(...states) as ItemRow[];
  return rows.map(toItem);
}

/**
 * The items in the kitchen, at a station, that have no ticket from this terminal yet: what
 * ticketing may have to print. Read in one statement, whatever the number of items already
 * ticketed, which grows through a service.
 */
export function listUnticketedKitchenItems(db: AnyDb): OrderItem[] {
  const rows = db.sql
    .prepare(
      `SELECT i.* FROM order_items i
       WHERE i.status = 'SENT_TO_KITCHEN' AND i.station IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ticketed_items t WHERE t.item_id = i.id)`,
    )
    .all() as ItemRow[];
  return rows.map(toItem);
}

export function setItemStatus(db: WriteDb, id: string, status: OrderItemState, updatedAt: string): void {
  db.sql.prepare('UPDATE order_items SET status = ?, updated_at = ? WHERE id = ?').run(status, updatedAt, id);
}
