import { type Order, type OrderItemState, TAX_RATE_BASIS_POINTS } from '@tablewise/shared';
import type { Knex } from 'knex';
import type { Queryable, Trx } from '../context.js';
import { type HandCall, type HandTransaction, handStatement } from '../db/connect.js';
import { readClaiming } from '../mutations.js';
import { countTwoCtes } from '../security/limits.js';
import { EVENTS_CHANNEL, NOTIFY_EVENTS_MAX_BYTES } from './events.js';
import type { Claim } from './idempotency.js';
import type { MenuItemRow, OrderItemRow, OrderRow } from './rows.js';

/** An order's row as it is inserted, from the order as decided (shared/src/decisions/orders.ts). */
function orderRow(orgId: string, order: Order) {
  return {
    id: order.id,
    org_id: orgId,
    venue_id: order.venueId,
    session_id: order.sessionId,
    status: order.status,
    subtotal: order.subtotal,
    tax: order.tax,
    total: order.total,
    priority: order.priority,
    created_at: order.createdAt,
    updated_at: order.createdAt,
  };
}

/** Its items' rows, each in its place in the order (`sort_order`); `modifiers` as the statement
 * takes them (as JSON text for a column, as they are inside a JSON parameter). */
function orderItemRows(orgId: string, order: Order, modifiers: (m: Order['items'][number]['modifiers']) => unknown) {
  return order.items.map((item, index) => ({
    id: item.id,
    org_id: orgId,
    venue_id: item.venueId,
    order_id: order.id,
    menu_item_id: item.menuItemId,
    menu_item_name: item.menuItemName,
    station: item.station,
    prep_time: item.prepTime,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    total_price: item.totalPrice,
    notes: item.notes,
    modifiers_json: modifiers(item.modifiers),
    course: item.course,
    status: item.status,
    fire_at: item.fireAt,
    sort_order: index,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  }));
}

/** Orders with their session's table, which the presenters show. */
function ordersWithTable(q: Queryable) {
  return q<OrderRow>('orders as o')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .select('o.*', 't.id as table_id', 't.name as table_name', 's.status as session_status');
}

/**
 * Inserts an order with its items, in one statement, if its session is active in the order's
 * venue; answers whether it inserted (not when an order with that id exists already: a client-made
 * id sent again, placed meanwhile by another request).
 */
export async function insertOrder(trx: Trx, orgId: string, order: Order): Promise<boolean> {
  const result = await trx.raw<{ rows: { inserted: boolean }[] }>(
    `with s as (
       select s.id from sessions s
       where s.id = ? and s.venue_id = ? and s.org_id = ? and s.status = 'ACTIVE'
     ),
     o as (
       insert into orders (id, org_id, venue_id, session_id, status, subtotal, tax, total, priority, created_at,
         updated_at)
       select ?, ?, ?, s.id, ?, ?, ?, ?, ?, ?, ? from s
       on conflict (id) do nothing
       returning id
     ),
     i as (
       insert into order_items (id, org_id, venue_id, order_id, menu_item_id, menu_item_name, station, prep_time,
         quantity, unit_price, total_price, notes, modifiers_json, course, status, fire_at, sort_order, created_at,
         updated_at)
       select x.id, x.org_id, x.venue_id, o.id, x.menu_item_id, x.menu_item_name, x.station, x.prep_time,
         x.quantity, x.unit_price, x.total_price, x.notes, x.modifiers_json, x.course, x.status, x.fire_at,
         x.sort_order, x.created_at, x.updated_at
       from o, jsonb_to_recordset(?::jsonb) as x(
         id uuid, org_id uuid, venue_id uuid, menu_item_id uuid, menu_item_name text, station text, prep_time int,
         quantity int, unit_price numeric, total_price numeric, notes text, modifiers_json jsonb, course text,
         status text, fire_at timestamptz, sort_order int, created_at timestamptz, updated_at timestamptz
       )
     )
     select (select count(*) from o) = 1 as inserted`,
    [
      order.sessionId,
      order.venueId,
      orgId,
      order.id,
      orgId,
      order.venueId,
      order.status,
      order.subtotal,
      order.tax,
      order.total,
      order.priority,
      order.createdAt,
      order.createdAt,
      JSON.stringify(orderItemRows(orgId, order, (m) => m)),
    ],
  );
  return result.rows[0]?.inserted === true;
}

