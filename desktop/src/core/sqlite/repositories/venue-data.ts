// Queries over the replicated venue data: venue, tables, menu, orders with items, printers.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import {
  AppError,
  assembleOrders,
  type ChosenModifier,
  type DiningSession,
  type ItemFacts,
  type KitchenFacts,
  MESSAGES,
  type MenuItem,
  type ModifierGroup,
  type Order,
  type OrderFacts,
  type OrderItem,
  type OrderItemState,
  type Printer,
  type Table,
  type Venue,
  WaitlistEntry,
} from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

// ---- venue ----
interface VenueRow {
  id: string;
  organization_id: string;
  name: string;
  address: string | null;
  timezone: string;
  service_charge_bps: number;
}
/** The organization and venue this terminal serves, as a body's orgId and venueId must name them. */
export function ownTenant(db: AnyDb): { orgId: string; venueId: string } {
  const venue = getVenue(db);
  if (!venue) throw new AppError(503, 'not_synced', MESSAGES.terminalNotSynced);
  return { orgId: venue.organizationId, venueId: venue.id };
}

export function getVenue(db: AnyDb): Venue | null {
  const row = db.sql.prepare('SELECT * FROM venue LIMIT 1').get() as VenueRow | undefined;
  return row
    ? {
        id: row.id,
        organizationId: row.organization_id,
        name: row.name,
        address: row.address,
        timezone: row.timezone,
        serviceChargeBps: row.service_charge_bps,
      }
    : null;
}
export function putVenue(db: WriteDb, venue: Venue): void {
  db.sql.prepare('DELETE FROM venue WHERE id <> ?').run(venue.id);
  db.sql
    .prepare(
      `INSERT INTO venue (id, organization_id, name, address, timezone, service_charge_bps)
       VALUES (@id, @organizationId, @name, @address, @timezone, @serviceChargeBps)
       ON CONFLICT(id) DO UPDATE SET organization_id = excluded.organization_id, name = excluded.name,
         address = excluded.address, timezone = excluded.timezone, service_charge_bps = excluded.service_charge_bps`,
    )
    .run(venue);
}

// ---- tables ----
interface TableRow {
  id: string;
  venue_id: string;
  name: string;
  number: string;
  shape: Table['shape'];
  capacity: number;
  capacity_min: number;
  capacity_max: number;
  x_position: number;
  y_position: number;
  rotation: number;
  zone: string | null;
  is_accessible: number;
  state: Table['state'];
  hold_expires_at: string | null;
  party_name: string | null;
  guest_count: number | null;
  time_seated: string | null;
}
function toTable(r: TableRow): Table {
  return {
    id: r.id,
    venueId: r.venue_id,
    name: r.name,
    number: r.number,
    shape: r.shape,
    capacity: r.capacity,
    capacityMin: r.capacity_min,
    capacityMax: r.capacity_max,
    xPosition: r.x_position,
    yPosition: r.y_position,
    rotation: r.rotation,
    zone: r.zone,
    isAccessible: r.is_accessible === 1,
    state: r.state,
    holdExpiresAt: r.hold_expires_at,
    partyName: r.party_name,
    guestCount: r.guest_count,
    timeSeated: r.time_seated,
  };
}
/** Every table, in no particular order: the answer builders order them. */
export function listTables(db: AnyDb): Table[] {
  return (db.sql.prepare('SELECT * FROM tables').all() as TableRow[]).map(toTable);
}
export function getTable(db: AnyDb, id: string): Table | null {
  const row = db.sql.prepare('SELECT * FROM tables WHERE id = ?').get(id) as TableRow | undefined;
  return row ? toTable(row) : null;
}
export function putTable(db: WriteDb, t: Table): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO tables (id, venue_id, name, number, shape, capacity, capacity_min, capacity_max,
         x_position, y_position, rotation, zone, is_accessible, state, hold_expires_at, party_name, guest_count, time_seated)
       VALUES (@id, @venueId, @name, @number, @shape, @capacity, @capacityMin, @capacityMax, @xPosition, @yPosition,
         @rotation, @zone, @isAccessible, @state, @holdExpiresAt, @partyName, @guestCount, @timeSeated)`,
    )
    .run({ ...t, isAccessible: t.isAccessible ? 1 : 0 });
}

// ---- dining sessions ----
export function putSession(db: WriteDb, s: DiningSession): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO sessions (id, venue_id, table_id, party_size, guest_name, status, started_at, closed_at)
       VALUES (@id, @venueId, @tableId, @partySize, @guestName, @status, @startedAt, @closedAt)`,
    )
    .run(s);
}

