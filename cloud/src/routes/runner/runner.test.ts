import { randomUUID } from 'node:crypto';
import { DeliveryRun, MESSAGES, Runner, RunnerOrder, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let guest: Client;
let sessionId: string;
let alex: string;
let jordan: string;
let offline: string;
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  ({ guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string));
  [alex, jordan, offline] = [randomUUID(), randomUUID(), randomUUID()];
  const runner = (id: string, name: string, status = 'available') => ({
    id,
    org_id: h.fixture.a.orgId,
    venue_id: h.fixture.a.venueId,
    name,
    status,
  });
  await h.database
    .db('runners')
    .insert([runner(alex, 'Alex Rivera'), runner(jordan, 'Jordan Lee'), runner(offline, 'Sam Patel', 'offline')]);
  await h.database.db('menu_items').where({ id: h.fixture.a.menu.lemonade }).update({ temperature: 'cold' });
  await h.database
    .db('menu_items')
    .where({ id: h.fixture.a.menu.cake })
    .update({ temperature: 'cold', is_fragile: true });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.clock.offsetMs = 0;
});

/** An order of a lemonade and a cheesecake, both ready in the kitchen; answers the order id. */
async function readyOrder(): Promise<string> {
  const reply = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
      { menuItemId: h.fixture.a.menu.cake, quantity: 1, course: 'drink', specialInstructions: 'birthday candle' },
    ],
  });
  expect(reply.status).toBe(201);
  const ids: string[] = reply.body.items.map((i: { id: string }) => i.id);
  const moves = ids.flatMap((id) => [
    { id, status: 'IN_PREP' },
    { id, status: 'READY_FOR_RUN' },
  ]);
  expect((await staff.post('/api/order-items/batch-update', { updates: moves })).status).toBe(200);
  return reply.body.id;
}

async function sentOrder(): Promise<string> {
  const id = await readyOrder();
  expect((await staff.post(`/api/orders/${id}/send-to-expo`)).status).toBe(200);
  return id;
}

const itemStates = async (orderId: string) =>
  (await h.database.db('order_items').where({ order_id: orderId }).orderBy('sort_order')).map((i) => i.status);
const eventsSince = async (seq: number) =>
  h.database.db('events').where('seq', '>', seq).orderBy('seq').select('type', 'payload_json');
const lastSeq = async () => Number((await h.database.db('events').max({ m: 'seq' }))[0]?.m ?? 0);
const runnerRow = (id: string) => h.database.db('runners').where({ id }).first();