/** What placing an order reads first: its session (kept active until commit), its menu items. */
export interface OrderContext {
  /** Null when the session is not the venue's. */
  session: { status: string; table_id: string | null; table_name: string | null } | null;
  /** An order with this id exists already (a client-made id sent again). */
  orderExists: boolean;
  /** The venue's tax rate (read in the same statement: no round trip more). */
  taxRateBps: number;
  menu: MenuItemRow[];
}

/** Every column of MenuItemRow, named: a prepared statement's columns must not follow the table's. */
const MENU_ITEM_COLUMNS = [
  'id',
  'org_id',
  'venue_id',
  'name',
  'description',
  'price',
  'category',
  'is_available',
  'image_url',
  'allergens',
  'prep_time',
  'calories',
  'is_vegetarian',
  'is_vegan',
  'is_gluten_free',
  'is_spicy',
  'is_popular',
  'station',
  'modifiers_schema',
  'sort_order',
  'temperature',
  'is_fragile',
] as const satisfies readonly (keyof MenuItemRow)[];
// A column MenuItemRow gains must be named above too.
type UnnamedMenuItemColumn = Exclude<keyof MenuItemRow, (typeof MENU_ITEM_COLUMNS)[number]>;
const everyMenuItemColumnNamed: [UnnamedMenuItemColumn] extends [never] ? true : UnnamedMenuItemColumn = true;
void everyMenuItemColumnNamed;

/**
 * One statement (readClaiming: with the request's idempotency claim when it waits for one): the
 * session with its table, locked FOR SHARE so it stays as read until commit (a checkout or a
 * payment waits for the order to commit), whether the order exists, and the menu items named.
 */
export async function readOrderContext(
  trx: Trx,
  scope: { orgId: string; venueId: string },
  sessionId: string,
  orderId: string,
  menuItemIds: readonly string[],
): Promise<OrderContext> {
  const rows = await readClaiming<
    MenuItemRow & {
      s_status__: string | null;
      s_table__: string | null;
      s_table_name__: string | null;
      order_exists__: boolean;
      venue_tax__: number | null;
    }
  >(
    trx,
    `with s as (
       select id, status, table_id from sessions where id = ? and venue_id = ? and org_id = ? for share
     )
     select s.status as s_status__, s.table_id as s_table__, t.name as s_table_name__,
       exists (select 1 from orders where id = ?) as order_exists__,
       (select tax_rate_bps from venues where id = ?) as venue_tax__, ${MENU_ITEM_COLUMNS.map((c) => `m.${c}`).join(', ')}
     from (select 1) one left join s on true
       left join tables t on t.id = s.table_id
       left join menu_items m on m.id = any(?::uuid[])
         and (m.venue_id = ? or (m.venue_id is null and m.org_id = ?))`,
    [sessionId, scope.venueId, scope.orgId, orderId, scope.venueId, [...menuItemIds], scope.venueId, scope.orgId],
    // Every guest order sends this statement: planned once per connection (it took longer to plan
    // than to run).
    { prepared: true },
  );
  const first = rows[0];
  if (!first) throw new Error('The order context read answered no row');
  return {
    session:
      first.s_status__ === null
        ? null
        : { status: first.s_status__, table_id: first.s_table__, table_name: first.s_table_name__ },
    orderExists: first.order_exists__,
    taxRateBps: first.venue_tax__ ?? TAX_RATE_BASIS_POINTS,
    menu: rows
      .filter((r) => r.id !== null)
      .map(
        ({ s_status__: _s, s_table__: _t, s_table_name__: _n, order_exists__: _e, venue_tax__: _v, ...item }) => item,
      ),
  };
}

