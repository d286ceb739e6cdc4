// The outbox pushed in batches to a real cloud (PostgreSQL) from a terminal core on a real SQLite
// file: changes made while the cloud was away go out together when it returns, each with its own
// verdict; a refusal in the middle is shown to staff and the rest still apply; a server error
// mid-batch, a lost acknowledgement, a renumbering and a change of another organization's item
// end with every change applied once or refused, none lost, none twice.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import {
  type Client,
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
} from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { appendOutbox, listByStatus } from '../sqlite/repositories/outbox.js';
import { type coresOnOneDataDir, untilOnline } from '../test/core-on-cloud.js';
import { cloudAway, drinksOnTerminal } from '../test/drinks-on-terminal.js';

let harness: Harness | null = null;
let cores: ReturnType<typeof coresOnOneDataDir> | null = null;
let back: RunningCloud | null = null;

afterEach(async () => {
  await cores?.close();
  await back?.close();
  await harness?.close();
  cores = null;
  back = null;
  harness = null;
});

const h = () => harness as Harness;
const db = () => h().database.db;
const cloudStatus = async (itemId: string) =>
  (await db()('order_items').where({ id: itemId }).first()).status as string;
const eventsBy = async (terminalId: string) =>
  Number((await db()('events').where({ terminal_id: terminalId }).count({ n: '*' }))[0]?.n);
const lastSeqOf = async (terminalId: string) =>
  Number((await db()('terminals').where({ id: terminalId }).first()).last_mutation_seq);

async function setUp(count: number) {
  const set = await drinksOnTerminal(count);
  harness = set.harness;
  cores = set.cores;
  return set;
}

const offline = (core: TerminalCore) => cloudAway(h(), core);

async function moveOn(tab: Client, itemId: string, status: string) {
  expect((await tab.post(`/api/order-items/${itemId}/status`, { status })).status).toBe(200);
}

it('pushes changes made offline together; a refused one in the middle is shown, the rest apply', async () => {
  const { core, tab, items, terminalId } = await setUp(2);
  const [lemonade, other] = items as [string, string];
  await offline(core);
  await moveOn(tab, lemonade, 'IN_PREP');
  await moveOn(tab, other, 'IN_PREP');
  await moveOn(tab, lemonade, 'READY_FOR_RUN');
  // Meanwhile the other item was served from the cloud's side: the terminal's move of it is refused.
  await db()('order_items').where({ id: other }).update({ status: 'DELIVERED' });

  back = await h().startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  expect(await cloudStatus(lemonade)).toBe('READY_FOR_RUN');
  expect(await cloudStatus(other)).toBe('DELIVERED');
  expect(core.status().outbox.rejected).toEqual([
    expect.objectContaining({
      id: '2',
      path: `/api/order-items/${other}/status`,
      message: 'Cannot change item status from DELIVERED to IN_PREP',
    }),
  ]);
  expect(listByStatus(core.replica.read, 'ACKNOWLEDGED').map((e) => e.seq)).toEqual([1, 3]);
  // The refused one took its number, and the item shows the cloud's truth again.
  expect(await lastSeqOf(terminalId)).toBe(3);
  expect(await eventsBy(terminalId)).toBe(2);
  await expect
    .poll(() => core.replica.read.sql.prepare('SELECT status FROM order_items WHERE id = ?').get(other))
    .toEqual({ status: 'DELIVERED' });
});

