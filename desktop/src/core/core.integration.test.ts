// The terminal core against a real cloud on the real PostgreSQL server: bootstrap, live events,
// staff work while the cloud is down, the outbox draining exactly once, a refusal kept and
// shown, offline sign-in, and a restart resuming from the stored cursor.
import { randomUUID } from 'node:crypto';
import { type KitchenItem, MESSAGES, type TerminalStatusAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningCloud, startCloud } from '../../../cloud/src/server.js';
import { PASSWORD } from '../../../cloud/src/testkit/fixture.js';
import { checkInGuest, type Harness, loginAs, pairTerminal, TEST_SECRET } from '../../../cloud/src/testkit/harness.js';
import { startTerminalCore, type TerminalCore } from './core.js';
import { tempDir } from './test/fixtures.js';

let harness: Harness;
let cloud: RunningCloud;
let cloudPort: number;
let core: TerminalCore;
let dir: { dir: string; remove(): void };
let credential: string;
const extraClouds: RunningCloud[] = [];

const fast = { baseMs: 50, maxMs: 300 };

function startCloudOn(port: number): Promise<RunningCloud> {
  return startCloud({
    db: harness.database.db,
    databaseUrl: harness.database.url,
    secret: TEST_SECRET,
    port,
    fireIntervalMs: 3_600_000,
  });
}

beforeAll(async () => {
  const { startHarness } = await import('../../../cloud/src/testkit/harness.js');
  harness = await startHarness();
  cloud = harness.cloud;
  cloudPort = cloud.port;
  const paired = await pairTerminal(cloud.url, harness.fixture.a.managerEmail, 'Kitchen PC');
  credential = paired.credential;
  dir = tempDir();
  core = await startTerminalCore({
    cloudUrl: cloud.url,
    credential,
    dataDir: dir.dir,
    port: 0,
    printing: false,
    backoff: fast,
  });
});

afterAll(async () => {
  await core?.close();
  for (const c of extraClouds) await c.close();
  await harness?.close();
  dir?.remove();
});

/** A browser-like client of the terminal's local server. */
class Tab {
  cookie = '';
  constructor(readonly base: string) {}
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c): c is string => !!c && !c.endsWith('='));
    if (set.length > 0) this.cookie = set.join('; ');
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  login(email: string, password = PASSWORD) {
    return this.call('POST', '/api/auth/login', { email, password });
  }
  async kitchen(): Promise<KitchenItem[]> {
    const r = await this.call<KitchenItem[]>('GET', '/api/order-items/kitchen');
    expect(r.status).toBe(200);
    return r.body;
  }
  async status(): Promise<TerminalStatusAnswer> {
    return (await this.call<TerminalStatusAnswer>('GET', '/api/terminal/status')).body;
  }
}

async function countEvents(itemId: string, to: string): Promise<number> {
  const rows = await harness.database
    .db('events')
    .where({ type: 'order.item.status.changed' })
    .whereRaw("payload_json->'item'->>'id' = ? and payload_json->>'to' = ?", [itemId, to])
    .count<{ n: string }[]>({ n: '*' });
  return Number(rows[0]?.n ?? 0);
}