// A guest's order written by hand (issue 28; db/connect.ts, handTransaction): the same read and
// the same write as readOrderContext with its claim and orderWrites with the key's answer and the
// event, in two statements whose text never changes, each prepared once per connection; and a
// session's next order in one (placeOnce), which checks that what the read answered still holds.

/**
 * The request's idempotency key claimed (`claim`, answering the key when claimed): a new key, or
 * one whose record is older than `expiredBefore` (a placeholder), taken over. `row` is the VALUES
 * or SELECT of the key's columns.
 */
function claimCte(row: string, expiredBefore: string): string {
  return `claim as (
     insert into idempotency_keys (org_id, key, principal, method, path, request_hash, created_at, status_code,
       response_json, answer_withheld)
     ${row}
     on conflict (org_id, key) do update set answer_withheld = excluded.answer_withheld,
       created_at = excluded.created_at, key = excluded.key, method = excluded.method, org_id = excluded.org_id,
       path = excluded.path, principal = excluded.principal, request_hash = excluded.request_hash,
       response_json = excluded.response_json, status_code = excluded.status_code
     where idempotency_keys.created_at < ${expiredBefore}::timestamptz
     returning key
   )`;
}

/** The read placing an order begins with, its idempotency key claimed in it (see readOrderContext). */
const PLACE_READ = handStatement(
  `with ${claimCte('values ($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, $7::timestamptz, 0, null, false)', '$8')},
   s as (
     select id, status, table_id from sessions where id = $9::uuid and venue_id = $10::uuid and org_id = $1::uuid
     for share
   )
   select (select count(*) from claim)::int as claimed, s.status as session_status, s.table_id,
     t.name as table_name, exists (select 1 from orders where id = $11::uuid) as order_exists,
     (select tax_rate_bps from venues where id = $10::uuid) as venue_tax,
     m.id, m.name, m.price, m.is_available, m.station, m.prep_time, m.modifiers_schema::text as modifiers_text,
     m.xmin::text as version
   from (select 1) one left join s on true
     left join tables t on t.id = s.table_id
     left join menu_items m on m.id = any($12::uuid[])
       and (m.venue_id = $10::uuid or (m.venue_id is null and m.org_id = $1::uuid))`,
);

/** A menu item as PLACE_READ reads it: its modifier groups as the stored JSON's text. */
export interface OrderableRow {
  id: string;
  name: string;
  price: string;
  is_available: boolean;
  station: string | null;
  prep_time: number | null;
  modifiers_text: string | null;
  /** The row's version: the id of the transaction that wrote it (its xmin), changed by any write. */
  version: string;
}

/** What PLACE_READ answers: the order's context, and whether the key was claimed. */
export interface ClaimedOrderContext {
  claimed: boolean;
  /** The venue's tax rate, in basis points. */
  taxRateBps: number;
  session: OrderContext['session'];
  orderExists: boolean;
  menu: OrderableRow[];
}

/**
 * readOrderContext with the request's key claimed, in a hand-built transaction's first statement;
 * `before`, when given, committed on its own in the same round trip first (HandTransaction.firstAfter),
 * and its rows answered too.
 */
export async function readClaimedOrderContext(
  tx: HandTransaction,
  claim: Claim,
  expiredBefore: Date,
  scope: { orgId: string; venueId: string },
  sessionId: string,
  orderId: string,
  menuItemIds: readonly string[],
  before?: HandCall,
): Promise<ClaimedOrderContext & { before: unknown[] }> {
  const values = [
    claim.org_id,
    claim.key,
    claim.principal,
    claim.method,
    claim.path,
    claim.request_hash,
    // As ISO text: node-postgres formats a Date in local time, a character at a time.
    claim.created_at.toISOString(),
    expiredBefore.toISOString(),
    sessionId,
    scope.venueId,
    orderId,
    // As an array literal made here: the ids are UUIDs (the request's schema), which need no quoting.
    `{${menuItemIds.join(',')}}`,
  ];
  type Row = OrderableRow & {
    claimed: number;
    venue_tax: number | null;
    session_status: string | null;
    table_id: string | null;
    table_name: string | null;
    order_exists: boolean;
  };
  const read = before
    ? await tx.firstAfter<unknown, Row>(before, PLACE_READ, values)
    : { before: [], rows: await tx.first<Row>(PLACE_READ, values) };
  const rows = read.rows;
  const first = rows[0];
  if (!first) throw new Error('The order context read answered no row');
  const menu: OrderableRow[] = [];
  for (const row of rows) if (row.id !== null) menu.push(row);
  return {
    claimed: first.claimed === 1,
    session:
      first.session_status === null
        ? null
        : { status: first.session_status, table_id: first.table_id, table_name: first.table_name },
    orderExists: first.order_exists,
    taxRateBps: first.venue_tax ?? TAX_RATE_BASIS_POINTS,
    menu,
    before: read.before,
  };
}

