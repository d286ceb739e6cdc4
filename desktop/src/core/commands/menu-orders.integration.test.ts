// The orders and menu screen's changes on a terminal with the cloud away: a priority raised, a held
// item cancelled (a fired one refused as the cloud would), a dish taken off the menu, each answered
// from the replica at once and reaching the cloud once when it returns, without the cloud's own
// events undoing them on the terminal. A cancel the cloud refuses (the item fired there first) is
// named to staff and the item comes back on the terminal.
import { randomUUID } from 'node:crypto';
import { MESSAGES, MenuAnswer, MenuItem, Order, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { type Client, checkInGuest, type Harness, loginAs } from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startHostStand } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let back: RunningCloud | null = null;
let tab: Client;

beforeAll(async () => {
  ({ harness, terminal, tab } = await startHostStand());
});

afterAll(async () => {
  await terminal?.close();
  await back?.close();
  await harness?.close();
});

/** A guest's order on the cloud (a drink, fired at once, and a held dessert), once the terminal has it. */
async function placeOrder(cloudUrl: string, table: number): Promise<Order> {
  const staff = await loginAs(cloudUrl, harness.fixture.a.staffEmail);
  const { guest, sessionId } = await checkInGuest(cloudUrl, staff, harness.fixture.a.tableIds[table] as string);
  const reply = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: harness.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: harness.fixture.a.menu.cake, quantity: 1, course: 'dessert' },
    ],
  });
  const order = Order.parse(reply.body);
  await expect
    .poll(async () => ((await tab.get('/api/orders')).body as Order[]).some((o) => o.id === order.id), {
      timeout: 10_000,
    })
    .toBe(true);
  return order;
}

const onTerminal = async (id: string) => ((await tab.get('/api/orders')).body as Order[]).find((o) => o.id === id);
const itemNamed = (order: Order, name: string) => order.items.find((i) => i.menuItemName === name)?.id as string;

it('raises a priority, cancels a held item and takes a dish off offline; the cloud gets each once', async () => {
  const order = await placeOrder(harness.cloud.url, 0);
  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);

  const raised = await tab.request('PATCH', `/api/orders/${order.id}/priority`, { body: { priority: 'urgent' } });
  expect(raised.status).toBe(200);
  expect(Order.parse(raised.body).priority).toBe('urgent');
  const cancelled = await tab.post(`/api/order-items/${itemNamed(order, 'Cheesecake')}/cancel`);
  expect(cancelled.status).toBe(200);
  // Lemonade 3.50 alone: tax 0.31.
  expect(Order.parse(cancelled.body)).toMatchObject({ subtotal: '3.50', tax: '0.31', total: '3.81' });
  const fired = await tab.post(`/api/order-items/${itemNamed(order, 'Lemonade')}/cancel`);
  expect(fired.status).toBe(409);
  expect(fired.body.message).toBe(SERVICE_MESSAGES.itemAlreadyFired('Lemonade'));
  expect((await tab.post(`/api/order-items/${randomUUID()}/cancel`)).status).toBe(404);
  const off = await tab.request('PATCH', `/api/menu/${harness.fixture.a.menu.fries}/availability`, {
    body: { isAvailable: false },
  });
  expect(MenuItem.parse(off.body).isAvailable).toBe(false);
  const bad = await tab.request('PATCH', `/api/orders/${order.id}/priority`, { body: { priority: 'now' } });
  expect(bad.status).toBe(400);
  expect(terminal.core.status().outbox.pending).toBe(3);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(terminal.core.status().outbox.rejected).toEqual([]);
  const row = await harness.database.db('orders').where({ id: order.id }).first();
  expect([row.priority, row.total]).toEqual(['urgent', '3.81']);
  expect(await harness.database.db('order_items').where({ order_id: order.id }).pluck('menu_item_name')).toEqual([
    'Lemonade',
  ]);
  expect(
    (await harness.database.db('menu_items').where({ id: harness.fixture.a.menu.fries }).first()).is_available,
  ).toBe(false);
  // The cloud's events came back to the replica: it shows the same.
  await expect.poll(async () => (await onTerminal(order.id))?.items.length, { timeout: 10_000 }).toBe(1);
  expect(await onTerminal(order.id)).toMatchObject({ priority: 'urgent', total: '3.81' });
  // The kitchen sees the order's priority, on the terminal as on the cloud.
  const kitchen = (await tab.get('/api/order-items/kitchen')).body as { orderId: string; priority: string }[];
  expect(kitchen.filter((k) => k.orderId === order.id).map((k) => k.priority)).toEqual(['urgent']);
  const onCloudKitchen = (await (await loginAs(back.url, harness.fixture.a.staffEmail)).get('/api/order-items/kitchen'))
    .body as { orderId: string; priority: string }[];
  expect(onCloudKitchen.filter((k) => k.orderId === order.id).map((k) => k.priority)).toEqual(['urgent']);
  const menu = MenuAnswer.parse((await tab.get('/api/menu')).body);
  expect(menu.items.find((i) => i.name === 'Fries')?.isAvailable).toBe(false);
});

