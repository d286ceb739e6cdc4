// What the outbox's integration tests start from: a cloud on a fixed port (so it can be stopped and
// come back where the terminal looks), an order of drinks at table 1, and a terminal core online
// on it whose replica holds them, with a signed-in staff tab on the core.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { coresOnOneDataDir, untilOnline } from './core-on-cloud.js';
import { freePort } from './fixtures.js';

export async function drinksOnTerminal(count: number) {
  const harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    id: randomUUID(),
    sessionId,
    items: Array.from({ length: count }, () => ({ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' })),
  });
  expect(placed.status).toBe(201);
  const items = (placed.body.items as { id: string }[]).map((i) => i.id);
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Bar PC');
  const cores = coresOnOneDataDir(() => harness.cloud.url);
  const core = await cores.start(paired.credential);
  await untilOnline(core);
  await expect
    .poll(() => core.replica.read.sql.prepare('SELECT COUNT(*) AS n FROM order_items').get(), { timeout: 10_000 })
    .toEqual({ n: count });
  const tab = await loginAs(core.url, a.staffEmail);
  return { harness, cores, core, tab, items, terminalId: paired.id, credential: paired.credential };
}

/** Stops the cloud, until the core knows it is away. */
export async function cloudAway(harness: Harness, core: TerminalCore): Promise<void> {
  await harness.cloud.close();
  await expect.poll(() => core.status().online, { timeout: 5_000 }).toBe(false);
}
