// Same write, same decision (issue 21): every write the outbox carries is made twice from the same
// starting point, once on the cloud (PostgreSQL) and once on a paired terminal core (its SQLite
// replica, whose outbox then takes it to the cloud), on two twin parties that differ only in their
// ids. The answers must be equal field by field once the twins' ids are swapped, refusals included
// (status, error id and words); the cloud must accept every change the terminal made; and after
// the sync both tiers must hold the same state, with the twins alike. A tier that decides a write
// its own way, or applies a decision differently, fails here.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

/** One of the two parties: what the scripted writes name. */
interface Twin {
  tableId: string;
  tableName: string;
  sessionId: string;
  orderId: string;
  itemIds: string[];
  /** A runner on shift, and one who is offline. */
  runnerId: string;
  offlineRunnerId: string;
}

let cloudTwin: Twin;
let terminalTwin: Twin;
const UNKNOWN = '9c1f0c0e-0000-4000-8000-000000000000';

/** The terminal's twin's ids and names read as the cloud's twin's; every timestamp as 'time'. */
function normalized(value: unknown): unknown {
  const swap = new Map<string, string>();
  const a = cloudTwin;
  const b = terminalTwin;
  for (const [from, to] of [
    [b.tableId, a.tableId],
    [b.tableName, a.tableName],
    [b.sessionId, a.sessionId],
    [b.orderId, a.orderId],
    [b.runnerId, a.runnerId],
    [b.offlineRunnerId, a.offlineRunnerId],
    [`Away ${b.tableName}`, `Away ${a.tableName}`],
    [`Runner ${b.tableName}`, `Runner ${a.tableName}`],
    ...b.itemIds.map((id, i) => [id, a.itemIds[i] as string]),
  ] as [string, string][]) {
    swap.set(from, to);
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v)) return 'time';
      let out = swap.get(v) ?? v;
      for (const [from, to] of swap) out = out.split(from).join(to);
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

/** Until the terminal has applied every event the cloud committed and pushed everything it holds. */
async function inStep(): Promise<void> {
  const venueSeq = async () =>
    Number((await harness.database.db('venues').where({ id: harness.fixture.a.venueId }).first()).event_seq);
  await vi.waitFor(
    async () => {
      const status = core.status();
      if (status.outbox.pending !== 0 || status.cursor !== (await venueSeq())) throw new Error('not in step yet');
    },
    { timeout: 15_000, interval: 50 },
  );
}

async function seatTwin(tableIndex: number): Promise<Twin> {
  const a = harness.fixture.a;
  const tableId = a.tableIds[tableIndex] as string;
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, onCloud, tableId);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: a.menu.lemonade, quantity: 2, course: 'drink', specialInstructions: 'no ice' },
      { menuItemId: a.menu.fries, quantity: 1, course: 'drink' },
    ],
  });
  if (placed.status !== 201 && placed.status !== 200) throw new Error(`Order failed: ${JSON.stringify(placed.body)}`);
  const runners = [randomUUID(), randomUUID()];
  await harness.database.db('runners').insert([
    { id: runners[0], org_id: a.orgId, venue_id: a.venueId, name: `Runner Table ${tableIndex + 1}` },
    { id: runners[1], org_id: a.orgId, venue_id: a.venueId, name: `Away Table ${tableIndex + 1}`, status: 'offline' },
  ]);
  return {
    tableId,
    tableName: `Table ${tableIndex + 1}`,
    sessionId,
    orderId: placed.body.id,
    itemIds: (placed.body.items as { id: string }[]).map((i) => i.id),
    runnerId: runners[0] as string,
    offlineRunnerId: runners[1] as string,
  };
}

beforeAll(async () => {
  harness = await startHarness();
  const a = harness.fixture.a;
  // Handling facts the runners read: the terminal must say what the cloud says.
  await harness.database.db('menu_items').where({ id: a.menu.lemonade }).update({ temperature: 'cold' });
  await harness.database.db('menu_items').where({ id: a.menu.fries }).update({ temperature: 'hot', is_fragile: true });
  onCloud = await loginAs(harness.cloud.url, a.managerEmail);
  cloudTwin = await seatTwin(0);
  terminalTwin = await seatTwin(1);
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Contract PC');
  terminal = await startCoreOn(harness.cloud.url, paired.credential);
  core = terminal.core;
  await untilOnline(core);
  onTerminal = await loginAs(core.url, a.managerEmail);
  await inStep();
});

afterAll(async () => {
  await terminal?.close();
  await harness?.close();
});

type Request = { method: 'POST'; path: string; body?: unknown };
interface Step {
  name: string;
  request: (t: Twin) => Request;
  /** What the first tier answered: a success or a refusal, checked on both. */
  status: number;
  id?: string;
}

/** The same write made on both tiers: the cloud's twin on the cloud, the other on the terminal. */
async function bothTiers(step: Step) {
  const send = (client: Client, r: Request) => client.post(r.path, r.body);
  const cloud = await send(onCloud, step.request(cloudTwin));
  const local = await send(onTerminal, step.request(terminalTwin));
  await inStep();
  return { cloud, local };
}

