// Runners, the orders on the pass and zone runs (cloud migration 0002's tables).
import type { Queryable, Trx } from '../context.js';
import type { OrderItemRow } from './rows.js';

export interface RunnerRow {
  id: string;
  org_id: string;
  venue_id: string;
  name: string;
  status: string;
  current_zone: string | null;
}

/** An order as the runners read it, with its table's name and zone. */
export interface RunnerOrderRow {
  id: string;
  org_id: string;
  venue_id: string;
  status: string;
  zone: string | null;
  priority: string;
  special_instructions: string | null;
  runner_id: string | null;
  ready_at: Date | null;
  picked_up_at: Date | null;
  delivered_at: Date | null;
  estimated_delivery_minutes: number | null;
  table_name: string | null;
  table_zone: string | null;
  delivery_run_id: string | null;
}

export interface RunnerItemRow extends OrderItemRow {
  temperature: string | null;
  is_fragile: boolean;
}

export interface DeliveryRunRow {
  id: string;
  runner_id: string;
  zone: string;
  status: string;
  started_at: Date;
  completed_at: Date | null;
  order_ids: string[] | null;
}

function runnerOrders(q: Queryable) {
  return q<RunnerOrderRow>('orders as o')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .select(
      'o.id',
      'o.org_id',
      'o.venue_id',
      'o.status',
      'o.zone',
      'o.priority',
      'o.special_instructions',
      'o.runner_id',
      'o.ready_at',
      'o.picked_up_at',
      'o.delivered_at',
      'o.estimated_delivery_minutes',
      't.name as table_name',
      't.zone as table_zone',
      q.raw(
        `(select r.delivery_run_id from delivery_run_orders r join delivery_runs d on d.id = r.delivery_run_id
          where r.order_id = o.id order by d.started_at desc limit 1) as delivery_run_id`,
      ),
    );
}

