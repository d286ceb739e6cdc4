// When the cloud comes back after an outage, the terminal pushes its waiting changes and pulls the
// feed at once: whichever of the sync client and the outbox pusher notices first wakes the other,
// so neither waits out its own back-off (up to 30 s in service, 10 s here).

import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import type { BackoffPolicy } from '../backoff.js';
import { nextPending } from '../sqlite/repositories/outbox.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';
import { freePort } from '../test/fixtures.js';

const SHORT: BackoffPolicy = { baseMs: 50, maxMs: 300 };
const LONG: BackoffPolicy = { baseMs: 8_000, maxMs: 10_000 };

let harness: Harness | null = null;
let terminal: CoreOnCloud | null = null;
let back: RunningCloud | null = null;

afterEach(async () => {
  await terminal?.close();
  await back?.close();
  await harness?.close();
  terminal = null;
  back = null;
  harness = null;
});

/** A terminal online on a cloud on a fixed port, with an order item it can move. */
async function setUp(policies: { backoff: BackoffPolicy; pushBackoff: BackoffPolicy }) {
  harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    id: randomUUID(),
    sessionId,
    items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' }],
  });
  expect(placed.status).toBe(201);
  const itemId = (placed.body.items as { id: string }[])[0]?.id as string;
  const { credential } = await pairTerminal(harness.cloud.url, a.managerEmail, 'Bar PC');
  terminal = await startCoreOn(harness.cloud.url, credential, policies);
  await untilOnline(terminal.core);
  const tab = await loginAs(terminal.core.url, a.staffEmail);
  return { itemId, tab };
}

/** Stops the cloud, makes a change on the terminal while it is away, and lets both back off. */
async function outageWithAChange(tab: Awaited<ReturnType<typeof loginAs>>, itemId: string) {
  const h = harness as Harness;
  await h.cloud.close();
  await expect.poll(() => terminal?.core.status().online, { timeout: 5_000 }).toBe(false);
  expect((await tab.post(`/api/order-items/${itemId}/status`, { status: 'IN_PREP' })).status).toBe(200);
  // The pusher has tried the change and failed: it is backing off too.
  const core = (terminal as CoreOnCloud).core;
  await expect.poll(() => nextPending(core.replica.read)?.attempts ?? 0, { timeout: 5_000 }).toBeGreaterThan(0);
  expect(core.status().outbox.pending).toBe(1);
}

const cloudStatus = async (itemId: string) =>
  (await (harness as Harness).database.db('order_items').where({ id: itemId }).first()).status as string;

it("pushes at once when the cloud returns, not at the end of the pusher's back-off", async () => {
  const { itemId, tab } = await setUp({ backoff: SHORT, pushBackoff: LONG });
  await outageWithAChange(tab, itemId);

  back = await (harness as Harness).startAnother();
  const returned = Date.now();
  await expect.poll(() => cloudStatus(itemId), { timeout: 5_000, interval: 20 }).toBe('IN_PREP');
  expect(Date.now() - returned).toBeLessThan(1_500);
});

it("pulls at once when a push finds the cloud back, not at the end of the sync client's back-off", async () => {
  const { itemId, tab } = await setUp({ backoff: LONG, pushBackoff: SHORT });
  await outageWithAChange(tab, itemId);

  back = await (harness as Harness).startAnother();
  const returned = Date.now();
  await expect.poll(() => terminal?.core.status().online, { timeout: 5_000, interval: 20 }).toBe(true);
  expect(Date.now() - returned).toBeLessThan(1_500);
  expect(await cloudStatus(itemId)).toBe('IN_PREP');
});
