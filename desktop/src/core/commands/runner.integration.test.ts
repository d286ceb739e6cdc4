// Expo and the runners on a terminal with the cloud away: Send to Runner, Pick Up (refused without
// a runner, as the cloud refuses it) and Delivered apply to the replica at once, and each reaches
// the cloud once, through the outbox, when it is back.
import { randomUUID } from 'node:crypto';
import { MESSAGES, Runner, RunnerOrder, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import { coresOnOneDataDir, untilOnline } from '../test/core-on-cloud.js';
import { cloudAway } from '../test/drinks-on-terminal.js';
import { freePort } from '../test/fixtures.js';

let harness: Harness | undefined;
let cores: ReturnType<typeof coresOnOneDataDir> | undefined;
let back: RunningCloud | null = null;

afterAll(async () => {
  await cores?.close();
  await back?.close();
  await harness?.close();
});

it('sends to the runners, picks up and delivers offline; the cloud gets each move once', async () => {
  harness = await startHarness({ port: await freePort() });
  const h = harness;
  const a = h.fixture.a;
  const alex = randomUUID();
  await h.database.db('runners').insert({ id: alex, org_id: a.orgId, venue_id: a.venueId, name: 'Alex Rivera' });
  const staff = await loginAs(h.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: a.menu.lemonade, quantity: 2, course: 'drink' }],
  });
  const orderId = placed.body.id as string;
  const itemId = placed.body.items[0].id as string;
  const moves = [
    { id: itemId, status: 'IN_PREP' },
    { id: itemId, status: 'READY_FOR_RUN' },
  ];
  expect((await staff.post('/api/order-items/batch-update', { updates: moves })).status).toBe(200);

  const paired = await pairTerminal(h.cloud.url, a.managerEmail, 'Pass PC');
  cores = coresOnOneDataDir(() => h.cloud.url);
  const core = await cores.start(paired.credential);
  await untilOnline(core);
  await expect
    .poll(() => core.replica.read.sql.prepare('SELECT status FROM order_items WHERE id = ?').get(itemId), {
      timeout: 10_000,
    })
    .toEqual({ status: 'READY_FOR_RUN' });
  const tab = await loginAs(core.url, a.staffEmail);
  await cloudAway(h, core);

  const sent = await tab.post(`/api/orders/${orderId}/send-to-expo`);
  expect(sent.status).toBe(200);
  expect(RunnerOrder.parse(sent.body)).toMatchObject({ id: orderId, zone: 'Dining Room', status: 'READY_FOR_RUN' });
  const again = await tab.post(`/api/orders/${orderId}/send-to-expo`);
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(SERVICE_MESSAGES.expoAlreadySent);
  const noRunner = await tab.post(`/api/runner/orders/${orderId}/status`, { status: 'OUT_FOR_DELIVERY' });
  expect(noRunner.status).toBe(400);
  expect(noRunner.body.message).toBe(MESSAGES.pickUpNeedsRunner);
  const picked = await tab.post(`/api/runner/orders/${orderId}/status`, { status: 'OUT_FOR_DELIVERY', runnerId: alex });
  expect(picked.status).toBe(200);
  expect(z.array(Runner).parse((await tab.get('/api/runners')).body)).toEqual([
    { id: alex, userId: null, name: 'Alex Rivera', status: 'busy', currentZone: 'Dining Room' },
  ]);
  const delivered = await tab.post(`/api/runner/orders/${orderId}/status`, { status: 'DELIVERED' });
  expect(delivered.status).toBe(200);
  const listed = z.array(RunnerOrder).parse((await tab.get('/api/runner/orders')).body);
  expect(listed.map((o) => [o.id, o.status, o.runnerAssigned])).toEqual([[orderId, 'DELIVERED', alex]]);
  expect((await tab.get('/api/order-items/kitchen')).body).toEqual([]);
  expect(core.status().outbox.pending).toBe(3);

  back = await h.startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(core.status().outbox.rejected).toEqual([]);
  const item = await h.database.db('order_items').where({ id: itemId }).first();
  expect(item.status).toBe('DELIVERED');
  // The order went out as one ticket, with the order's id.
  const ticket = await h.database.db('pass_tickets').where({ id: orderId }).first();
  expect(ticket.runner_id).toBe(alex);
  expect(ticket.delivered_at).not.toBeNull();
  const events = await h.database
    .db('events')
    .whereIn('type', ['order.ready_for_run', 'order.delivered'])
    .select('type');
  expect(events.map((e) => e.type)).toEqual(['order.ready_for_run', 'order.delivered']);
  expect((await h.database.db('runners').where({ id: alex }).first()).status).toBe('available');

  // Zone runs are the cloud's: the terminal asks it while it is there, and says so when it is not.
  const next = await guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' }],
  });
  const nextItem = next.body.items[0].id as string;
  const nextMoves = [
    { id: nextItem, status: 'IN_PREP' },
    { id: nextItem, status: 'READY_FOR_RUN' },
  ];
  expect((await staff.post('/api/order-items/batch-update', { updates: nextMoves })).status).toBe(200);
  expect((await staff.post(`/api/orders/${next.body.id}/send-to-expo`)).status).toBe(200);
  await expect
    .poll(async () => ((await tab.get('/api/runner/orders')).body as { id: string }[]).map((o) => o.id), {
      timeout: 10_000,
    })
    .toContain(next.body.id);
  const run = await tab.post('/api/runner/delivery-runs', {
    zone: 'Dining Room',
    orderIds: [next.body.id],
    runnerId: alex,
  });
  expect(run.status).toBe(201);
  expect(((await tab.get('/api/runner/delivery-runs')).body as { id: string }[]).map((r) => r.id)).toEqual([
    run.body.id,
  ]);
  await expect
    .poll(
      async () =>
        z
          .array(RunnerOrder)
          .parse((await tab.get('/api/runner/orders')).body)
          .find((o) => o.id === next.body.id)?.status,
      {
        timeout: 10_000,
      },
    )
    .toBe('OUT_FOR_DELIVERY');
  await back.close();
  back = null;
  await expect.poll(() => core.status().online, { timeout: 5_000 }).toBe(false);
  const away = await tab.post('/api/runner/delivery-runs', {
    zone: 'Dining Room',
    orderIds: [orderId],
    runnerId: alex,
  });
  expect(away.status).toBe(503);
  expect(away.body.message).toBe(SERVICE_MESSAGES.deliveryRunsNeedCloud);
});
