// The pass and the runners (spec 2 sections 2.6, 2.7 and 4): expo sends an order whose items are
// all ready to the runners; a runner picks it up, delivers it or sends it back, alone or as part
// of a zone run. The order's items move with it (so the kitchen and the guest see each move), and
// the runner's availability follows what they carry.
import { randomUUID } from 'node:crypto';
import {
  type DeliveryRun,
  type DeliveryRunRequest,
  decideRunnerMove,
  decideSendToRunners,
  ITEM_TEMPERATURES,
  MESSAGES,
  type OrderItemState,
  RUNNER_DELIVERED_WINDOW_MS,
  type Runner,
  type RunnerItemFacts,
  type RunnerOrder,
  type RunnerOrderState,
  type RunnerStatusRequest,
  runnerInstructions,
  runnerOrderStatus,
  runnerOrdersAnswer,
  SERVICE_MESSAGES,
  type SendToExpoRequest,
  UNZONED_RUNNER_ZONE,
} from '@tablewise/shared';
import { actorRef, type Queryable, type Trx, type VenueActor } from '../context.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { presentOrderItem } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import {
  type DeliveryRunRow,
  findDeliveryRun,
  findRunner,
  findRunnerOrder,
  insertDeliveryRun,
  listDeliveryRunRows,
  listRunnerItems,
  listRunnerOrderRows,
  listRunnerRows,
  lockOrderForPass,
  ordersOutWith,
  passTicketsOf,
  type RunnerItemRow,
  type RunnerOrderRow,
  type RunnerRow,
  recentDeliveries,
  setRunner,
  updateRunnerOrder,
} from '../repositories/runners.js';
import { applyDecided, authorOf } from './decided.js';
import { changeItemStatus } from './order-items.js';

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

function temperatureOf(value: string | null): RunnerOrder['items'][number]['temperature'] {
  return (ITEM_TEMPERATURES as readonly string[]).includes(value ?? '')
    ? (value as (typeof ITEM_TEMPERATURES)[number])
    : null;
}

function presentRunnerOrder(row: RunnerOrderRow, items: readonly RunnerItemRow[]): RunnerOrder {
  if (!row.ready_at) throw new Error(`Order ${row.id} is not with the runners`);
  return {
    id: row.id,
    orderId: row.order_id,
    tableName: row.table_name,
    zone: row.zone ?? row.table_zone ?? UNZONED_RUNNER_ZONE,
    status: runnerOrderStatus(items.map((i) => i.status as OrderItemState)),
    readyAt: row.ready_at.toISOString(),
    pickedUpAt: iso(row.picked_up_at),
    deliveredAt: iso(row.delivered_at),
    estimatedDeliveryTime: row.estimated_delivery_minutes,
    items: items.map((i) => ({
      id: i.id,
      menuItemName: i.menu_item_name,
      quantity: i.quantity,
      temperature: temperatureOf(i.temperature),
      fragile: i.is_fragile,
      course: presentOrderItem(i).course,
      station: i.station,
      status: i.status as OrderItemState,
    })),
    specialInstructions: runnerInstructions(
      row.special_instructions,
      items.map((i) => ({ menuItemName: i.menu_item_name, notes: i.notes })),
    ),
    runnerAssigned: row.runner_id,
    priority: row.priority as RunnerOrder['priority'],
    deliveryRunId: row.delivery_run_id,
  };
}

function presentRunner(row: RunnerRow): Runner {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    status: row.status as Runner['status'],
    currentZone: row.current_zone,
  };
}

function presentDeliveryRun(row: DeliveryRunRow): DeliveryRun {
  return {
    id: row.id,
    runnerId: row.runner_id,
    zone: row.zone,
    status: row.status as DeliveryRun['status'],
    orderIds: row.order_ids ?? [],
    startedAt: row.started_at.toISOString(),
    completedAt: iso(row.completed_at),
  };
}

async function runnerOrderNow(q: Queryable, venueId: string, id: string): Promise<RunnerOrder> {
  const row = await findRunnerOrder(q, venueId, id);
  if (!row) throw notFound('Order');
  return presentRunnerOrder(row, await listRunnerItems(q, [id]));
}