/**
 * The order (p.o, its JSON) and its items, each insert kept to `gate` (appended to each insert's
 * select: '' or a where clause); `org` is the org id's placeholder.
 */
function orderRowsCtes(gate: string, org: string): string {
  return `o as (
     insert into orders (id, org_id, venue_id, session_id, status, subtotal, tax, total, priority, created_at,
       updated_at)
     select (o->>'id')::uuid, ${org}::uuid, (o->>'venueId')::uuid, (o->>'sessionId')::uuid, o->>'status',
       (o->>'subtotal')::numeric, (o->>'tax')::numeric, (o->>'total')::numeric, o->>'priority',
       (o->>'createdAt')::timestamptz, (o->>'createdAt')::timestamptz
     from p${gate}
   ),
   i as (
     insert into order_items (id, org_id, venue_id, order_id, menu_item_id, menu_item_name, station, prep_time,
       quantity, unit_price, total_price, notes, modifiers_json, course, status, fire_at, sort_order, created_at,
       updated_at)
     select x.id, ${org}::uuid, x."venueId", (p.o->>'id')::uuid, x."menuItemId", x."menuItemName", x.station,
       x."prepTime", x.quantity, x."unitPrice", x."totalPrice", x.notes, x.modifiers, x.course, x.status,
       x."fireAt", (e.n - 1)::int, x."createdAt", x."updatedAt"
     from p, jsonb_array_elements(p.o->'items') with ordinality as e(item, n),
       jsonb_to_record(e.item) as x(id uuid, "venueId" uuid, "menuItemId" uuid, "menuItemName" text, station text,
         "prepTime" int, quantity int, "unitPrice" numeric, "totalPrice" numeric, notes text, modifiers jsonb,
         course text, status text, "fireAt" timestamptz, "createdAt" timestamptz, "updatedAt" timestamptz)${gate}
   )`;
}

/**
 * The order, its items, its key's answer (the order, 201) and its event, from the order's JSON
 * alone ($1), in the transaction's last statement: the rows orderWrites, completeKey and
 * appendVenueEvents write, column for column.
 */
const PLACE_WRITE = handStatement(
  `with p as (select $1::jsonb as o),
   ${orderRowsCtes('', '$2')},
   k as (
     update idempotency_keys set status_code = $4::int, response_json = p.o, answer_withheld = false
     from p where org_id = $2::uuid and key = $3::text
   ),
   b as (
     insert into event_batches (venue_id, rows, notify_channel, notify_max_bytes)
     select (o->>'venueId')::uuid,
       jsonb_build_array(jsonb_build_object('n', 1, 'id', $5::uuid, 'org_id', $2::uuid, 'user_id', $6::uuid,
         'terminal_id', $7::uuid, 'type', 'order.created', 'created_at', o->'createdAt',
         'payload_json', jsonb_build_object('type', 'order.created', 'order', o, 'venueId', o->'venueId',
           'at', o->'createdAt'))),
       $8::text, $9::int
     from p
     returning 1
   )
   select count(*)::int as batches from b`,
);

/** What PLACE_WRITE writes besides the order: who placed it and its key. */
export interface PlacedOrderWrite {
  orgId: string;
  /** The order as placed (its createdAt the event's time), as JSON: the answer, stored as it is sent. */
  orderJson: string;
  key: string;
  status: number;
  eventId: string;
  userId: string | null;
  terminalId: string | null;
}