it('syncs, works offline, drains the outbox exactly once and keeps a refusal in view', async () => {
  const a = harness.fixture.a;
  const tab = new Tab(core.url);

  // ---- bootstrap and sign-in through the cloud ----
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  expect(core.status().venueId).toBe(a.venueId);
  expect((await tab.call('GET', '/api/order-items/kitchen')).status).toBe(401);
  const signedIn = await tab.login(a.staffEmail);
  expect(signedIn.status).toBe(200);
  expect(await tab.call('GET', '/api/auth/me')).toMatchObject({ status: 200, body: { user: { email: a.staffEmail } } });
  const tables = await tab.call<{ id: string; name: string }[]>('GET', '/api/tables');
  expect(tables.body.map((t) => t.name).sort()).toEqual(['Table 1', 'Table 2', 'Table 3']);
  expect((await tab.call<{ items: { name: string }[] }>('GET', '/api/menu')).body.items.map((i) => i.name)).toContain(
    'Burger',
  );

  // ---- the local live channel, then a guest's order arrives live ----
  const messages: { type: string }[] = [];
  const ws = new WebSocket(`${core.url.replace('http', 'ws')}/ws`, {
    headers: { cookie: tab.cookie, origin: core.url },
  });
  ws.on('message', (d) => messages.push(JSON.parse(d.toString()) as { type: string }));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

  const manager = await loginAs(cloud.url, a.managerEmail);
  const { guest, sessionId } = await checkInGuest(cloud.url, manager, a.tableIds[0] as string);
  const placed = await guest.post(
    '/api/orders',
    {
      id: randomUUID(),
      sessionId,
      items: [
        { menuItemId: a.menu.lemonade, quantity: 2, course: 'drink' },
        { menuItemId: a.menu.fries, quantity: 1, course: 'drink' },
        { menuItemId: a.menu.cake, quantity: 1, course: 'dessert' },
      ],
    },
    { key: randomUUID() },
  );
  expect(placed.status).toBe(201);
  await expect
    .poll(async () => (await tab.kitchen()).map((i) => `${i.menuItem.name}:${i.status}`).sort(), { timeout: 15_000 })
    .toEqual(['Cheesecake:CONFIRMED', 'Fries:SENT_TO_KITCHEN', 'Lemonade:SENT_TO_KITCHEN']);
  await expect.poll(() => messages.some((m) => m.type === 'order.created')).toBe(true);
  const kitchen = await tab.kitchen();
  const lemonade = kitchen.find((i) => i.menuItem.name === 'Lemonade') as KitchenItem;
  const fries = kitchen.find((i) => i.menuItem.name === 'Fries') as KitchenItem;
  expect(lemonade.tableNumber).toBe('1');

  // ---- the cloud goes away; the cook keeps working on the terminal ----
  await cloud.close();
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(false);
  expect((await tab.call('POST', `/api/order-items/${lemonade.id}/status`, { status: 'IN_PREP' })).body).toMatchObject({
    status: 'IN_PREP',
  });
  expect((await tab.call('POST', `/api/order-items/${fries.id}/status`, { status: 'IN_PREP' })).status).toBe(200);
  // The same refusals as the cloud's, locally.
  expect(await tab.call('POST', `/api/order-items/${lemonade.id}/status`, { status: 'DELIVERED' })).toMatchObject({
    status: 409,
    body: { message: MESSAGES.itemTransitionRefused('IN_PREP', 'DELIVERED') },
  });
  expect((await tab.call('POST', `/api/order-items/${lemonade.id}/status`, { status: 'COOKED' })).status).toBe(400);
  expect((await tab.call('POST', `/api/order-items/${randomUUID()}/status`, { status: 'IN_PREP' })).status).toBe(404);
  expect((await tab.kitchen()).find((i) => i.id === lemonade.id)?.status).toBe('IN_PREP');
  expect((await tab.status()).outbox).toEqual({ pending: 2, rejected: [], stuck: [] });
  await expect
    .poll(() =>
      messages.some((m) => m.type === 'terminal.status' && (m as unknown as TerminalStatusAnswer).outbox.pending === 2),
    )
    .toBe(true);

  // Offline sign-in: yes for someone who signed in here before, no for anyone else or a wrong password.
  const again = new Tab(core.url);
  expect((await again.login(a.staffEmail)).status).toBe(200);
  expect((await again.call('GET', '/api/auth/me')).status).toBe(200);
  expect(await new Tab(core.url).login(a.managerEmail)).toMatchObject({
    status: 401,
    body: { message: MESSAGES.invalidCredentials },
  });
  expect((await new Tab(core.url).login(a.staffEmail, 'wrong password')).status).toBe(401);

  // Meanwhile, elsewhere, staff take the fries through the cloud: the terminal's Start Prep will conflict.
  const elsewhere = await startCloudOn(0);
  extraClouds.push(elsewhere);
  const staff = await loginAs(elsewhere.url, a.staffEmail);
  expect(
    (await staff.post(`/api/order-items/${fries.id}/status`, { status: 'IN_PREP' }, { key: randomUUID() })).status,
  ).toBe(200);
  expect(
    (await staff.post(`/api/order-items/${fries.id}/status`, { status: 'READY_FOR_RUN' }, { key: randomUUID() }))
      .status,
  ).toBe(200);
  await elsewhere.close();

  // ---- the cloud comes back where the terminal expects it ----
  cloud = await startCloudOn(cloudPort);
  extraClouds.push(cloud);
  await expect.poll(async () => (await tab.status()).outbox.pending, { timeout: 20_000 }).toBe(0);
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  const status = await tab.status();
  expect(status.outbox.rejected).toEqual([
    expect.objectContaining({
      method: 'POST',
      path: `/api/order-items/${fries.id}/status`,
      subject: expect.stringMatching(/^\d+ × Fries · Table \d+$/),
      message: MESSAGES.itemTransitionRefused('READY_FOR_RUN', 'IN_PREP'),
    }),
  ]);
  expect(await countEvents(lemonade.id, 'IN_PREP')).toBe(1);
  expect(await countEvents(fries.id, 'IN_PREP')).toBe(1);
  expect((await harness.database.db('order_items').where({ id: lemonade.id }).first()).status).toBe('IN_PREP');
  await expect
    .poll(async () => (await tab.kitchen()).find((i) => i.id === fries.id)?.status, { timeout: 10_000 })
    .toBe('READY_FOR_RUN');

  // Staff dismiss the refusal once they have seen it.
  const rejectedId = status.outbox.rejected[0]?.id as string;
  expect((await tab.call('POST', `/api/terminal/outbox/${rejectedId}/dismiss`)).status).toBe(200);
  expect((await tab.status()).outbox.rejected).toEqual([]);
  ws.close();

  // ---- a restart resumes from the stored cursor, and serves the replica before the cloud answers ----
  const cursor = core.status().cursor;
  expect(cursor).toBeGreaterThan(0);
  await core.close();
  await cloud.close();
  core = await startTerminalCore({
    cloudUrl: cloud.url,
    credential,
    dataDir: dir.dir,
    port: 0,
    printing: false,
    backoff: fast,
  });
  expect(core.status().cursor).toBe(cursor);
  const after = new Tab(core.url);
  expect((await after.login(a.staffEmail)).status).toBe(200);
  expect((await after.kitchen()).find((i) => i.id === lemonade.id)?.status).toBe('IN_PREP');
});