/** The order as it is now, told to every screen and terminal (runner.order.updated). */
async function orderUpdated(trx: Trx, actor: VenueActor, id: string, now: Date): Promise<RunnerOrder> {
  const order = await runnerOrderNow(trx, actor.venueId, id);
  await appendEvent(trx, { ...author(actor), at: now, event: { type: 'runner.order.updated', order } });
  return order;
}

export async function runnerOrders(q: Queryable, venueId: string, now: Date): Promise<RunnerOrder[]> {
  const rows = await listRunnerOrderRows(q, venueId, new Date(now.getTime() - RUNNER_DELIVERED_WINDOW_MS));
  const items = await listRunnerItems(
    q,
    rows.map((r) => r.id),
  );
  const orders = rows.map((row) =>
    presentRunnerOrder(
      row,
      items.filter((i) => i.pass_ticket_id === row.id),
    ),
  );
  return runnerOrdersAnswer(orders, new Map(items.map((i) => [i.id, i.status as OrderItemState])), now);
}

export async function runners(q: Queryable, venueId: string): Promise<Runner[]> {
  return (await listRunnerRows(q, venueId)).map(presentRunner);
}

export async function deliveryRuns(q: Queryable, actor: VenueActor, now: Date): Promise<DeliveryRun[]> {
  const rows = await listDeliveryRunRows(q, actor.venueId, new Date(now.getTime() - RUNNER_DELIVERED_WINDOW_MS));
  return rows.map(presentDeliveryRun);
}

function author(actor: VenueActor) {
  const { userId, terminalId } = actorRef(actor);
  return { orgId: actor.orgId, venueId: actor.venueId, userId, terminalId };
}

/** An item of an order as the runners' decisions read it. */
function runnerItemFacts(i: RunnerItemRow): RunnerItemFacts {
  return { ...presentOrderItem(i), temperature: temperatureOf(i.temperature), fragile: i.is_fragile };
}

