// Runners, the tickets on the pass and zone runs (cloud migrations 0002 and 0017): a ticket is the
// items of an order that expo sent to the runners together.
import type { Queryable, Trx } from '../context.js';
import type { OrderItemRow } from './rows.js';

export interface RunnerRow {
  id: string;
  org_id: string;
  venue_id: string;
  /** The staff member this runner is (their role carries the RUNNER duty), if any. */
  user_id: string | null;
  name: string;
  status: string;
  current_zone: string | null;
}

/** A ticket on the pass as the runners read it, with its order's and table's facts. */
export interface RunnerOrderRow {
  id: string;
  order_id: string;
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
  /** The ticket it went out on, null while it is not on the pass. */
  pass_ticket_id: string | null;
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
  return q<RunnerOrderRow>('pass_tickets as p')
    .join('orders as o', 'o.id', 'p.order_id')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .select(
      'p.id',
      'p.order_id',
      'p.org_id',
      'p.venue_id',
      'o.status',
      'p.zone',
      'o.priority',
      'o.special_instructions',
      'p.runner_id',
      'p.ready_at',
      'p.picked_up_at',
      'p.delivered_at',
      'p.estimated_delivery_minutes',
      't.name as table_name',
      't.zone as table_zone',
      q.raw(
        `(select r.delivery_run_id from delivery_run_orders r join delivery_runs d on d.id = r.delivery_run_id
          where r.order_id = p.id order by d.started_at desc limit 1) as delivery_run_id`,
      ),
    );
}

/** A ticket of the venue, locked when asked (every runner move of it goes one at a time). */
export async function findRunnerOrder(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RunnerOrderRow | undefined> {
  if (opts.forUpdate) {
    const locked = await q('pass_tickets').where({ id, venue_id: venueId }).forUpdate().first('id');
    if (!locked) return undefined;
  }
  return runnerOrders(q).where({ 'p.id': id, 'p.venue_id': venueId }).first();
}

/** An order bound for the pass, locked (expo's sends of one order go one at a time). */
export interface OrderForPassRow {
  id: string;
  priority: string;
  special_instructions: string | null;
  table_name: string | null;
  table_zone: string | null;
}

export async function lockOrderForPass(
  trx: Trx,
  venueId: string,
  orderId: string,
): Promise<OrderForPassRow | undefined> {
  const locked = await trx('orders').where({ id: orderId, venue_id: venueId }).forUpdate().first('id');
  if (!locked) return undefined;
  return trx('orders as o')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .where('o.id', orderId)
    .first<OrderForPassRow>(
      'o.id',
      'o.priority',
      'o.special_instructions',
      't.name as table_name',
      't.zone as table_zone',
    );
}

/** Whether a ticket has this id, and whether the order has any ticket. */
export async function passTicketsOf(
  q: Queryable,
  orderId: string,
  ticketId: string | undefined,
): Promise<{ hasTicket: boolean; ticketIdTaken: boolean }> {
  const rows = await q('pass_tickets')
    .where({ order_id: orderId })
    .modify((w) => {
      if (ticketId) w.orWhere({ id: ticketId });
    })
    .select<{ id: string; order_id: string }[]>('id', 'order_id');
  return {
    hasTicket: rows.some((r) => r.order_id === orderId),
    ticketIdTaken: ticketId !== undefined && rows.some((r) => r.id === ticketId),
  };
}

/** Tickets sent to the runners and not delivered, and those delivered since `deliveredSince`. */
export async function listRunnerOrderRows(
  q: Queryable,
  venueId: string,
  deliveredSince: Date,
): Promise<RunnerOrderRow[]> {
  return runnerOrders(q)
    .where('p.venue_id', venueId)
    .andWhere((w) => w.whereNull('p.delivered_at').orWhere('p.delivered_at', '>=', deliveredSince))
    .orderBy([{ column: 'p.ready_at' }, { column: 'p.id' }]);
}

/** The items of tickets (`of: 'ticket'`), or every item of orders (`of: 'order'`), with their
 * dishes' handling facts. */
export async function listRunnerItems(
  q: Queryable,
  ids: readonly string[],
  of: 'ticket' | 'order' = 'ticket',
): Promise<RunnerItemRow[]> {
  if (ids.length === 0) return [];
  return q<RunnerItemRow>('order_items as i')
    .leftJoin('menu_items as m', 'm.id', 'i.menu_item_id')
    .whereIn(of === 'ticket' ? 'i.pass_ticket_id' : 'i.order_id', [...ids])
    .select('i.*', 'm.temperature', q.raw('coalesce(m.is_fragile, false) as is_fragile'))
    .orderBy([{ column: 'i.sort_order' }, { column: 'i.created_at' }, { column: 'i.id' }]);
}

/** The venue's orders delivered since `since`: their zone and when they were ready and delivered. */
export async function recentDeliveries(
  q: Queryable,
  venueId: string,
  since: Date,
): Promise<{ zone: string; readyAt: string; deliveredAt: string }[]> {
  const rows = await q('pass_tickets')
    .where({ venue_id: venueId })
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
  await trx('pass_tickets')
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

/** How many tickets the runner has out now, `exceptTicketId` aside. */
export async function ordersOutWith(q: Queryable, runnerId: string, exceptTicketId?: string): Promise<number> {
  const [row] = await q('pass_tickets as p')
    .where({ 'p.runner_id': runnerId })
    .modify((w) => {
      if (exceptTicketId) w.whereNot('p.id', exceptTicketId);
    })
    .whereNotNull('p.picked_up_at')
    .whereNull('p.delivered_at')
    .whereExists(function outItems() {
      this.select(1)
        .from('order_items as i')
        .whereRaw('i.pass_ticket_id = p.id')
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
         select 1 from delivery_run_orders r join order_items i on i.pass_ticket_id = r.order_id
         where r.delivery_run_id = d.id and i.status not in ('DELIVERED', 'RETURN_REQUESTED', 'CLOSED'))`,
    [at, at, orderId],
  );
}

/** Writes a ticket's decided place on the pass (its zone, when it was sent, who carries it) and
 * marks its items as on it. */
export async function saveRunnerOrder(
  trx: Trx,
  scope: { orgId: string; venueId: string },
  ticket: {
    id: string;
    orderId: string;
    zone: string;
    readyAt: string;
    estimatedDeliveryTime: number | null;
    runnerAssigned: string | null;
    pickedUpAt: string | null;
    deliveredAt: string | null;
    items: readonly { id: string }[];
  },
  at: Date,
): Promise<void> {
  const fields = {
    zone: ticket.zone,
    ready_at: new Date(ticket.readyAt),
    estimated_delivery_minutes: ticket.estimatedDeliveryTime,
    runner_id: ticket.runnerAssigned,
    picked_up_at: ticket.pickedUpAt ? new Date(ticket.pickedUpAt) : null,
    delivered_at: ticket.deliveredAt ? new Date(ticket.deliveredAt) : null,
    updated_at: at,
  };
  await trx('pass_tickets')
    .insert({ id: ticket.id, org_id: scope.orgId, venue_id: scope.venueId, order_id: ticket.orderId, ...fields })
    .onConflict('id')
    .merge(fields);
  await trx('order_items')
    .whereIn(
      'id',
      ticket.items.map((i) => i.id),
    )
    .whereNull('pass_ticket_id')
    .update({ pass_ticket_id: ticket.id });
}
