// A terminal re-paired with its replica kept (as `npm start` does after the cloud's data is reset)
// numbers its next change after the old pairing's, while the cloud's record of the new pairing
// starts at 1. The cloud answers out of order with the number it expects; the outbox renumbers
// and the change arrives, instead of every later change being refused forever.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Client,
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { coresOnOneDataDir, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let cores: ReturnType<typeof coresOnOneDataDir>;
let core: TerminalCore;
const start = (credential: string) => cores.start(credential);

beforeAll(async () => {
  harness = await startHarness();
  cores = coresOnOneDataDir(() => harness.cloud.url);
});

afterAll(async () => {
  await cores?.close();
  await harness?.close();
});

async function moveOnTerminal(tab: Client, itemId: string, status: string) {
  const reply = await tab.post(`/api/order-items/${itemId}/status`, { status });
  expect(reply.status).toBe(200);
}

const cloudStatus = async (itemId: string) =>
  (await harness.database.db('order_items').where({ id: itemId }).first()).status as string;

it('renumbers the outbox when the cloud expects an earlier mutation number', async () => {
  const a = harness.fixture.a;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    id: randomUUID(),
    sessionId,
    items: [
      { menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: a.menu.fries, quantity: 1, course: 'drink' },
    ],
  });
  expect(placed.status).toBe(201);
  const [lemonade, fries] = placed.body.items as { id: string }[];

  // First pairing: one change, applied by the cloud as this terminal's mutation 1.
  const first = await pairTerminal(harness.cloud.url, a.managerEmail, 'Bar PC');
  core = await start(first.credential);
  await untilOnline(core);
  const tab = await loginAs(core.url, a.staffEmail);
  await moveOnTerminal(tab, lemonade?.id as string, 'IN_PREP');
  await expect.poll(() => cloudStatus(lemonade?.id as string), { timeout: 15_000 }).toBe('IN_PREP');
  await core.close();

  // Paired again, same replica: the next change is the outbox's number 2, the cloud expects 1.
  const second = await pairTerminal(harness.cloud.url, a.managerEmail, 'Bar PC again');
  core = await start(second.credential);
  await untilOnline(core);
  const again = await loginAs(core.url, a.staffEmail);
  await moveOnTerminal(again, fries?.id as string, 'IN_PREP');
  await expect.poll(() => cloudStatus(fries?.id as string), { timeout: 15_000 }).toBe('IN_PREP');
  // The cloud commits before the terminal hears its answer: wait for that too.
  await expect.poll(() => core.status().outbox, { timeout: 15_000 }).toEqual({ pending: 0, rejected: [], stuck: [] });

  // And the numbering holds for the change after it.
  await moveOnTerminal(again, fries?.id as string, 'READY_FOR_RUN');
  await expect.poll(() => cloudStatus(fries?.id as string), { timeout: 15_000 }).toBe('READY_FOR_RUN');
  // The cloud commits before the terminal hears its answer: wait for that too.
  await expect.poll(() => core.status().outbox, { timeout: 15_000 }).toEqual({ pending: 0, rejected: [], stuck: [] });
});
