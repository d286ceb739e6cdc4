// Same call, same answer: every read both tiers serve is asked of the cloud (PostgreSQL) and of a
// terminal core (its SQLite replica) at the same moment of the feed, and the two answers must be
// equal field by field, refusals included. A change to either tier's answer alone fails here.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from './core.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from './test/core-on-cloud.js';

let harness: Harness;
let core: TerminalCore;
let terminal: CoreOnCloud;
let onCloud: Client;
let onTerminal: Client;
let guest: Client;
let sessionId: string;

/** Rows the fixture lacks and the rules have to order or filter: text numbers, an accessible
 * table, an organization-wide item, and items that tie on their place on the menu. */
async function seedOddities(): Promise<void> {
  const { orgId, venueId } = harness.fixture.a;
  const table = (number: string, extra: object = {}) => ({
    id: randomUUID(),
    org_id: orgId,
    venue_id: venueId,
    number,
    name: `Table ${number}`,
    capacity: 4,
    capacity_max: 4,
    zone: 'Patio',
    ...extra,
  });
  await harness.database
    .db('tables')
    .insert([
      table('10'),
      table('B1'),
      table('12', { is_accessible: true, capacity: 6, capacity_max: 6 }),
      table('B02', { state: 'CLEANING' }),
    ]);
  const item = (name: string, sortOrder: number, venue: string | null) => ({
    id: randomUUID(),
    org_id: orgId,
    venue_id: venue,
    name,
    price: '5.00',
    category: 'Sides',
    station: 'Fry',
    sort_order: sortOrder,
  });
  await harness.database
    .db('menu_items')
    .insert([item('apple slices', 20, venueId), item('Zucchini', 20, venueId), item('House Bread', 19, null)]);
  // A 10 % service charge on every bill: the terminal learns it from its snapshot.
  await harness.database.db('venues').where({ id: venueId }).update({ service_charge_bps: 1000 });
  await harness.database
    .db('runners')
    .insert(
      ['Jordan Lee', 'Alex Rivera'].map((name) => ({ id: randomUUID(), org_id: orgId, venue_id: venueId, name })),
    );
  // A member whose role carries the RUNNER duty is a runner too, named with her user (issue 22).
  const riley = randomUUID();
  await harness.database
    .db('users')
    .insert({ id: riley, email: 'riley@contract.test', first_name: 'Riley', last_name: 'Runner' });
  await harness.database.db('user_roles').insert({
    id: randomUUID(),
    user_id: riley,
    organization_id: orgId,
    venue_id: venueId,
    role: 'STAFF',
    duty: 'RUNNER',
  });
}

beforeAll(async () => {
  harness = await startHarness();
  await seedOddities();
  const a = harness.fixture.a;
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Contract PC');
  terminal = await startCoreOn(harness.cloud.url, paired.credential);
  core = terminal.core;
  await untilOnline(core);
  onCloud = await loginAs(harness.cloud.url, a.staffEmail);
  onTerminal = await loginAs(core.url, a.staffEmail);
});

afterAll(async () => {
  await terminal?.close();
  await harness?.close();
});

