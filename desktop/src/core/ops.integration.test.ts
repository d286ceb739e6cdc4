// Operating a terminal (issue 27): its /metrics shows the outbox (depth and oldest entry) while the
// cloud keeps failing a change, and its log and the cloud's name the same request: a local
// request's id goes with the calls it makes to the cloud, and an outbox push runs under an id of
// its own that the cloud's lines for it carry too. The failure on the cloud is logged with its stack.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureLogger } from '../../../cloud/src/log/logger.js';
import { checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../../../cloud/src/testkit/harness.js';
import { captureLog } from './log.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from './test/core-on-cloud.js';

const cloudLog = captureLogger('info');
const terminalLog = captureLog('debug');
let harness: Harness;
let terminal: CoreOnCloud;
let terminalId: string;

beforeAll(async () => {
  harness = await startHarness({ log: cloudLog.logger });
  const paired = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, 'Host stand');
  terminalId = paired.id;
  terminal = await startCoreOn(harness.cloud.url, paired.credential);
});

afterAll(async () => {
  terminalLog.restore();
  await terminal?.close();
  await harness?.close();
});

/** One series of the exposition text, or undefined. */
function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

it('shows the outbox waiting on /metrics and names the failing push in both logs', async () => {
  const a = harness.fixture.a;
  const { db } = harness.database;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    id: randomUUID(),
    sessionId,
    items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' }],
  });
  expect(placed.status).toBe(201);
  const itemId = (placed.body.items as { id: string }[])[0]?.id as string;
  const { core } = terminal;
  await untilOnline(core);
  await expect
    .poll(() => core.replica.read.sql.prepare('SELECT 1 FROM order_items WHERE id = ?').get(itemId))
    .toBeTruthy();

  const scrape = async () => {
    const reply = await fetch(`${core.url}/metrics`);
    expect(reply.status).toBe(200);
    return reply.text();
  };
  const before = await scrape();
  expect(before).toContain(`tablewise_terminal_online{terminal="${terminalId}",venue="${a.venueId}"} 1`);
  expect(series(before, 'tablewise_terminal_outbox_pending')).toBe(0);
  expect(series(before, 'tablewise_terminal_outbox_oldest_age_seconds')).toBe(0);

  await db.raw(`CREATE FUNCTION refuse_item_updates() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
  await db.raw(
    'CREATE TRIGGER refuse_item_updates BEFORE UPDATE ON order_items FOR EACH ROW EXECUTE FUNCTION refuse_item_updates()',
  );
  const tab = await loginAs(core.url, a.staffEmail);
  const moved = await tab.post(
    `/api/order-items/${itemId}/status`,
    { status: 'IN_PREP' },
    { headers: { 'x-request-id': 'tab-move-1' } },
  );
  expect(moved.status).toBe(200);
  expect(moved.headers.get('x-request-id')).toBe('tab-move-1');
  expect(terminalLog.lines().find((l) => l.reqId === 'tab-move-1')).toMatchObject({
    service: 'terminal',
    msg: 'request answered',
    path: `/api/order-items/${itemId}/status`,
    status: 200,
  });

  // The cloud fails the pushed change (500 inside the push): logged with its stack, under the push's id.
  await expect
    .poll(() => cloudLog.lines.find((l) => l.msg === 'pushed mutation failed unexpectedly'), { timeout: 10_000 })
    .toBeTruthy();
  const failure = cloudLog.lines.find((l) => l.msg === 'pushed mutation failed unexpectedly') as Record<
    string,
    unknown
  >;
  expect(failure.reqId).toMatch(/^push-[0-9a-f-]{36}$/);
  expect((failure.err as { stack: string }).stack).toMatch(/disk full/);
  // The answer's line follows once the push is answered, a moment after the failure's.
  await expect
    .poll(() => cloudLog.lines.find((l) => l.msg === 'request answered' && l.reqId === failure.reqId), {
      timeout: 10_000,
    })
    .toMatchObject({ path: '/api/sync/push' });

  await expect.poll(async () => series(await scrape(), 'tablewise_terminal_outbox_pending')).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const waiting = await scrape();
  expect(series(waiting, 'tablewise_terminal_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(1);
  expect(waiting).toMatch(/^tablewise_terminal_print_jobs\{status="PENDING",terminal="[^"]+",venue="[^"]+"\} \d+/m);

  await db.raw('DROP TRIGGER refuse_item_updates ON order_items');
  await expect
    .poll(async () => series(await scrape(), 'tablewise_terminal_outbox_pending'), { timeout: 10_000 })
    .toBe(0);
  expect(series(await scrape(), 'tablewise_terminal_outbox_oldest_age_seconds')).toBe(0);
});