/** Send to Runner: decided by the shared rule (decideSendToRunners) on the locked order. */
export async function sendOrderToRunners(
  trx: Trx,
  actor: VenueActor,
  orderId: string,
  input: SendToExpoRequest,
  now: Date,
): Promise<RunnerOrder> {
  const row = await lockOrderForPass(trx, actor.venueId, orderId);
  const items = row ? await listRunnerItems(trx, [orderId], 'order') : [];
  const tickets = row ? await passTicketsOf(trx, orderId, input.id) : { hasTicket: false, ticketIdTaken: false };
  const since = new Date(now.getTime() - RUNNER_DELIVERED_WINDOW_MS);
  const decided = decideSendToRunners(
    {
      order: row
        ? {
            id: row.id,
            tableName: row.table_name,
            zone: row.table_zone,
            priority: row.priority as RunnerOrder['priority'],
            specialInstructions: row.special_instructions,
            items: items.map((i) => ({ ...runnerItemFacts(i), onPass: i.pass_ticket_id !== null })),
          }
        : null,
      ...tickets,
      freshId: randomUUID(),
      recentDeliveries: row ? await recentDeliveries(trx, actor.venueId, since) : [],
    },
    input,
    now,
  );
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** Moves the order's items that are in `from` to `to`, each with its own event. */
async function moveItems(
  trx: Trx,
  actor: VenueActor,
  items: readonly RunnerItemRow[],
  from: RunnerOrderState,
  to: RunnerOrderState,
  now: Date,
) {
  for (const item of items) {
    if (item.status === from) await changeItemStatus(trx, actor, item.id, to, now);
  }
}

async function runnerChanged(trx: Trx, actor: VenueActor, before: RunnerRow, after: RunnerRow, now: Date) {
  if (before.status === after.status && before.current_zone === after.current_zone) return;
  await appendEvent(trx, {
    ...author(actor),
    at: now,
    event: { type: 'runner.status.changed', runner: presentRunner(after) },
  });
}

async function takeOut(trx: Trx, actor: VenueActor, runner: RunnerRow, zone: string, now: Date) {
  const after = await setRunner(trx, runner.id, { status: 'busy', current_zone: zone }, now);
  await runnerChanged(trx, actor, runner, after, now);
}

async function lockRunnerFor(trx: Trx, actor: VenueActor, runnerId: string): Promise<RunnerRow> {
  const runner = await findRunner(trx, actor.venueId, runnerId, { forUpdate: true });
  if (!runner) throw notFound('Runner');
  if (runner.status === 'offline') throw conflict(SERVICE_MESSAGES.runnerUnavailable(runner.name));
  return runner;
}

/** Pick Up (needs a runner), Delivered, Return Requested: decided by the shared rule
 * (decideRunnerMove) on the locked order, its runner and whoever carries it. */
export async function changeRunnerOrder(
  trx: Trx,
  actor: VenueActor,
  orderId: string,
  input: RunnerStatusRequest,
  now: Date,
): Promise<RunnerOrder> {
  const row = await findRunnerOrder(trx, actor.venueId, orderId, { forUpdate: true });
  const onThePass = row?.ready_at ? row : undefined;
  const items = onThePass ? await listRunnerItems(trx, [orderId]) : [];
  const runner =
    onThePass && input.runnerId ? await findRunner(trx, actor.venueId, input.runnerId, { forUpdate: true }) : undefined;
  const carrierId = onThePass?.runner_id ?? null;
  const carrier =
    carrierId && carrierId === runner?.id
      ? runner
      : carrierId
        ? await findRunner(trx, actor.venueId, carrierId, { forUpdate: true })
        : undefined;
  const decided = decideRunnerMove(
    {
      order: onThePass ? { ...presentRunnerOrder(onThePass, items), itemsNow: items.map(runnerItemFacts) } : null,
      runner: runner ? presentRunner(runner) : null,
      carrier: carrier ? presentRunner(carrier) : null,
      carrierOtherOrdersOut: carrier ? await ordersOutWith(trx, carrier.id, orderId) : 0,
    },
    input,
    now,
  );
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** Create Zone Run: the runner picks up every order named, each ready and in the zone. */
export async function createZoneRun(
  trx: Trx,
  actor: VenueActor,
  input: DeliveryRunRequest,
  now: Date,
): Promise<DeliveryRun> {
  if (!input.runnerId) throw badRequest(MESSAGES.zoneRunNeedsRunner);
  const orderIds = [...new Set(input.orderIds)];
  if (orderIds.length === 0) throw badRequest(MESSAGES.zoneRunNeedsReadyOrder(input.zone));
  const runner = await lockRunnerFor(trx, actor, input.runnerId);
  const orders: { row: RunnerOrderRow; items: RunnerItemRow[] }[] = [];
  for (const id of [...orderIds].sort()) {
    const row = await findRunnerOrder(trx, actor.venueId, id, { forUpdate: true });
    if (!row?.ready_at) throw notFound('Order');
    const items = await listRunnerItems(trx, [id]);
    const zone = row.zone ?? row.table_zone ?? UNZONED_RUNNER_ZONE;
    const status = runnerOrderStatus(items.map((i) => i.status as OrderItemState));
    if (zone !== input.zone || status !== 'READY_FOR_RUN')
      throw conflict(SERVICE_MESSAGES.zoneRunOrderNotReady(input.zone));
    orders.push({ row, items });
  }
  const id = randomUUID();
  await insertDeliveryRun(
    trx,
    { id, org_id: actor.orgId, venue_id: actor.venueId, runner_id: runner.id, zone: input.zone, started_at: now },
    orderIds,
  );
  for (const { row, items } of orders) {
    await moveItems(trx, actor, items, 'READY_FOR_RUN', 'OUT_FOR_DELIVERY', now);
    await updateRunnerOrder(trx, row.id, { runner_id: runner.id, picked_up_at: now }, now);
  }
  await takeOut(trx, actor, runner, input.zone, now);
  for (const { row } of orders) await orderUpdated(trx, actor, row.id, now);
  const run = await findDeliveryRun(trx, id);
  if (!run) throw new Error('Delivery run vanished inside its own transaction');
  return presentDeliveryRun(run);
}