it('names a cancel the cloud refused, and the item comes back on the terminal', async () => {
  if (!back) throw new Error('the cloud is not back');
  const order = await placeOrder(back.url, 1);
  const cake = itemNamed(order, 'Cheesecake');
  await back.close();
  back = null;
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  expect((await tab.post(`/api/order-items/${cake}/cancel`)).status).toBe(200);
  expect((await onTerminal(order.id))?.items).toHaveLength(1);
  // Meanwhile the cloud fired the dessert.
  await harness.database.db('order_items').where({ id: cake }).update({ status: 'SENT_TO_KITCHEN' });
  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  expect(terminal.core.status().outbox.rejected[0]?.message).toBe(SERVICE_MESSAGES.itemAlreadyFired('Cheesecake'));
  await expect.poll(async () => (await onTerminal(order.id))?.items.length, { timeout: 10_000 }).toBe(2);
  expect((await onTerminal(order.id))?.total).toBe(order.total);
});

it('takes a staff order for a table offline, priced as the cloud prices it, which the cloud applies once', async () => {
  if (!back) throw new Error('the cloud is not back');
  const first = await placeOrder(back.url, 2);
  await back.close();
  back = null;
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  const id = randomUUID();
  const body = {
    id,
    sessionId: first.sessionId,
    items: [
      {
        menuItemId: harness.fixture.a.menu.burger,
        quantity: 2,
        course: 'main',
        modifiers: [
          { groupId: 'temp', optionIds: ['rare'] },
          { groupId: 'extras', optionIds: ['cheese'] },
        ],
      },
      { menuItemId: harness.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
    ],
  };
  const placed = await tab.post('/api/orders', body);
  expect(placed.status).toBe(201);
  // 2 × (12.50 + 1.25) + 3.50 = 31.00; tax 8.75 % = 2.7125 → 2.71.
  const order = Order.parse(placed.body);
  expect(order).toMatchObject({ subtotal: '31.00', tax: '2.71', total: '33.71', tableName: 'Table 3' });
  expect(order.items.map((i) => [i.menuItemName, i.status])).toEqual([
    ['Burger', 'CONFIRMED'],
    ['Lemonade', 'SENT_TO_KITCHEN'],
  ]);
  expect((await tab.post('/api/orders', body)).body).toEqual(placed.body);
  // Refused as the cloud would: a dish off the menu, a required choice left out.
  const soldOut = await tab.post('/api/orders', {
    sessionId: first.sessionId,
    items: [{ menuItemId: harness.fixture.a.menu.fries, quantity: 1 }],
  });
  expect(soldOut.status).toBe(409);
  expect(soldOut.body.message).toBe(MESSAGES.menuItemUnavailable('Fries'));
  const noTemp = await tab.post('/api/orders', {
    sessionId: first.sessionId,
    items: [{ menuItemId: harness.fixture.a.menu.burger, quantity: 1 }],
  });
  expect(noTemp.status).toBe(400);
  expect(terminal.core.status().outbox.pending).toBe(1);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(terminal.core.status().outbox.rejected).toHaveLength(1);
  const staff = await loginAs(back.url, harness.fixture.a.staffEmail);
  const onCloud = ((await staff.get('/api/orders')).body as Order[]).find((o) => o.id === id);
  expect(onCloud?.total).toBe('33.71');
  // The same items, by id: what the terminal ticketed is what the cloud has.
  expect(onCloud?.items.map((i) => i.id)).toEqual(order.items.map((i) => i.id));
  await expect.poll(async () => (await onTerminal(id))?.items.length, { timeout: 10_000 }).toBe(2);
});