/**
 * A keyed order decided on what the cloud last read of its session and its dishes, placed in one
 * statement (issue 28): the guest's two limits counted (when `limited`), then everything
 * PLACE_WRITE writes, with the key claimed already answered, but only when the limits allow it,
 * the session is still ACTIVE at the same table (locked FOR SHARE, as PLACE_READ locks it), the
 * venue's tax rate is as read, no order has its id, and every dish is still as read (its row not
 * written since: the same xmin; in the venue's or the organization's menu). Otherwise nothing but
 * the limits' counts is written, and `claimed` is 0. (`notified` is selected so that the
 * notification's CTE runs: PostgreSQL runs a CTE that only reads when something reads it.)
 *
 * Its event is numbered here rather than through event_batches' trigger at COMMIT (migration
 * 0010): the statement is its own transaction, so the venue's row is locked from this update to
 * the commit that follows it at once, and the numbers still commit in order. The row and its
 * payload are the trigger's, field for field, and so is its notification, whose text is made by
 * the cloud up to the event's number. The venue is locked after the session (the update needs the
 * claim, which needs the session's lock), as every other write locks them.
 */
function placeOnceStatement(limited: boolean) {
  const limits = limited ? `${countTwoCtes(['la', 'lb'], ['$25', '$26', '$27', '$28', '$29', '$30'])},` : '';
  const allowed = limited
    ? 'and exists (select 1 from la where la.points <= $29::int) and exists (select 1 from lb where lb.points <= $31::int)'
    : '';
  const counts = limited ? ', la.points, la.expire, lb.points as then_points, lb.expire as then_expire' : '';
  const joins = limited ? ' left join la on true left join lb on true' : '';
  return handStatement(
    `with p as (select $1::jsonb as o),
   ${limits}
   s as (
     select s.id from sessions s left join tables t on t.id = s.table_id
     where s.id = $16::uuid and s.venue_id = $17::uuid and s.org_id = $2::uuid and s.status = 'ACTIVE'
       and s.table_id is not distinct from $18::uuid and t.name is not distinct from $19::text
     for share of s
   ),
   m as (
     select count(*)::int as n
     from unnest($20::uuid[], $23::text[]) as d(id, version)
     join menu_items mi on mi.id = d.id and mi.xmin::text = d.version
       and (mi.venue_id = $17::uuid or (mi.venue_id is null and mi.org_id = $2::uuid))
   ),
   go as (
     select 1 from s, m
     where m.n = cardinality($20::uuid[]) and not exists (select 1 from orders where id = $21::uuid)
       and exists (select 1 from venues where id = $17::uuid and tax_rate_bps = $22::int) ${allowed}
   ),
   ${claimCte(
     'select $2::uuid, $3::text, $10::text, $11::text, $12::text, $13::text, $14::timestamptz, $4::int, p.o, false from p, go',
     '$15',
   )},
   ${orderRowsCtes(' where exists (select 1 from claim)', '$2')},
   v as (
     update venues set event_seq = event_seq + 1 where id = $17::uuid and exists (select 1 from claim)
     returning event_seq
   ),
   e as (
     insert into events (id, org_id, venue_id, seq, user_id, terminal_id, type, payload_json, created_at)
     select $5::uuid, $2::uuid, $17::uuid, v.event_seq, $6::uuid, $7::uuid, 'order.created',
       jsonb_build_object('type', 'order.created', 'order', p.o, 'venueId', p.o->'venueId', 'at', p.o->'createdAt',
         'seq', v.event_seq),
       (p.o->>'createdAt')::timestamptz
     from p, v
     returning seq
   ),
   n as (
     select pg_notify($8::text, case when octet_length(note) <= $9::int then note else $17::text end)
     from (select $24::text || e.seq || '}]}' as note from e) x
   )
   select (select count(*) from claim)::int as claimed, (select count(*) from n)::int as notified${counts}
   from (select 1) one${joins}`,
  );
}

const PLACE_ONCE = { limited: placeOnceStatement(true), unlimited: placeOnceStatement(false) };

