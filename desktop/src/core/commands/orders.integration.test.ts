// An order's client-made id, on the terminal and on the cloud (issue 21): both decide it with
// decideCreateOrder, so an id sent again for its own session answers the order as placed (200,
// nothing written or queued), and an id that is another session's order is refused alike with
// `order_exists`, whether the order still waits in the terminal's outbox or the cloud has it.
// (The terminal used to guess its refusal's id from the message's text: `menu_item_unavailable`.)
import { randomUUID } from 'node:crypto';
import { MESSAGES, Order } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { type Client, checkInGuest, type Harness, loginAs } from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startHostStand } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let back: RunningCloud | null = null;
let tab: Client;
let sessions: [string, string];

beforeAll(async () => {
  ({ harness, terminal, tab } = await startHostStand());
  const staff = await loginAs(harness.cloud.url, harness.fixture.a.staffEmail);
  const tables = harness.fixture.a.tableIds;
  sessions = [
    (await checkInGuest(harness.cloud.url, staff, tables[0] as string)).sessionId,
    (await checkInGuest(harness.cloud.url, staff, tables[1] as string)).sessionId,
  ];
  const sessionsHere = () =>
    sessions.filter((id) => terminal.core.replica.read.sql.prepare('SELECT 1 FROM sessions WHERE id = ?').get(id))
      .length;
  await vi.waitFor(() => expect(sessionsHere()).toBe(2), { timeout: 10_000, interval: 50 });
});

afterAll(async () => {
  await terminal?.close();
  await back?.close();
  await harness?.close();
});

const fries = () => [{ menuItemId: harness.fixture.a.menu.fries, quantity: 1, course: 'appetizer' }];

it("answers an order id sent again as placed, and refuses another session's id with order_exists, on both tiers", async () => {
  const [mine, other] = sessions;
  const id = randomUUID();
  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);

  const placed = await tab.post('/api/orders', { id, sessionId: mine, items: fries() });
  expect(placed.status).toBe(201);
  const order = Order.parse(placed.body);
  // While it waits in the outbox.
  const again = await tab.post('/api/orders', { id, sessionId: mine, items: fries() });
  expect([again.status, again.body]).toEqual([200, placed.body]);
  const taken = await tab.post('/api/orders', { id, sessionId: other, items: fries() });
  expect([taken.status, taken.body]).toEqual([409, { message: MESSAGES.orderExists, id: 'order_exists' }]);
  expect(terminal.core.status().outbox.pending).toBe(1);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(terminal.core.status().outbox.rejected).toEqual([]);

  // Once the cloud has it (placed at its own time) and the replica holds the cloud's copy: the same
  // answers from the terminal and from the cloud.
  const staff = await loginAs(back.url, harness.fixture.a.staffEmail);
  const onCloud = () => harness.database.db('order_items').where({ order_id: id }).first('updated_at');
  const cloudCopy = new Date((await onCloud()).updated_at).toISOString();
  await expect
    .poll(async () => ((await tab.get('/api/orders')).body as Order[]).find((o) => o.id === id)?.items[0]?.updatedAt)
    .toBe(cloudCopy);
  const repeats: Order[] = [];
  for (const client of [tab, staff]) {
    const repeat = await client.post('/api/orders', { id, sessionId: mine, items: fries() });
    expect(repeat.status).toBe(200);
    repeats.push(Order.parse(repeat.body));
    const refused = await client.post('/api/orders', { id, sessionId: other, items: fries() });
    expect([refused.status, refused.body]).toEqual([409, { message: MESSAGES.orderExists, id: 'order_exists' }]);
  }
  expect(repeats[0]).toEqual(repeats[1]);
  expect(repeats[1]).toMatchObject({ id, sessionId: mine, total: order.total, items: [{ id: order.items[0]?.id }] });
  expect(await harness.database.db('orders').where({ id })).toHaveLength(1);
  expect(terminal.core.status().outbox.pending).toBe(0);
});