it('after a server error mid-batch, sends the rest again from there: nothing lost, nothing twice', async () => {
  const { core, tab, items, terminalId } = await setUp(2);
  const [first, second] = items as [string, string];
  await offline(core);
  await moveOn(tab, first, 'IN_PREP');
  await moveOn(tab, second, 'IN_PREP');
  await moveOn(tab, first, 'READY_FOR_RUN');
  await db().raw(`CREATE FUNCTION refuse_second() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
  await db().raw(
    `CREATE TRIGGER refuse_second BEFORE UPDATE ON order_items FOR EACH ROW WHEN (OLD.id = '${second}') EXECUTE FUNCTION refuse_second()`,
  );

  back = await h().startAnother();
  await expect.poll(() => cloudStatus(first), { timeout: 10_000 }).toBe('IN_PREP');
  await expect
    .poll(() => listByStatus(core.replica.read, 'PENDING').map((e) => [e.seq, e.attempts > 0]), { timeout: 10_000 })
    .toEqual([
      [2, true],
      [3, false],
    ]);
  expect(await cloudStatus(first)).toBe('IN_PREP');
  expect(await lastSeqOf(terminalId)).toBe(1);

  await db().raw(`DROP TRIGGER refuse_second ON order_items`);
  await expect.poll(() => core.status().outbox, { timeout: 10_000 }).toEqual({ pending: 0, rejected: [], stuck: [] });
  expect([await cloudStatus(first), await cloudStatus(second)]).toEqual(['READY_FOR_RUN', 'IN_PREP']);
  expect(await eventsBy(terminalId)).toBe(3);
  expect(await lastSeqOf(terminalId)).toBe(3);
});

it('sends a whole batch again when its acknowledgement was lost, and the cloud applies none of it twice', async () => {
  const { core, tab, items, terminalId, credential } = await setUp(2);
  const [first, second] = items as [string, string];
  await offline(core);
  await moveOn(tab, first, 'IN_PREP');
  await moveOn(tab, second, 'IN_PREP');
  back = await h().startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  expect(await eventsBy(terminalId)).toBe(2);

  // As if the terminal had stopped before it recorded the answers: both go out again on restart.
  core.replica.write.sql.prepare("UPDATE outbox SET status = 'PENDING'").run();
  const again = await (cores as NonNullable<typeof cores>).start(credential);
  await expect.poll(() => again.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  expect(listByStatus(again.replica.read, 'ACKNOWLEDGED').map((e) => e.seq)).toEqual([1, 2]);
  expect(await eventsBy(terminalId)).toBe(2);
  expect(await lastSeqOf(terminalId)).toBe(2);
});

it('renumbers a batch the cloud expects earlier numbers for, and applies all of it', async () => {
  const { core, tab, items, terminalId } = await setUp(2);
  const [first, second] = items as [string, string];
  await moveOn(tab, first, 'IN_PREP');
  await expect.poll(() => cloudStatus(first), { timeout: 10_000 }).toBe('IN_PREP');

  // Paired again with the replica kept: its next changes are numbered 2 and 3, the cloud expects 1.
  const repaired = await pairTerminal(h().cloud.url, h().fixture.a.managerEmail, 'Bar PC again');
  await core.close();
  const again = await (cores as NonNullable<typeof cores>).start(repaired.credential);
  await untilOnline(again);
  const tab2 = await loginAs(again.url, h().fixture.a.staffEmail);
  await offline(again);
  await moveOn(tab2, first, 'READY_FOR_RUN');
  await moveOn(tab2, second, 'IN_PREP');
  back = await h().startAnother();
  await expect.poll(() => again.status().outbox, { timeout: 10_000 }).toEqual({ pending: 0, rejected: [], stuck: [] });
  expect([await cloudStatus(first), await cloudStatus(second)]).toEqual(['READY_FOR_RUN', 'IN_PREP']);
  expect(await lastSeqOf(repaired.id)).toBe(2);
  expect(await eventsBy(repaired.id)).toBe(2);
  expect(await eventsBy(terminalId)).toBe(1);
});

it("refuses a change of another organization's item in a batch; the changes around it apply", async () => {
  const { core, tab, items, terminalId } = await setUp(2);
  const [first, second] = items as [string, string];
  const b = h().fixture.b;
  const bStaff = await loginAs(h().cloud.url, b.staffEmail);
  const { guest, sessionId } = await checkInGuest(h().cloud.url, bStaff, b.tableIds[0] as string);
  const foreign = await guest.post('/api/orders', {
    id: randomUUID(),
    sessionId,
    items: [{ menuItemId: b.menu.lemonade, quantity: 1, course: 'drink' }],
  });
  const foreignItem = (foreign.body.items as { id: string }[])[0]?.id as string;

  await offline(core);
  await moveOn(tab, first, 'IN_PREP');
  // No screen offers it (the replica holds only its venue): written straight into the outbox.
  appendOutbox(core.replica.write, {
    idempotencyKey: randomUUID(),
    method: 'POST',
    path: `/api/order-items/${foreignItem}/status`,
    body: { status: 'IN_PREP' },
    entityType: 'order_item',
    entityId: foreignItem,
    createdAt: new Date().toISOString(),
  });
  await moveOn(tab, second, 'IN_PREP');
  back = await h().startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  expect(core.status().outbox.rejected).toEqual([
    expect.objectContaining({ id: '2', message: 'Order item not found' }),
  ]);
  expect(await cloudStatus(foreignItem)).toBe('SENT_TO_KITCHEN');
  expect([await cloudStatus(first), await cloudStatus(second)]).toEqual(['IN_PREP', 'IN_PREP']);
  expect(await lastSeqOf(terminalId)).toBe(3);
});