/** What the cloud last read of a session, as an order's decision needs it. */
export interface SessionSeen {
  tableId: string | null;
  tableName: string | null;
  /** Its venue's tax rate, in basis points. */
  taxRateBps: number;
}

/** An order decided on what was last read, for placeOnce. */
export interface OnceOrder extends PlacedOrderWrite {
  claim: Claim;
  expiredBefore: Date;
  venueId: string;
  sessionId: string;
  /** The order's createdAt, as in its JSON: its event's time. */
  createdAt: string;
  session: SessionSeen;
  orderId: string;
  /** The dishes as read (each once), which must still be so. */
  dishes: readonly OrderableRow[];
  limits?: { call: HandCall; secondPoints: number };
}

/** What placeOnce answers: whether the order was placed, and the limits' counts when it counted them. */
export interface OnceAnswer {
  claimed: number;
  points?: number;
  expire?: number | null;
  then_points?: number | null;
  then_expire?: number | null;
}

/** Places an order decided on what was last read, in one statement (see placeOnceStatement). */
export async function placeOnce(tx: HandTransaction, order: OnceOrder): Promise<OnceAnswer> {
  const values: unknown[] = [
    order.orderJson,
    order.orgId,
    order.key,
    order.status,
    order.eventId,
    order.userId,
    order.terminalId,
    EVENTS_CHANNEL,
    NOTIFY_EVENTS_MAX_BYTES,
    order.claim.principal,
    order.claim.method,
    order.claim.path,
    order.claim.request_hash,
    order.claim.created_at.toISOString(),
    order.expiredBefore.toISOString(),
    order.sessionId,
    order.venueId,
    order.session.tableId,
    order.session.tableName,
    // As array literals made here: the ids are UUIDs and the versions numbers, which need no quoting.
    `{${order.dishes.map((d) => d.id).join(',')}}`,
    order.orderId,
    order.session.taxRateBps,
    `{${order.dishes.map((d) => d.version).join(',')}}`,
    // The notification as the trigger's would read (repositories/events.ts), up to its number:
    // written here rather than made by PostgreSQL from the stored event, for one event of one venue.
    `{"venueId":${JSON.stringify(order.venueId)},"events":[{"type":"order.created","order":${order.orderJson},` +
      `"venueId":${JSON.stringify(order.venueId)},"at":${JSON.stringify(order.createdAt)},"seq":`,
  ];
  if (order.limits) values.push(...order.limits.call.values, order.limits.secondPoints);
  const rows = await tx.only<OnceAnswer>(order.limits ? PLACE_ONCE.limited : PLACE_ONCE.unlimited, values);
  const row = rows[0];
  if (!row) throw new Error('Placing an order in one statement answered no row');
  return row;
}

/** Writes a placed order with its key's answer and its event, and commits (a hand-built transaction's last statement). */
export async function writePlacedOrder(tx: HandTransaction, write: PlacedOrderWrite): Promise<void> {
  await tx.last(PLACE_WRITE, [
    write.orderJson,
    write.orgId,
    write.key,
    write.status,
    write.eventId,
    write.userId,
    write.terminalId,
    EVENTS_CHANNEL,
    NOTIFY_EVENTS_MAX_BYTES,
  ]);
}

/**
 * The order and its items as writes for the transaction's last statement (atCommit), for a
 * transaction that reads nothing back after it: readOrderContext locked the session and found no
 * order with this id. Another request inserting the same id first fails the commit with a unique
 * violation, and the request is tried again (it then finds the order).
 */
export function orderWrites(trx: Trx, orgId: string, order: Order): Knex.QueryBuilder[] {
  return [
    trx('orders').insert(orderRow(orgId, order)),
    trx('order_items').insert(orderItemRows(orgId, order, (m) => JSON.stringify(m))),
  ];
}

export async function findOrderById(q: Queryable, id: string): Promise<OrderRow | undefined> {
  return ordersWithTable(q).where('o.id', id).first();
}