// ---- menu ----
interface MenuItemRow {
  id: string;
  venue_id: string | null;
  name: string;
  description: string | null;
  price: string;
  category: string;
  is_available: number;
  image_url: string | null;
  allergens_json: string;
  prep_time: number | null;
  calories: number | null;
  is_vegetarian: number;
  is_vegan: number;
  is_gluten_free: number;
  is_spicy: number;
  is_popular: number;
  station: string | null;
  modifiers_schema_json: string;
  sort_order: number;
  temperature: string | null;
  is_fragile: number;
}
function toMenuItem(r: MenuItemRow): MenuItem {
  return {
    id: r.id,
    venueId: r.venue_id,
    name: r.name,
    description: r.description,
    price: r.price,
    category: r.category,
    isAvailable: r.is_available === 1,
    imageUrl: r.image_url,
    allergens: JSON.parse(r.allergens_json) as string[],
    prepTime: r.prep_time,
    calories: r.calories,
    isVegetarian: r.is_vegetarian === 1,
    isVegan: r.is_vegan === 1,
    isGlutenFree: r.is_gluten_free === 1,
    isSpicy: r.is_spicy === 1,
    isPopular: r.is_popular === 1,
    station: r.station,
    modifiersSchema: JSON.parse(r.modifiers_schema_json) as ModifierGroup[],
    sortOrder: r.sort_order,
    temperature: r.temperature === 'hot' || r.temperature === 'cold' ? r.temperature : null,
    isFragile: r.is_fragile === 1,
  };
}
/** Every menu item, in no particular order: menuAnswer puts them in the menu's order. */
export function listMenuItems(db: AnyDb): MenuItem[] {
  return (db.sql.prepare('SELECT * FROM menu_items').all() as MenuItemRow[]).map(toMenuItem);
}
export function putMenuItem(db: WriteDb, m: MenuItem): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO menu_items (id, venue_id, name, description, price, category, is_available, image_url,
         allergens_json, prep_time, calories, is_vegetarian, is_vegan, is_gluten_free, is_spicy, is_popular, station,
         modifiers_schema_json, sort_order, temperature, is_fragile)
       VALUES (@id, @venueId, @name, @description, @price, @category, @isAvailable, @imageUrl, @allergens, @prepTime,
         @calories, @isVegetarian, @isVegan, @isGlutenFree, @isSpicy, @isPopular, @station, @modifiersSchema, @sortOrder,
         @temperature, @isFragile)`,
    )
    .run({
      ...m,
      isAvailable: m.isAvailable ? 1 : 0,
      isVegetarian: m.isVegetarian ? 1 : 0,
      isVegan: m.isVegan ? 1 : 0,
      isGlutenFree: m.isGlutenFree ? 1 : 0,
      isSpicy: m.isSpicy ? 1 : 0,
      isPopular: m.isPopular ? 1 : 0,
      isFragile: m.isFragile ? 1 : 0,
      temperature: m.temperature ?? null,
      allergens: JSON.stringify(m.allergens),
      modifiersSchema: JSON.stringify(m.modifiersSchema),
    });
}

// ---- orders and items ----
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

// ---- printers ----
interface PrinterRow {
  id: string;
  venue_id: string;
  name: string;
  location: string | null;
  type: string;
  station: string | null;
  connection: Printer['connection'];
  host: string | null;
  port: number | null;
  terminal_id: string | null;
  status: Printer['status'];
  backup_printer_id: string | null;
}
function toPrinter(r: PrinterRow): Printer {
  return {
    id: r.id,
    venueId: r.venue_id,
    name: r.name,
    location: r.location,
    type: r.type,
    station: r.station,
    connection: r.connection,
    host: r.host,
    port: r.port,
    terminalId: r.terminal_id,
    status: r.status,
    backupPrinterId: r.backup_printer_id,
  };
}
export function listPrinters(db: AnyDb): Printer[] {
  return (db.sql.prepare('SELECT * FROM printers ORDER BY name').all() as PrinterRow[]).map(toPrinter);
}
/** The terminal that drives a printer (null: none, or no such printer). */
export function getPrinterTerminal(db: AnyDb, printerId: string): string | null {
  const row = db.sql.prepare('SELECT terminal_id FROM printers WHERE id = ?').get(printerId) as
    | { terminal_id: string | null }
    | undefined;
  return row?.terminal_id ?? null;
}

export function putPrinter(db: WriteDb, p: Printer): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO printers (id, venue_id, name, location, type, station, connection, host, port, terminal_id,
         status, backup_printer_id)
       VALUES (@id, @venueId, @name, @location, @type, @station, @connection, @host, @port, @terminalId, @status,
         @backupPrinterId)`,
    )
    .run({ ...p, backupPrinterId: p.backupPrinterId ?? null });
}

