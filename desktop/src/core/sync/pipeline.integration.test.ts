// The outbox pipelined to a real cloud (PostgreSQL): with more than one batch waiting, the next
// batch is sent while the cloud applies the one before. A refusal and a server error in the first
// batch, while the second is in flight, end with every change applied once, in the order made, or
// refused and shown: nothing lost, nothing twice.
import { MAX_PUSH_MUTATIONS, type OrderItemState } from '@tablewise/shared';
import { afterEach, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import type { Harness } from '../../../../cloud/src/testkit/harness.js';
import { changeItemStatusLocally } from '../commands/item-status.js';
import { countPending, listByStatus } from '../sqlite/repositories/outbox.js';
import type { coresOnOneDataDir } from '../test/core-on-cloud.js';
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
const lastSeqOf = async (terminalId: string) =>
  Number((await db()('terminals').where({ id: terminalId }).first()).last_mutation_seq);
/** The moves the cloud applied for the terminal, as [item, status], in the order applied. */
const appliedMoves = async (terminalId: string) =>
  (
    await db()('events')
      .where({ terminal_id: terminalId, type: 'order.item.status.changed' })
      .orderBy('seq')
      .select('payload_json')
  ).map((r: { payload_json: { item: { id: string }; to: string } }) => [r.payload_json.item.id, r.payload_json.to]);
const answeredKeys = async (terminalId: string) =>
  Number(
    (
      await db()('idempotency_keys')
        .where({ principal: `terminal:${terminalId}` })
        .count({ n: '*' })
    )[0]?.n ?? 0,
  );

it('pipelines batches; a refusal and a server error in the first, with the second in flight, lose nothing and apply nothing twice', async () => {
  const set = await drinksOnTerminal(3);
  harness = set.harness;
  cores = set.cores;
  const { core, terminalId } = set;
  const [toggled, refused, failing] = set.items as [string, string, string];
  await cloudAway(h(), core);

  // More than two batches of changes made offline: one item paused and resumed over and over, a
  // move of a second item in the first batch that the cloud will refuse, and a move of a third,
  // later in the first batch, that meets a server error.
  const total = 2 * MAX_PUSH_MUTATIONS + 100;
  const refusedAt = 100;
  const failingAt = 300;
  const made: [string, string][] = [];
  let toggle: OrderItemState = 'IN_PREP';
  for (let seq = 1; seq <= total; seq += 1) {
    const [itemId, status]: [string, OrderItemState] =
      seq === refusedAt ? [refused, 'IN_PREP'] : seq === failingAt ? [failing, 'IN_PREP'] : [toggled, toggle];
    const done = changeItemStatusLocally(core.replica.write, itemId, status, new Date());
    expect(done.item.status).toBe(status);
    expect(countPending(core.replica.read)).toBe(seq);
    made.push([itemId, status]);
    if (itemId === toggled) toggle = toggle === 'IN_PREP' ? 'PAUSE' : 'IN_PREP';
  }
  await db()('order_items').where({ id: refused }).update({ status: 'DELIVERED' });
  await db().raw(`CREATE FUNCTION fail_item() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
  await db().raw(
    `CREATE TRIGGER fail_item BEFORE UPDATE ON order_items FOR EACH ROW WHEN (OLD.id = '${failing}') EXECUTE FUNCTION fail_item()`,
  );

  back = await h().startAnother();
  // Its time limits count work, not speed: 600 changes reach the cloud in a few seconds on a quiet
  // machine and took longer than 15 on a loaded CI run.
  // The first batch applies up to the failing change, which waits; the second batch, sent before
  // the first was answered, applied nothing and waits behind it.
  await expect
    .poll(() => listByStatus(core.replica.read, 'PENDING')[0], { timeout: 90_000 })
    .toMatchObject({ seq: failingAt, attempts: expect.any(Number) });
  await expect.poll(() => (listByStatus(core.replica.read, 'PENDING')[0]?.attempts ?? 0) > 0).toBe(true);
  expect(await lastSeqOf(terminalId)).toBe(failingAt - 1);
  expect(listByStatus(core.replica.read, 'PENDING')).toHaveLength(total - failingAt + 1);
  expect(await appliedMoves(terminalId)).toEqual(made.slice(0, failingAt - 1).filter((_, i) => i + 1 !== refusedAt));

  await db().raw('DROP TRIGGER fail_item ON order_items');
  await expect.poll(() => core.status().outbox.pending, { timeout: 90_000 }).toBe(0);
  // Every change applied once, in the order made, but the refused one, which took its number and
  // is shown.
  expect(await appliedMoves(terminalId)).toEqual(made.filter((_, i) => i + 1 !== refusedAt));
  expect(await lastSeqOf(terminalId)).toBe(total);
  expect(await answeredKeys(terminalId)).toBe(total);
  expect(core.status().outbox.rejected).toEqual([
    expect.objectContaining({ id: String(refusedAt), path: `/api/order-items/${refused}/status` }),
  ]);
  expect(listByStatus(core.replica.read, 'ACKNOWLEDGED')).toHaveLength(total - 1);
  expect(await cloudStatus(toggled)).toBe(made.filter(([id]) => id === toggled).at(-1)?.[1]);
  expect([await cloudStatus(refused), await cloudStatus(failing)]).toEqual(['DELIVERED', 'IN_PREP']);
}, 240_000);