/** Orders still being served: not closed, or of a session that is still active. */
export async function listOpenOrders(q: Queryable, venueId: string): Promise<OrderRow[]> {
  return ordersWithTable(q)
    .where('o.venue_id', venueId)
    .andWhere((w) => w.whereNot('o.status', 'CLOSED').orWhere('s.status', 'ACTIVE'))
    .orderBy([{ column: 'o.created_at' }, { column: 'o.id' }]);
}

export async function listItemsOfOrders(q: Queryable, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return q<OrderItemRow>('order_items')
    .whereIn('order_id', [...orderIds])
    .orderBy([{ column: 'created_at' }, { column: 'sort_order' }, { column: 'id' }]);
}

export async function listOrdersOfSession(q: Queryable, sessionId: string): Promise<OrderRow[]> {
  return ordersWithTable(q)
    .where('o.session_id', sessionId)
    .orderBy([{ column: 'o.created_at' }, { column: 'o.id' }]);
}

export async function listOrderIdsOfSession(q: Queryable, sessionId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await q('orders').where({ session_id: sessionId }).select('id');
  return rows.map((r) => r.id);
}

export async function findItemInVenue(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderItemRow | undefined> {
  const query = q<OrderItemRow>('order_items').where({ id, venue_id: venueId });
  if (opts.forUpdate) query.forUpdate();
  return query.first();
}

export async function setItemStatus(trx: Trx, id: string, status: OrderItemState, at: Date): Promise<OrderItemRow> {
  const [row] = await trx<OrderItemRow>('order_items').where({ id }).update({ status, updated_at: at }).returning('*');
  if (!row) throw new Error(`Order item ${id} does not exist`);
  return row;
}

/** A held item fired early (Fire now): to the kitchen, its fire time now. */
export async function setItemFired(trx: Trx, id: string, status: OrderItemState, at: Date): Promise<void> {
  const changed = await trx('order_items').where({ id }).update({ status, fire_at: at, updated_at: at });
  if (changed !== 1) throw new Error(`Order item ${id} does not exist`);
}

/** Locks every item of an order (in id order), for a change to several of them at once. */
export async function lockItemsOfOrder(trx: Trx, orderId: string): Promise<void> {
  await trx('order_items').where({ order_id: orderId }).orderBy('id').forUpdate().select('id');
}

/**
 * Moves the venue's item to `to` if it is in one of the states `from`, under the row's lock, in
 * one statement; answers the moved row and the state it left, or undefined (no such item in the
 * venue, or in another state).
 */
export async function moveItemFrom(
  trx: Trx,
  venueId: string,
  id: string,
  from: readonly OrderItemState[],
  to: OrderItemState,
  at: Date,
): Promise<{ row: OrderItemRow; from: OrderItemState } | undefined> {
  if (from.length === 0) return undefined;
  const result = await trx.raw<{ rows: (OrderItemRow & { left_status: OrderItemState })[] }>(
    `update order_items i set status = ?, updated_at = ?
     from (select id, status from order_items where id = ? and venue_id = ? for update) old
     where i.id = old.id and old.status = any(?)
     returning i.*, old.status as left_status`,
    [to, at, id, venueId, [...from]],
  );
  const [moved] = result.rows;
  if (!moved) return undefined;
  const { left_status, ...row } = moved;
  return { row, from: left_status };
}

/** The venue's items among `ids`, locked for update (in id order, so two lockers cannot deadlock). */
export async function lockItemsInVenue(trx: Trx, venueId: string, ids: readonly string[]): Promise<OrderItemRow[]> {
  if (ids.length === 0) return [];
  return trx<OrderItemRow>('order_items')
    .where({ venue_id: venueId })
    .whereIn('id', [...ids])
    .orderBy('id')
    .forUpdate();
}

/** Writes each item's status, moved at `at`, in one statement (items locked by this transaction). */
export async function writeItemStatuses(
  trx: Trx,
  statuses: ReadonlyMap<string, OrderItemState>,
  at: Date,
): Promise<void> {
  if (statuses.size === 0) return;
  const values = [...statuses].map(([id, status]) => ({ id, status }));
  const result = await trx.raw(
    `update order_items i set status = v.status, updated_at = ?
     from jsonb_to_recordset(?::jsonb) as v(id uuid, status text)
     where i.id = v.id`,
    [at, JSON.stringify(values)],
  );
  if (result.rowCount !== statuses.size) throw new Error('Order items vanished under their lock');
}

export interface KitchenRow extends OrderItemRow {
  table_number: string | null;
  table_name: string | null;
  order_priority: string;
}

export async function listKitchenItems(
  q: Queryable,
  venueId: string,
  states: readonly OrderItemState[],
): Promise<KitchenRow[]> {
  return q<KitchenRow>('order_items as i')
    .join('orders as o', 'o.id', 'i.order_id')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .where('i.venue_id', venueId)
    .whereIn('i.status', [...states])
    .select('i.*', 't.number as table_number', 't.name as table_name', 'o.priority as order_priority')
    .orderBy([{ column: 'i.created_at' }, { column: 'i.sort_order' }, { column: 'i.id' }]);
}

/** Venues that have items in `held` states whose fire time has come. */
export async function venuesWithDueItems(
  q: Queryable,
  held: readonly OrderItemState[],
  now: Date,
): Promise<Array<{ venue_id: string; org_id: string }>> {
  return q('order_items')
    .whereIn('status', [...held])
    .andWhere('fire_at', '<=', now)
    .distinct('venue_id', 'org_id');
}

/**
 * A venue's items in `held` states whose fire time has come, locked. SKIP LOCKED lets several
 * cloud instances run the firer at once: an item another instance is firing is skipped, and once
 * fired it no longer matches.
 */
export async function lockDueItems(
  trx: Trx,
  venueId: string,
  held: readonly OrderItemState[],
  now: Date,
): Promise<OrderItemRow[]> {
  return trx<OrderItemRow>('order_items')
    .where({ venue_id: venueId })
    .whereIn('status', [...held])
    .andWhere('fire_at', '<=', now)
    .orderBy([{ column: 'fire_at' }, { column: 'created_at' }, { column: 'sort_order' }])
    .forUpdate()
    .skipLocked();
}

/** The venue's order and its session, if the venue has it. */
export async function findOrderSessionInVenue(
  q: Queryable,
  venueId: string,
  orderId: string,
): Promise<{ id: string; session_id: string } | undefined> {
  return q<OrderRow>('orders').where({ id: orderId, venue_id: venueId }).first('id', 'session_id');
}

/** The order of each of the venue's items among `itemIds` (another venue's are left out). */
export async function ordersOfItems(
  q: Queryable,
  venueId: string,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows: { id: string; order_id: string }[] = await q('order_items')
    .where('venue_id', venueId)
    .whereIn('id', [...itemIds])
    .select('id', 'order_id');
  return new Map(rows.map((r) => [r.id, r.order_id]));
}

export interface VenueOrderItemRow extends OrderItemRow {
  session_id: string;
  table_id: string | null;
  table_name: string | null;
}

/** A venue's order items, newest first, by the filters GET /api/order-items takes. */
export async function listVenueOrderItems(
  q: Queryable,
  venueId: string,
  filter: {
    status?: string | undefined;
    orderId?: string | undefined;
    station?: string | undefined;
    since?: string | undefined;
    limit: number;
  },
): Promise<VenueOrderItemRow[]> {
  const query = q<VenueOrderItemRow>('order_items as i')
    .join('orders as o', 'o.id', 'i.order_id')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .where('i.venue_id', venueId);
  if (filter.status) query.andWhere('i.status', filter.status);
  if (filter.orderId) query.andWhere('i.order_id', filter.orderId);
  if (filter.station) query.andWhere('i.station', filter.station);
  if (filter.since) query.andWhere('i.created_at', '>=', new Date(filter.since));
  return query
    .select('i.*', 'o.session_id', 's.table_id', 't.name as table_name')
    .orderBy([
      { column: 'i.created_at', order: 'desc' },
      { column: 'i.order_id', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ])
    .limit(filter.limit);
}
