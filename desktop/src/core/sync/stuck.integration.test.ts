// A change the cloud keeps failing to take while the terminal is online (here the cloud's database
// refuses every item update, so it answers 500) is named to staff in the terminal's status, and
// leaves it once it goes through.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;

beforeAll(async () => {
  harness = await startHarness();
  const { credential } = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, 'Bar PC');
  terminal = await startCoreOn(harness.cloud.url, credential);
});

afterAll(async () => {
  await terminal?.close();
  await harness?.close();
});

it('names a change that keeps failing while online, and clears it once the cloud takes it', async () => {
  const a = harness.fixture.a;
  const { db } = harness.database;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    id: randomUUID(),
    sessionId,
    items: [{ menuItemId: a.menu.lemonade, quantity: 2, course: 'drink' }],
  });
  expect(placed.status).toBe(201);
  const itemId = (placed.body.items as { id: string }[])[0]?.id as string;
  const { core } = terminal;
  await untilOnline(core);
  await expect
    .poll(() => core.replica.read.sql.prepare('SELECT 1 FROM order_items WHERE id = ?').get(itemId))
    .toBeTruthy();

  await db.raw(`CREATE FUNCTION refuse_item_updates() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
  await db.raw(
    'CREATE TRIGGER refuse_item_updates BEFORE UPDATE ON order_items FOR EACH ROW EXECUTE FUNCTION refuse_item_updates()',
  );
  const tab = await loginAs(core.url, a.staffEmail);
  expect((await tab.post(`/api/order-items/${itemId}/status`, { status: 'IN_PREP' })).status).toBe(200);

  await expect
    .poll(() => core.status().outbox.stuck, { timeout: 10_000 })
    .toEqual([
      {
        id: expect.any(String),
        method: 'POST',
        path: `/api/order-items/${itemId}/status`,
        subject: expect.stringContaining('Lemonade'),
        lastError: expect.stringMatching(/^500: /),
        attempts: expect.any(Number),
      },
    ]);
  expect(core.status().outbox.stuck?.[0]?.attempts).toBeGreaterThanOrEqual(5);
  expect(core.status()).toMatchObject({ online: true, paired: true, outbox: { pending: 1 } });
  // The staff app reads the same.
  expect((await tab.get('/api/terminal/status')).body.outbox.stuck).toHaveLength(1);

  await db.raw('DROP TRIGGER refuse_item_updates ON order_items');
  await expect
    .poll(async () => (await db('order_items').where({ id: itemId }).first()).status, { timeout: 10_000 })
    .toBe('IN_PREP');
  await expect.poll(() => core.status().outbox).toEqual({ pending: 0, rejected: [], stuck: [] });
});