/** An order of the venue, locked when asked (every runner move of it goes one at a time). */
export async function findRunnerOrder(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RunnerOrderRow | undefined> {
  if (opts.forUpdate) {
    const locked = await q('orders').where({ id, venue_id: venueId }).forUpdate().first('id');
    if (!locked) return undefined;
  }
  return runnerOrders(q).where({ 'o.id': id, 'o.venue_id': venueId }).first();
}

/** Orders sent to the runners and not delivered, and those delivered since `deliveredSince`. */
export async function listRunnerOrderRows(
  q: Queryable,
  venueId: string,
  deliveredSince: Date,
): Promise<RunnerOrderRow[]> {
  return runnerOrders(q)
    .where('o.venue_id', venueId)
    .whereNotNull('o.ready_at')
    .andWhere((w) => w.whereNull('o.delivered_at').orWhere('o.delivered_at', '>=', deliveredSince))
    .orderBy([{ column: 'o.ready_at' }, { column: 'o.id' }]);
}

export async function listRunnerItems(q: Queryable, orderIds: readonly string[]): Promise<RunnerItemRow[]> {
  if (orderIds.length === 0) return [];
  return q<RunnerItemRow>('order_items as i')
    .leftJoin('menu_items as m', 'm.id', 'i.menu_item_id')
    .whereIn('i.order_id', [...orderIds])
    .select('i.*', 'm.temperature', q.raw('coalesce(m.is_fragile, false) as is_fragile'))
    .orderBy([{ column: 'i.sort_order' }, { column: 'i.created_at' }, { column: 'i.id' }]);
}

export async function markSentToRunners(
  trx: Trx,
  id: string,
  fields: { zone: string; estimated: number; at: Date },
): Promise<void> {
  // The order's own status is left as the order list shows it: the runners' state is its items'.
  await trx('orders').where({ id }).update({
    zone: fields.zone,
    ready_at: fields.at,
    estimated_delivery_minutes: fields.estimated,
    updated_at: fields.at,
  });
}

/** The venue's orders delivered since `since`: their zone and when they were ready and delivered. */
export async function recentDeliveries(
  q: Queryable,
  venueId: string,
  since: Date,
): Promise<{ zone: string; readyAt: string; deliveredAt: string }[]> {
  const rows = await q('orders')
    .where({ venue_id: venueId })
    .whereNotNull('zone')
    .whereNotNull('ready_at')
    .whereNotNull('delivered_at')
    .andWhere('delivered_at', '>=', since)
    .select<{ zone: string; ready_at: Date; delivered_at: Date }[]>('zone', 'ready_at', 'delivered_at');
  return rows.map((r) => ({
    zone: r.zone,
    readyAt: r.ready_at.toISOString(),
    deliveredAt: r.delivered_at.toISOString(),
  }));
}

export async function updateRunnerOrder(
  trx: Trx,
  id: string,
  fields: Partial<{
    runner_id: string | null;
    picked_up_at: Date;
    delivered_at: Date;
  }>,
  at: Date,
): Promise<void> {
  await trx('orders')
    .where({ id })
    .update({ ...fields, updated_at: at });
}

export async function listRunnerRows(q: Queryable, venueId: string): Promise<RunnerRow[]> {
  return q<RunnerRow>('runners')
    .where({ venue_id: venueId })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function findRunner(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RunnerRow | undefined> {
  const query = q<RunnerRow>('runners').where({ id, venue_id: venueId });
  return opts.forUpdate ? query.forUpdate().first() : query.first();
}

export async function setRunner(
  trx: Trx,
  id: string,
  fields: { status: string; current_zone: string | null },
  at: Date,
): Promise<RunnerRow> {
  const [row] = await trx('runners')
    .where({ id })
    .update({ ...fields, updated_at: at })
    .returning<RunnerRow[]>('*');
  if (!row) throw new Error(`Runner ${id} vanished under its lock`);
  return row;
}

/** How many orders the runner has out now, `exceptOrderId` aside. */
export async function ordersOutWith(q: Queryable, runnerId: string, exceptOrderId?: string): Promise<number> {
  const [row] = await q('orders')
    .where({ runner_id: runnerId })
    .modify((w) => {
      if (exceptOrderId) w.whereNot('id', exceptOrderId);
    })
    .whereNotNull('picked_up_at')
    .whereNull('delivered_at')
    .whereNot('status', 'CLOSED')
    .whereExists(function outItems() {
      this.select(1)
        .from('order_items as i')
        .whereRaw('i.order_id = orders.id')
        .andWhere('i.status', 'OUT_FOR_DELIVERY');
    })
    .count({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function insertDeliveryRun(
  trx: Trx,
  run: { id: string; org_id: string; venue_id: string; runner_id: string; zone: string; started_at: Date },
  orderIds: readonly string[],
): Promise<void> {
  await trx('delivery_runs').insert({
    ...run,
    status: 'active',
    created_at: run.started_at,
    updated_at: run.started_at,
  });
  await trx('delivery_run_orders').insert(
    orderIds.map((order_id, sort_order) => ({
      org_id: run.org_id,
      venue_id: run.venue_id,
      delivery_run_id: run.id,
      order_id,
      sort_order,
      created_at: run.started_at,
    })),
  );
}

function deliveryRuns(q: Queryable) {
  return q<DeliveryRunRow>('delivery_runs as d').select(
    'd.id',
    'd.runner_id',
    'd.zone',
    'd.status',
    'd.started_at',
    'd.completed_at',
    q.raw(
      '(select array_agg(r.order_id order by r.sort_order) from delivery_run_orders r where r.delivery_run_id = d.id) as order_ids',
    ),
  );
}

export async function findDeliveryRun(q: Queryable, id: string): Promise<DeliveryRunRow | undefined> {
  return deliveryRuns(q).where('d.id', id).first();
}

/** Active runs, then runs completed since `since`, newest first. */
export async function listDeliveryRunRows(q: Queryable, venueId: string, since: Date): Promise<DeliveryRunRow[]> {
  return deliveryRuns(q)
    .where('d.venue_id', venueId)
    .andWhere((w) => w.where('d.status', 'active').orWhere('d.completed_at', '>=', since))
    .orderByRaw(`case when d.status = 'active' then 0 else 1 end, d.started_at desc, d.id`);
}

/** Completes the order's active runs whose every order is delivered or sent back. */
export async function completeFinishedRuns(trx: Trx, orderId: string, at: Date): Promise<void> {
  await trx.raw(
    `update delivery_runs d set status = 'completed', completed_at = ?, updated_at = ?
     where d.status = 'active'
       and d.id in (select delivery_run_id from delivery_run_orders where order_id = ?)
       and not exists (
         select 1 from delivery_run_orders r join order_items i on i.order_id = r.order_id
         where r.delivery_run_id = d.id and i.status not in ('DELIVERED', 'RETURN_REQUESTED', 'CLOSED'))`,
    [at, at, orderId],
  );
}

/** Writes an order's decided place on the pass: its zone, when it was sent, who carries it. */
export async function saveRunnerOrder(
  trx: Trx,
  order: {
    id: string;
    zone: string;
    readyAt: string;
    estimatedDeliveryTime: number | null;
    runnerAssigned: string | null;
    pickedUpAt: string | null;
    deliveredAt: string | null;
  },
  at: Date,
): Promise<void> {
  await trx('orders')
    .where({ id: order.id })
    .update({
      zone: order.zone,
      ready_at: new Date(order.readyAt),
      estimated_delivery_minutes: order.estimatedDeliveryTime,
      runner_id: order.runnerAssigned,
      picked_up_at: order.pickedUpAt ? new Date(order.pickedUpAt) : null,
      delivered_at: order.deliveredAt ? new Date(order.deliveredAt) : null,
      updated_at: at,
    });
}