/** Until the terminal has applied every event the cloud committed and pushed everything it holds. */
async function inStep(): Promise<void> {
  const venueSeq = async () =>
    Number((await harness.database.db('venues').where({ id: harness.fixture.a.venueId }).first()).event_seq);
  await expect
    .poll(
      async () => {
        const status = core.status();
        return status.outbox.pending === 0 && status.cursor === (await venueSeq());
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

const READS = [
  '/api/menu',
  '/api/tables',
  '/api/tables?available=1',
  '/api/tables?capacity=6',
  '/api/tables?accessibility=1',
  '/api/tables?available=true&capacity=4&accessibility=0',
  '/api/orders',
  '/api/order-items/kitchen',
  '/api/waitlist',
  '/api/tasks',
  '/api/tasks?type=QA',
  '/api/tasks?status=COMPLETED',
  '/api/runner/orders',
  '/api/runners',
  // The payments list from the replica (issue 11).
  '/api/orders/payments',
  // The venue's exit code (issue 11, exit scan): signed by the cloud, the terminal passes it on.
  '/api/venue/exit-qr',
  // Kitchen Analytics' ticket times (issue 22, item 11): the cloud keeps the events, the terminal asks it.
  '/api/kitchen/ticket-times',
];

/** The reads of the moment: every READS path, and the bill of the party at the table once there is one. */
const reads = () => (sessionId ? [...READS, `/api/orders/payment/${sessionId}`] : READS);

async function expectSameReads(): Promise<void> {
  await inStep();
  for (const path of reads()) {
    const [cloud, terminal] = [await onCloud.get(path), await onTerminal.get(path)];
    expect(cloud.status, `${path} on the cloud`).toBe(200);
    expect({ path, status: terminal.status, body: terminal.body }).toEqual({ path, status: 200, body: cloud.body });
  }
}

async function kitchenItemNamed(name: string): Promise<string> {
  const items = (await onCloud.get('/api/order-items/kitchen')).body as { id: string; menuItem: { name: string } }[];
  const found = items.find((i) => i.menuItem.name === name);
  if (!found) throw new Error(`${name} is not on the kitchen list`);
  return found.id;
}

describe('the cloud and the terminal answer alike', () => {
  it('as the terminal bootstraps: menu order and ties, table number order and every filter', async () => {
    await expectSameReads();
    const menu = (await onTerminal.get('/api/menu')).body as { items: { name: string }[] };
    expect(menu.items.map((i) => i.name).slice(-3)).toEqual(['House Bread', 'Zucchini', 'apple slices']);
    const tables = (await onTerminal.get('/api/tables')).body as { number: string }[];
    expect(tables.map((t) => t.number)).toEqual(['1', '2', '3', '10', '12', 'B02', 'B1']);
  });

  it('after a guest checks in and orders a drink, a held main with modifiers, and a note', async () => {
    const a = harness.fixture.a;
    const checkedIn = await checkInGuest(harness.cloud.url, onCloud, a.tableIds[1] as string, 3);
    guest = checkedIn.guest;
    sessionId = checkedIn.sessionId;
    const placed = await guest.post('/api/orders', {
      id: randomUUID(),
      sessionId,
      items: [
        { menuItemId: a.menu.lemonade, quantity: 2, course: 'drink' },
        {
          menuItemId: a.menu.burger,
          quantity: 1,
          course: 'main',
          specialInstructions: 'no onions',
          modifiers: [
            { groupId: 'temp', optionIds: ['rare'] },
            { groupId: 'extras', optionIds: ['cheese', 'bacon'] },
          ],
        },
        { menuItemId: a.menu.fries, quantity: 1, course: 'appetizer' },
      ],
    });
    expect(placed.status).toBe(201);
    await expectSameReads();
  });

  it('after a move made on the cloud and one made on the terminal', async () => {
    const lemonade = await kitchenItemNamed('Lemonade');
    expect((await onCloud.post(`/api/order-items/${lemonade}/status`, { status: 'IN_PREP' })).status).toBe(200);
    await inStep();
    expect((await onTerminal.post(`/api/order-items/${lemonade}/status`, { status: 'READY_FOR_RUN' })).status).toBe(
      200,
    );
    await expectSameReads();
  });

  it('after a second order from staff for the same party', async () => {
    const placed = await onCloud.post('/api/orders', {
      id: randomUUID(),
      sessionId,
      items: [{ menuItemId: harness.fixture.a.menu.cake, quantity: 1, course: 'dessert' }],
    });
    expect(placed.status).toBe(201);
    await expectSameReads();
  });

  it('after parties join the waitlist, one is notified and one removed', async () => {
    const added = [];
    for (const [guestName, partySize] of [
      ['Lin', 2],
      ['Ade', 4],
      ['Kim', 6],
    ] as const) {
      const reply = await onCloud.post('/api/waitlist', { guestName, partySize });
      expect(reply.status).toBe(201);
      added.push(reply.body.id as string);
    }
    await onCloud.request('PATCH', `/api/waitlist/${added[0]}/status`, { body: { status: 'NOTIFIED' } });
    await onCloud.request('PATCH', `/api/waitlist/${added[1]}/status`, { body: { status: 'CANCELLED' } });
    await expectSameReads();
    const queue = (await onTerminal.get('/api/waitlist')).body as { guestName: string; status: string }[];
    expect(queue.map((e) => `${e.guestName}:${e.status}`)).toEqual(['Lin:NOTIFIED', 'Kim:WAITING']);
  });

  it.each([
    ['an id that cannot exist', 'not-an-id', { status: 'IN_PREP' }],
    ['an id no item has', randomUUID(), { status: 'IN_PREP' }],
    ['a status that does not exist', 'LEMONADE', { status: 'COOKED' }],
    ['a move the table of spec 2 refuses', 'LEMONADE', { status: 'DELIVERED' }],
  ])('refuses %s with the same status and words', async (_, id, body) => {
    const itemId = id === 'LEMONADE' ? await kitchenItemNamed('Lemonade') : id;
    const path = `/api/order-items/${itemId}/status`;
    const cloud = await onCloud.post(path, body);
    const terminal = await onTerminal.post(path, body);
    expect(cloud.status).toBeGreaterThanOrEqual(400);
    expect({ status: terminal.status, body: terminal.body }).toEqual({ status: cloud.status, body: cloud.body });
    await expectSameReads();
  });

  it.each([
    ['a capacity that is not a number', '/api/tables?capacity=many'],
    ['nobody signed in', '/api/order-items/kitchen'],
    ['a path no call has', '/api/nothing-here'],
  ])('refuses a read with %s alike', async (what, path) => {
    const as = (client: Client) =>
      what === 'nobody signed in' ? new (client.constructor as typeof Client)(client.baseUrl) : client;
    const cloud = await as(onCloud).get(path);
    const terminal = await as(onTerminal).get(path);
    expect(cloud.status).toBeGreaterThanOrEqual(400);
    expect({ status: terminal.status, body: terminal.body }).toEqual({ status: cloud.status, body: cloud.body });
  });

  it('lists the same tasks as a table is cleaned and checked on the terminal', async () => {
    const tableId = harness.fixture.a.tableIds[2] as string;
    expect((await onCloud.post(`/api/tables/${tableId}/transition`, { state: 'CLEANING' })).status).toBe(200);
    await expectSameReads();
    const [task] = (await onTerminal.get('/api/tasks?type=CLEAN')).body as { id: string }[];
    expect((await onTerminal.post(`/api/tasks/${task?.id}/start`)).status).toBe(200);
    expect((await onTerminal.post(`/api/tasks/${task?.id}/complete`)).status).toBe(200);
    await expectSameReads();
    const qa = await onTerminal.post(`/api/tables/${tableId}/qa-complete`, {
      passed: false,
      issues: ['Glass on floor'],
    });
    expect(qa.status).toBe(200);
    await expectSameReads();
  });

  it('after an order goes to the runners on the cloud, and one is picked up and delivered on the terminal', async () => {
    const a = harness.fixture.a;
    const readyOrder = async () => {
      const placed = await guest.post('/api/orders', {
        id: randomUUID(),
        sessionId,
        items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink', specialInstructions: 'no ice' }],
      });
      expect(placed.status).toBe(201);
      const id = placed.body.items[0].id as string;
      const moves = [
        { id, status: 'IN_PREP' },
        { id, status: 'READY_FOR_RUN' },
      ];
      expect((await onCloud.post('/api/order-items/batch-update', { updates: moves })).status).toBe(200);
      return placed.body.id as string;
    };
    const first = await readyOrder();
    expect((await onCloud.post(`/api/orders/${first}/send-to-expo`)).status).toBe(200);
    await expectSameReads();
    const second = await readyOrder();
    await inStep();
    expect((await onTerminal.post(`/api/orders/${second}/send-to-expo`)).status).toBe(200);
    const runners = (await onTerminal.get('/api/runners')).body as { id: string; name: string }[];
    const alex = runners.find((r) => r.name === 'Alex Rivera')?.id;
    const picked = await onTerminal.post(`/api/runner/orders/${first}/status`, {
      status: 'OUT_FOR_DELIVERY',
      runnerId: alex,
    });
    expect(picked.status).toBe(200);
    await expectSameReads();
    expect((await onTerminal.post(`/api/runner/orders/${first}/status`, { status: 'DELIVERED' })).status).toBe(200);
    await expectSameReads();
    const orders = (await onTerminal.get('/api/runner/orders')).body as { id: string; status: string }[];
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      [first, 'DELIVERED'],
      [second, 'READY_FOR_RUN'],
    ]);
  });

  it('bills alike after a card payment on the cloud and cash taken on the terminal, and refuses an unknown bill alike', async () => {
    await expectSameReads();
    const bill = (await onCloud.get(`/api/orders/payment/${sessionId}`)).body as {
      serviceCharge: string;
      left: string;
    };
    expect(bill.serviceCharge).not.toBe('0.00');
    expect((await onCloud.post('/api/payments/take', { sessionId, method: 'card', amount: '10.00' })).status).toBe(201);
    await expectSameReads();
    const cash = await onTerminal.post('/api/payments/take', { sessionId, method: 'cash', amount: '5.00' });
    expect(cash.status).toBe(201);
    await expectSameReads();
    const unknown = `/api/orders/payment/${randomUUID()}`;
    const [cloud, terminal] = [await onCloud.get(unknown), await onTerminal.get(unknown)];
    expect(cloud.status).toBe(404);
    expect({ status: terminal.status, body: terminal.body }).toEqual({ status: cloud.status, body: cloud.body });
  });
});