describe('POST /api/orders/:orderId/send-to-expo', () => {
  it("sends an order whose items are all ready to the runners, in its table's zone", async () => {
    const id = await readyOrder();
    const seq = await lastSeq();
    const reply = await staff.post(`/api/orders/${id}/send-to-expo`);
    expect(reply.status).toBe(200);
    const order = RunnerOrder.parse(reply.body);
    expect(order).toMatchObject({
      id,
      zone: 'Dining Room',
      status: 'READY_FOR_RUN',
      tableName: 'Table 3',
      estimatedDeliveryTime: 5,
      runnerAssigned: null,
      specialInstructions: 'Cheesecake: birthday candle',
    });
    expect(order.items.map((i) => [i.menuItemName, i.quantity, i.temperature, i.fragile])).toEqual([
      ['Lemonade', 2, 'cold', false],
      ['Cheesecake', 1, 'cold', true],
    ]);
    expect((await eventsSince(seq)).map((e) => [e.type, e.payload_json.orderId ?? e.payload_json.order?.id])).toEqual([
      ['order.ready_for_run', id],
      ['runner.order.updated', id],
    ]);
    const listed = z.array(RunnerOrder).parse((await staff.get('/api/runner/orders')).body);
    expect(listed.map((o) => o.id)).toContain(id);
  });

  it('sends the drinks while the dessert is held, then the dessert on a ticket of its own (issue 22)', async () => {
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
        { menuItemId: h.fixture.a.menu.cake, quantity: 1, course: 'dessert' },
      ],
    });
    expect(reply.status).toBe(201);
    const [drink, dessert] = reply.body.items.map((i: { id: string; status: string }) => i);
    expect(dessert.status).toBe('CONFIRMED');
    const cook = (id: string) => [
      { id, status: 'IN_PREP' },
      { id, status: 'READY_FOR_RUN' },
    ];
    expect((await staff.post('/api/order-items/batch-update', { updates: cook(drink.id) })).status).toBe(200);
    const first = await staff.post(`/api/orders/${reply.body.id}/send-to-expo`);
    expect(first.status).toBe(200);
    expect(RunnerOrder.parse(first.body)).toMatchObject({ id: reply.body.id, orderId: reply.body.id });
    expect(first.body.items.map((i: { id: string }) => i.id)).toEqual([drink.id]);
    // The drink goes out and arrives while the dessert is still held.
    const out = await staff.post(`/api/runner/orders/${first.body.id}/status`, {
      status: 'OUT_FOR_DELIVERY',
      runnerId: jordan,
    });
    expect(out.status).toBe(200);
    expect((await staff.post(`/api/runner/orders/${first.body.id}/status`, { status: 'DELIVERED' })).status).toBe(200);
    expect((await staff.post(`/api/orders/${reply.body.id}/send-to-expo`)).body.message).toBe(
      SERVICE_MESSAGES.expoNotReady,
    );
    // Fired and cooked later, the dessert is its own ticket.
    await h.database.db('order_items').where({ id: dessert.id }).update({ status: 'SENT_TO_KITCHEN' });
    expect((await staff.post('/api/order-items/batch-update', { updates: cook(dessert.id) })).status).toBe(200);
    const second = await staff.post(`/api/orders/${reply.body.id}/send-to-expo`);
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(reply.body.id);
    expect(second.body).toMatchObject({ orderId: reply.body.id, status: 'READY_FOR_RUN' });
    expect(second.body.items.map((i: { id: string }) => i.id)).toEqual([dessert.id]);
    const listed = z.array(RunnerOrder).parse((await staff.get('/api/runner/orders')).body);
    const mine = listed.filter((o) => o.orderId === reply.body.id).map((o) => [o.id === reply.body.id, o.status]);
    expect(mine).toEqual([
      [true, 'DELIVERED'],
      [false, 'READY_FOR_RUN'],
    ]);
  });

  it('refuses an order with an item still cooking, and one already sent', async () => {
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
    });
    const cooking = await staff.post(`/api/orders/${reply.body.id}/send-to-expo`);
    expect(cooking.status).toBe(409);
    expect(cooking.body.message).toBe(SERVICE_MESSAGES.expoNotReady);
    const id = await sentOrder();
    const again = await staff.post(`/api/orders/${id}/send-to-expo`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SERVICE_MESSAGES.expoAlreadySent);
  });

  it("answers 404 for another organization's order and an unknown one, 401 for a guest", async () => {
    const id = await readyOrder();
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const foreign = await beta.post(`/api/orders/${id}/send-to-expo`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MESSAGES.notFound('Order'));
    expect((await staff.post(`/api/orders/${randomUUID()}/send-to-expo`)).status).toBe(404);
    expect((await guest.post(`/api/orders/${id}/send-to-expo`)).status).toBe(401);
    expect(await h.database.db('pass_tickets').where({ order_id: id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('answers a keyed repeat as the first time, with one event', async () => {
    const id = await readyOrder();
    const first = await staff.post(`/api/orders/${id}/send-to-expo`, undefined, { key: `expo-${id}` });
    const seq = await lastSeq();
    const again = await staff.post(`/api/orders/${id}/send-to-expo`, undefined, { key: `expo-${id}` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await lastSeq()).toBe(seq);
  });
});

describe('runners', () => {
  it('lists the venue runners by name, none of another organization', async () => {
    const reply = await staff.get('/api/runners');
    expect(reply.status).toBe(200);
    const runners = z.array(Runner).parse(reply.body);
    expect(runners.map((r) => r.name)).toEqual(['Alex Rivera', 'Jordan Lee', 'Sam Patel']);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await beta.get('/api/runners')).body).toEqual([]);
    expect((await beta.get('/api/runner/orders')).body).toEqual([]);
  });
});

describe('POST /api/runner/orders/:id/status', () => {
  it('picks up with a runner, delivers, and frees the runner, with every event', async () => {
    const id = await sentOrder();
    const seq = await lastSeq();
    const picked = await staff.post(`/api/runner/orders/${id}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: alex });
    expect(picked.status).toBe(200);
    expect(RunnerOrder.parse(picked.body)).toMatchObject({ status: 'OUT_FOR_DELIVERY', runnerAssigned: alex });
    expect(await itemStates(id)).toEqual(['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY']);
    expect((await runnerRow(alex)).status).toBe('busy');

    h.clock.offsetMs = 4 * 60_000;
    const delivered = await staff.post(`/api/runner/orders/${id}/status`, { status: 'DELIVERED' });
    expect(delivered.status).toBe(200);
    const order = RunnerOrder.parse(delivered.body);
    expect(order.status).toBe('DELIVERED');
    expect(order.deliveredAt).not.toBeNull();
    expect(await itemStates(id)).toEqual(['DELIVERED', 'DELIVERED']);
    expect((await runnerRow(alex)).status).toBe('available');
    expect((await eventsSince(seq)).map((e) => e.type)).toEqual([
      'order.item.status.changed',
      'order.item.status.changed',
      'runner.status.changed',
      'runner.order.updated',
      'order.item.status.changed',
      'order.item.status.changed',
      'order.delivered',
      'runner.status.changed',
      'runner.order.updated',
    ]);
    // The guest sees it delivered.
    const guestOrders = (await guest.get('/api/guest/orders')).body as { id: string; items: { status: string }[] }[];
    expect(guestOrders.find((o) => o.id === id)?.items.map((i) => i.status)).toEqual(['DELIVERED', 'DELIVERED']);
  });

  it('refuses Pick Up without a runner, with an offline runner and a runner of another organization', async () => {
    const id = await sentOrder();
    const none = await staff.post(`/api/runner/orders/${id}/status`, { status: 'OUT_FOR_DELIVERY' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MESSAGES.pickUpNeedsRunner);
    const away = await staff.post(`/api/runner/orders/${id}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: offline });
    expect(away.status).toBe(409);
    expect(away.body.message).toBe(SERVICE_MESSAGES.runnerUnavailable('Sam Patel'));
    const stranger = await staff.post(`/api/runner/orders/${id}/status`, {
      status: 'OUT_FOR_DELIVERY',
      runnerId: randomUUID(),
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(MESSAGES.notFound('Runner'));
    expect(await itemStates(id)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN']);
  });

  it('refuses a move the table does not allow, naming both states', async () => {
    const id = await sentOrder();
    const reply = await staff.post(`/api/runner/orders/${id}/status`, { status: 'DELIVERED' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(SERVICE_MESSAGES.runnerOrderTransitionRefused('READY_FOR_RUN', 'DELIVERED'));
    expect(await itemStates(id)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN']);
  });

  it('sends an order back (Return Requested)', async () => {
    const id = await sentOrder();
    await staff.post(`/api/runner/orders/${id}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: jordan });
    const reply = await staff.post(`/api/runner/orders/${id}/status`, { status: 'RETURN_REQUESTED' });
    expect(reply.status).toBe(200);
    expect(RunnerOrder.parse(reply.body).status).toBe('RETURN_REQUESTED');
    expect(await itemStates(id)).toEqual(['RETURN_REQUESTED', 'RETURN_REQUESTED']);
    expect((await runnerRow(jordan)).status).toBe('available');
  });

  it("answers 404 for another organization's order and for one not sent to the runners", async () => {
    const id = await sentOrder();
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const foreign = await beta.post(`/api/runner/orders/${id}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: alex });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MESSAGES.notFound('Order'));
    const notSent = await readyOrder();
    expect(
      (await staff.post(`/api/runner/orders/${notSent}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: alex })).status,
    ).toBe(404);
    expect(await itemStates(id)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN']);
  });

  it('answers 400 naming the field for an unknown status', async () => {
    const id = await sentOrder();
    const reply = await staff.post(`/api/runner/orders/${id}/status`, { status: 'LOST' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^Invalid status: /);
  });

  it('answers a keyed repeat as the first time and moves nothing again', async () => {
    const id = await sentOrder();
    const body = { status: 'OUT_FOR_DELIVERY', runnerId: alex };
    const first = await staff.post(`/api/runner/orders/${id}/status`, body, { key: `pick-${id}` });
    const seq = await lastSeq();
    const again = await staff.post(`/api/runner/orders/${id}/status`, body, { key: `pick-${id}` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await lastSeq()).toBe(seq);
    await staff.post(`/api/runner/orders/${id}/status`, { status: 'DELIVERED' });
  });
});

describe('POST /api/runner/delivery-runs', () => {
  it("takes the zone's ready orders out with one runner, and completes when all are delivered", async () => {
    const [a, b] = [await sentOrder(), await sentOrder()];
    const reply = await staff.post('/api/runner/delivery-runs', {
      zone: 'Dining Room',
      orderIds: [a, b],
      runnerId: jordan,
    });
    expect(reply.status).toBe(201);
    const run = DeliveryRun.parse(reply.body);
    expect(run).toMatchObject({ runnerId: jordan, zone: 'Dining Room', status: 'active', completedAt: null });
    expect(new Set(run.orderIds)).toEqual(new Set([a, b]));
    expect(await itemStates(a)).toEqual(['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY']);
    expect((await runnerRow(jordan)).status).toBe('busy');
    const listed = z.array(RunnerOrder).parse((await staff.get('/api/runner/orders')).body);
    expect(listed.find((o) => o.id === a)).toMatchObject({ deliveryRunId: run.id, runnerAssigned: jordan });

    await staff.post(`/api/runner/orders/${a}/status`, { status: 'DELIVERED' });
    expect((await runnerRow(jordan)).status).toBe('busy');
    await staff.post(`/api/runner/orders/${b}/status`, { status: 'DELIVERED' });
    expect((await runnerRow(jordan)).status).toBe('available');
    const runs = z.array(DeliveryRun).parse((await staff.get('/api/runner/delivery-runs')).body);
    expect(runs.find((r) => r.id === run.id)?.status).toBe('completed');
  });

  it('refuses a run without a runner, without orders, or with an order not ready in the zone; changes nothing', async () => {
    const a = await sentOrder();
    const noRunner = await staff.post('/api/runner/delivery-runs', { zone: 'Dining Room', orderIds: [a] });
    expect(noRunner.status).toBe(400);
    expect(noRunner.body.message).toBe(MESSAGES.zoneRunNeedsRunner);
    const noOrders = await staff.post('/api/runner/delivery-runs', {
      zone: 'Dining Room',
      orderIds: [],
      runnerId: alex,
    });
    expect(noOrders.status).toBe(400);
    expect(noOrders.body.message).toBe(MESSAGES.zoneRunNeedsReadyOrder('Dining Room'));
    const wrongZone = await staff.post('/api/runner/delivery-runs', { zone: 'Patio', orderIds: [a], runnerId: alex });
    expect(wrongZone.status).toBe(409);
    expect(wrongZone.body.message).toBe(SERVICE_MESSAGES.zoneRunOrderNotReady('Patio'));
    const b = await sentOrder();
    await staff.post(`/api/runner/orders/${b}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: jordan });
    const notReady = await staff.post('/api/runner/delivery-runs', {
      zone: 'Dining Room',
      orderIds: [a, b],
      runnerId: alex,
    });
    expect(notReady.status).toBe(409);
    expect(await itemStates(a)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN']);
    expect((await runnerRow(alex)).status).toBe('available');
    await staff.post(`/api/runner/orders/${b}/status`, { status: 'DELIVERED' });
  });

  it("answers 404 for another organization's runner or order", async () => {
    const a = await sentOrder();
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const reply = await beta.post('/api/runner/delivery-runs', { zone: 'Dining Room', orderIds: [a], runnerId: alex });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(MESSAGES.notFound('Runner'));
    expect(await itemStates(a)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN']);
  });
});