/** Moves the twins' items on the cloud (the kitchen's work is not what these steps test). */
async function kitchenMoves(to: string[]): Promise<void> {
  for (const status of to) {
    const updates = [...cloudTwin.itemIds, ...terminalTwin.itemIds].map((id) => ({ id, status }));
    const moved = await onCloud.post('/api/order-items/batch-update', { updates });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  await inStep();
}

const expo = (t: Twin): Request => ({ method: 'POST', path: `/api/orders/${t.orderId}/send-to-expo` });
const runnerMove =
  (status: string, who?: (t: Twin) => string): ((t: Twin) => Request) =>
  (t) => ({
    method: 'POST',
    path: `/api/runner/orders/${t.orderId}/status`,
    body: { status, ...(who ? { runnerId: who(t) } : {}) },
  });

const BEFORE_READY: Step[] = [
  { name: 'Send to Runner with items still cooking', request: expo, status: 409, id: 'transition_refused' },
  {
    name: 'Send to Runner of an unknown order',
    request: () => ({ method: 'POST', path: `/api/orders/${UNKNOWN}/send-to-expo` }),
    status: 404,
    id: 'not_found',
  },
  {
    name: 'Pick Up of an order not on the pass',
    request: runnerMove('OUT_FOR_DELIVERY', (t) => t.runnerId),
    status: 404,
    id: 'not_found',
  },
];

const ON_THE_PASS: Step[] = [
  { name: 'Send to Runner', request: expo, status: 200 },
  { name: 'Send to Runner again', request: expo, status: 409, id: 'transition_refused' },
  { name: 'Delivered before Pick Up', request: runnerMove('DELIVERED'), status: 409, id: 'transition_refused' },
  { name: 'Pick Up without a runner', request: runnerMove('OUT_FOR_DELIVERY'), status: 400, id: 'bad_request' },
  {
    name: 'Pick Up by an unknown runner',
    request: runnerMove('OUT_FOR_DELIVERY', () => UNKNOWN),
    status: 404,
    id: 'not_found',
  },
  {
    name: 'Pick Up by a runner who is offline',
    request: runnerMove('OUT_FOR_DELIVERY', (t) => t.offlineRunnerId),
    status: 409,
    id: 'conflict',
  },
  { name: 'Pick Up', request: runnerMove('OUT_FOR_DELIVERY', (t) => t.runnerId), status: 200 },
  { name: 'Delivered', request: runnerMove('DELIVERED'), status: 200 },
  { name: 'Return after delivery', request: runnerMove('RETURN_REQUESTED'), status: 409, id: 'transition_refused' },
];

function expectSameAnswer(step: Step, answers: Awaited<ReturnType<typeof bothTiers>>) {
  const { cloud, local } = answers;
  expect({ step: step.name, status: cloud.status, id: cloud.status >= 400 ? cloud.body?.id : undefined }).toEqual({
    step: step.name,
    status: step.status,
    id: step.id,
  });
  expect({ step: step.name, status: local.status, body: normalized(local.body) }).toEqual({
    step: step.name,
    status: cloud.status,
    body: normalized(cloud.body),
  });
  // The cloud took every change the terminal made, as the terminal had decided it.
  expect(core.status().outbox.rejected).toEqual([]);
}

describe('the runners’ writes', () => {
  it.each(BEFORE_READY.map((s) => [s.name, s] as const))('%s: both tiers answer alike', async (_, step) => {
    expectSameAnswer(step, await bothTiers(step));
  });

  it('with the items ready', async () => {
    await kitchenMoves(['IN_PREP', 'READY_FOR_RUN']);
  });

  it.each(ON_THE_PASS.map((s) => [s.name, s] as const))('%s: both tiers answer alike', async (_, step) => {
    expectSameAnswer(step, await bothTiers(step));
  });

  it('leaves both tiers holding the same state, the twins alike', async () => {
    await inStep();
    for (const path of ['/api/runner/orders', '/api/runners', '/api/orders', '/api/order-items/kitchen']) {
      const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
      expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
    }
    const orders = (await onCloud.get('/api/runner/orders')).body as { id: string }[];
    const of = (t: Twin) => orders.find((o) => o.id === t.orderId);
    expect(normalized(of(terminalTwin))).toEqual(normalized(of(cloudTwin)));
    const runners = (await onCloud.get('/api/runners')).body as { id: string; status: string }[];
    const statusOf = (id: string) => runners.find((r) => r.id === id)?.status;
    expect([statusOf(terminalTwin.runnerId), statusOf(terminalTwin.offlineRunnerId)]).toEqual([
      statusOf(cloudTwin.runnerId),
      statusOf(cloudTwin.offlineRunnerId),
    ]);
    // The same events, in the same order, for each twin's order in the cloud's feed.
    const events = await harness.database.db('events').orderBy('seq').select('type', 'payload_json');
    const typesFor = (t: Twin) =>
      events.filter((e) => JSON.stringify(e.payload_json).includes(t.orderId)).map((e) => e.type as string);
    expect(typesFor(terminalTwin)).toEqual(typesFor(cloudTwin));
  });
});