/** A printer removed from the venue: this terminal no longer shows or drives it. */
export function deletePrinter(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM printers WHERE id = ?').run(id);
}

// ---- waitlist ----
/** The parties still in line, in no particular order: waitlistAnswer orders them. */
export function listActiveWaitlist(db: AnyDb): WaitlistEntry[] {
  const rows = db.sql.prepare("SELECT entry_json FROM waitlist WHERE status IN ('WAITING', 'NOTIFIED')").all() as {
    entry_json: string;
  }[];
  return rows.map((r) => WaitlistEntry.parse(JSON.parse(r.entry_json)));
}
export function getWaitlistEntry(db: AnyDb, id: string): WaitlistEntry | null {
  const row = db.sql.prepare('SELECT entry_json FROM waitlist WHERE id = ?').get(id) as
    | { entry_json: string }
    | undefined;
  return row ? WaitlistEntry.parse(JSON.parse(row.entry_json)) : null;
}
/** The place at the back of the line as this replica knows it (0 when nobody was ever in it). */
export function lastWaitlistPosition(db: AnyDb): number {
  return (db.sql.prepare('SELECT COALESCE(MAX(position), 0) AS last FROM waitlist').get() as { last: number }).last;
}
export function deleteWaitlistEntry(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM waitlist WHERE id = ?').run(id);
}
export function clearWaitlist(db: WriteDb): void {
  db.sql.prepare('DELETE FROM waitlist').run();
}
export function putWaitlistEntry(db: WriteDb, e: WaitlistEntry): void {
  db.sql
    .prepare('INSERT OR REPLACE INTO waitlist (id, status, position, entry_json) VALUES (?, ?, ?, ?)')
    .run(e.id, e.status, e.position, JSON.stringify(e));
}

/** A printer's state as its terminal reported it to the cloud. */
export function setPrinterStatus(db: WriteDb, printerId: string, status: Printer['status']): void {
  db.sql.prepare('UPDATE printers SET status = ? WHERE id = ?').run(status, printerId);
}

/** Empties the replicated venue data before a snapshot is loaded. Local tables are kept. */
export function clearVenueData(db: WriteDb): void {
  db.sql.exec(
    'DELETE FROM order_items; DELETE FROM orders; DELETE FROM sessions; DELETE FROM tables; DELETE FROM menu_items; DELETE FROM printers; DELETE FROM waitlist; DELETE FROM venue;',
  );
}
