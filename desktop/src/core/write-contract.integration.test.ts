// Same write, same decision (issue 21): every write the outbox carries is made twice from the same
// starting point, once on the cloud (PostgreSQL) and once on a paired terminal core (its SQLite
// replica, whose outbox then takes it to the cloud), on two twin parties that differ only in their
// ids. The answers must be equal field by field once the twins' ids are swapped, refusals included
// (status, error id and words); the cloud must accept every change the terminal made; and after
// the sync both tiers must hold the same state, with the twins alike. A tier that decides a write
// its own way, or applies a decision differently, fails here.
import { randomUUID } from 'node:crypto';
import { venueDate } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Client,
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  type Reply,
  startHarness,
} from '../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from './core.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from './test/core-on-cloud.js';
import { freePort } from './test/fixtures.js';

let harness: Harness;
let core: TerminalCore;
let terminal: CoreOnCloud;
let onCloud: Client;
let onTerminal: Client;

/** One of the two parties: what the scripted writes name. */
interface Twin {
  tableId: string;
  tableName: string;
  tableNumber: string;
  sessionId: string;
  orderId: string;
  itemIds: string[];
  /** A runner on shift, and one who is offline. */
  runnerId: string;
  offlineRunnerId: string;
  /** Ids the twin's writes make or learn on the way (an order placed, a task a move made). */
  ids: Record<string, string>;
}

const PLACE_IN_LINE = ['position', 'quotedMinWait', 'quotedMaxWait'];
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
    ...Object.entries(b.ids).flatMap(([slot, id]) => (a.ids[slot] ? [[id, a.ids[slot]]] : [])),
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
    if (v && typeof v === 'object') {
      // A waiting party's place in line is its own: the twins' parties stand one behind the other.
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [
          k,
          PLACE_IN_LINE.includes(k) ? 'place' : k === 'number' && x === b.tableNumber ? a.tableNumber : walk(x),
        ]),
      );
    }
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

async function seatTwin(
  tableIndex: number,
  items: object[] = [
    { menuItemId: harness.fixture.a.menu.lemonade, quantity: 2, course: 'drink', specialInstructions: 'no ice' },
    { menuItemId: harness.fixture.a.menu.fries, quantity: 1, course: 'drink' },
  ],
): Promise<Twin> {
  const a = harness.fixture.a;
  const tableId = a.tableIds[tableIndex] as string;
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, onCloud, tableId);
  const placed = await guest.post('/api/orders', { sessionId, items });
  if (placed.status !== 201 && placed.status !== 200) throw new Error(`Order failed: ${JSON.stringify(placed.body)}`);
  const runners = [randomUUID(), randomUUID()];
  await harness.database.db('runners').insert([
    { id: runners[0], org_id: a.orgId, venue_id: a.venueId, name: `Runner Table ${tableIndex + 1}` },
    { id: runners[1], org_id: a.orgId, venue_id: a.venueId, name: `Away Table ${tableIndex + 1}`, status: 'offline' },
  ]);
  return {
    tableId,
    tableName: `Table ${tableIndex + 1}`,
    tableNumber: String(tableIndex + 1),
    sessionId,
    orderId: placed.body.id,
    itemIds: (placed.body.items as { id: string }[]).map((i) => i.id),
    runnerId: runners[0] as string,
    offlineRunnerId: runners[1] as string,
    ids: {
      order: randomUUID(),
      request: randomUUID(),
      guests: randomUUID(),
      booking: randomUUID(),
      cancelled: randomUUID(),
      dessertOrder: randomUUID(),
      ticket: randomUUID(),
    },
  };
}

beforeAll(async () => {
  // On a port of its own: the cash steps take the cloud away and bring it back there.
  harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  // Handling facts the runners read: the terminal must say what the cloud says.
  await harness.database.db('menu_items').where({ id: a.menu.lemonade }).update({ temperature: 'cold' });
  await harness.database.db('menu_items').where({ id: a.menu.fries }).update({ temperature: 'hot', is_fragile: true });
  // Four more tables, for the paid tables' twins (issue 22), known to the terminal from its first
  // snapshot.
  const more = [3, 4, 5, 6].map((i) => ({
    id: randomUUID(),
    org_id: a.orgId,
    venue_id: a.venueId,
    number: String(i + 1),
    name: `Table ${i + 1}`,
    capacity: 4,
    capacity_max: 4,
    zone: 'Dining Room',
  }));
  await harness.database.db('tables').insert(more);
  a.tableIds.push(...more.map((t) => t.id));
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

type Request = { method: 'POST' | 'PATCH'; path: string; body?: unknown };
interface Step {
  name: string;
  request: (t: Twin) => Request;
  /** Ids the answer names that later steps use, by slot. */
  learn?: (answer: Record<string, unknown>) => Record<string, string | undefined>;
  /** What the first tier answered: a success or a refusal, checked on both. */
  status: number;
  id?: string;
}

/** The same write made on both tiers: the cloud's twin on the cloud, the other on the terminal. */
async function bothTiers(step: Step) {
  const send = (client: Client, r: Request) => client.request(r.method, r.path, { body: r.body ?? {} });
  const cloud = await send(onCloud, step.request(cloudTwin));
  // The terminal decides on its replica: it has the cloud twin's write first, as it would by the
  // time a person taps (on a busy machine the feed can lag the answer by more than a step).
  await inStep();
  const local = await send(onTerminal, step.request(terminalTwin));
  await inStep();
  for (const [twin, answer] of [
    [cloudTwin, cloud],
    [terminalTwin, local],
  ] as const) {
    if (!step.learn || answer.status >= 400) continue;
    for (const [slot, id] of Object.entries(step.learn(answer.body))) if (id) twin.ids[slot] = id;
  }
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
  // Issue 22: what is ready goes out on its own ticket; the rest follows on a ticket of its own.
  {
    name: 'Send to Runner of one ready item alone',
    request: (t) => ({ ...expo(t), body: { itemIds: [t.itemIds[0]] } }),
    status: 200,
  },
  {
    name: 'Send to Runner of an item already on the pass',
    request: (t) => ({ ...expo(t), body: { id: t.ids.ticket, itemIds: [t.itemIds[0]] } }),
    status: 409,
    id: 'transition_refused',
  },
  {
    name: 'Send to Runner of the rest, a ticket of its own',
    request: (t) => ({ ...expo(t), body: { id: t.ids.ticket } }),
    status: 200,
  },
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

const menu = () => harness.fixture.a.menu;
const order = (
  t: Twin,
  over: { id?: string; sessionId?: string; menuItemId?: string; course?: string } = {},
): Request => ({
  method: 'POST',
  path: '/api/orders',
  body: {
    id: over.id ?? t.ids.order,
    sessionId: over.sessionId ?? t.sessionId,
    items: [
      {
        menuItemId: over.menuItemId ?? menu().lemonade,
        quantity: 1,
        course: over.course ?? 'drink',
        specialInstructions: 'lime',
      },
    ],
  },
});
const fireNow = (course: string, orderId?: (t: Twin) => string) => (t: Twin) =>
  post(`/api/orders/${orderId ? orderId(t) : t.ids.dessertOrder}/fire`, { course });
const otherTwin = (t: Twin) => (t === cloudTwin ? terminalTwin : cloudTwin);
const itemMove =
  (status: string, from?: string) =>
  (t: Twin): Request => ({
    method: 'POST',
    path: `/api/order-items/${t.ids.orderItem}/status`,
    body: from ? { status, from } : { status },
  });

const ORDERS: Step[] = [
  {
    name: 'Add Items',
    request: (t) => order(t),
    status: 201,
    learn: (a) => ({ orderItem: (a.items as { id: string }[])[0]?.id }),
  },
  { name: 'Add Items again (a double tap)', request: (t) => order(t), status: 200 },
  {
    name: 'Add Items with an order id another party has',
    request: (t) => order(t, { sessionId: otherTwin(t).sessionId }),
    status: 409,
    id: 'order_exists',
  },
  {
    name: 'Add Items of a sold-out dish',
    request: (t) => order(t, { id: randomUUID(), menuItemId: menu().soldOut }),
    status: 409,
    id: 'menu_item_unavailable',
  },
  {
    name: 'Add Items of an unknown dish',
    request: (t) => order(t, { id: randomUUID(), menuItemId: UNKNOWN }),
    status: 404,
    id: 'not_found',
  },
  { name: 'Ready before Start Prep', request: itemMove('READY_FOR_RUN'), status: 409, id: 'transition_refused' },
  { name: 'Start Prep', request: itemMove('IN_PREP'), status: 200 },
  { name: 'Pause', request: itemMove('PAUSE'), status: 200 },
  { name: 'Ready while paused', request: itemMove('READY_FOR_RUN'), status: 409, id: 'transition_refused' },
  { name: 'Resume', request: itemMove('IN_PREP'), status: 200 },
  { name: 'Ready (a bump)', request: itemMove('READY_FOR_RUN'), status: 200 },
  {
    name: 'Start Prep of a ready item (a late replay): never a recall',
    request: itemMove('IN_PREP'),
    status: 409,
    id: 'transition_refused',
  },
  { name: 'Recall the bump', request: itemMove('IN_PREP', 'READY_FOR_RUN'), status: 200 },
  {
    name: 'Recall again',
    request: itemMove('IN_PREP', 'READY_FOR_RUN'),
    status: 409,
    id: 'transition_refused',
  },
  // Issue 22: a course held for later, fired early.
  {
    name: 'Add Items: a dessert held for later',
    request: (t) => order(t, { id: t.ids.dessertOrder, course: 'dessert' }),
    status: 201,
    learn: (a) => ({ dessertItem: (a.items as { id: string }[])[0]?.id }),
  },
  {
    name: 'Fire now of a course the order does not hold',
    request: fireNow('main'),
    status: 409,
    id: 'item_already_fired',
  },
  { name: 'Fire now of an unknown order', request: fireNow('dessert', () => UNKNOWN), status: 404, id: 'not_found' },
  { name: 'Fire now', request: fireNow('dessert'), status: 200 },
  { name: 'Fire now again', request: fireNow('dessert'), status: 409, id: 'item_already_fired' },
];

const post = (path: string, body?: unknown): Request => ({ method: 'POST', path, body });
const learnTask = (slot: string, key: 'task' | 'qaTask') => (a: Record<string, unknown>) => ({
  [slot]: (a[key] as { id: string } | null)?.id,
});

const TURNOVER: Step[] = [
  {
    name: 'Emergency clean of a seated table',
    request: (t) => post(`/api/tables/${t.tableId}/transition`, { state: 'CLEANING' }),
    status: 200,
    learn: learnTask('clean', 'task'),
  },
  {
    name: 'Request Cleaning of a table that has a cleaning task',
    request: (t) => post('/api/tasks', { id: t.ids.request, type: 'CLEAN', tableId: t.tableId }),
    status: 409,
    id: 'conflict',
  },
  {
    name: 'Request Cleaning of an unknown table',
    request: (t) => post('/api/tasks', { id: t.ids.request, type: 'CLEAN', tableId: UNKNOWN }),
    status: 404,
    id: 'not_found',
  },
  {
    name: 'Mark Complete before Start Task',
    request: (t) => post(`/api/tasks/${t.ids.clean}/complete`),
    status: 409,
    id: 'transition_refused',
  },
  { name: 'Start Task', request: (t) => post(`/api/tasks/${t.ids.clean}/start`), status: 200 },
  {
    name: 'Start Task again',
    request: (t) => post(`/api/tasks/${t.ids.clean}/start`),
    status: 409,
    id: 'transition_refused',
  },
  { name: 'Start an unknown task', request: () => post(`/api/tasks/${UNKNOWN}/start`), status: 404, id: 'not_found' },
  {
    name: 'Mark Complete',
    request: (t) => post(`/api/tasks/${t.ids.clean}/complete`),
    status: 200,
    learn: learnTask('qa', 'qaTask'),
  },
  {
    name: 'Fail the QA check',
    request: (t) => post(`/api/tables/${t.tableId}/qa-complete`, { passed: false, issues: ['Crumbs on the seat'] }),
    status: 200,
    learn: learnTask('redo', 'task'),
  },
  {
    name: 'Pass the QA check of a table being cleaned',
    request: (t) => post(`/api/tables/${t.tableId}/qa-complete`, { passed: true }),
    status: 409,
    id: 'transition_refused',
  },
  { name: 'Start the clean again', request: (t) => post(`/api/tasks/${t.ids.redo}/start`), status: 200 },
  {
    name: 'Mark the clean again complete',
    request: (t) => post(`/api/tasks/${t.ids.redo}/complete`),
    status: 200,
    learn: learnTask('qaAgain', 'qaTask'),
  },
  {
    name: 'Pass the QA check: the next party that fits is told',
    request: (t) => post(`/api/tables/${t.tableId}/qa-complete`, { passed: true }),
    status: 200,
    learn: (a) => ({ party: (a.notified as { id: string } | null)?.id }),
  },
  {
    name: 'Move a free table to a state the machine refuses',
    request: (t) => post(`/api/tables/${t.tableId}/transition`, { state: 'QA_CHECK' }),
    status: 409,
    id: 'transition_refused',
  },
  {
    name: 'Request Cleaning of the free table',
    request: (t) => post('/api/tasks', { id: t.ids.request, type: 'CLEAN', tableId: t.tableId, priority: 4 }),
    status: 201,
  },
  {
    name: 'Request Cleaning again with the same id (a double tap)',
    request: (t) => post('/api/tasks', { id: t.ids.request, type: 'CLEAN', tableId: t.tableId, priority: 4 }),
    status: 201,
  },
];

describe('the orders’ writes', () => {
  it.each(ORDERS.map((s) => [s.name, s] as const))('%s: both tiers answer alike', async (_, step) => {
    expectSameAnswer(step, await bothTiers(step));
  });

  it('leaves both tiers holding the same orders and kitchen, the twins alike', async () => {
    for (const path of ['/api/orders', '/api/order-items/kitchen']) {
      const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
      expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
    }
    const orders = (await onCloud.get('/api/orders')).body as { id: string; items: unknown[] }[];
    const of = (t: Twin) => orders.find((o) => o.id === t.ids.order);
    expect(normalized(of(terminalTwin))).toEqual(normalized(of(cloudTwin)));
    // The dessert fired early on each tier: in the kitchen, its fire time the cloud's.
    const dessertOf = (t: Twin) => orders.find((o) => o.id === t.ids.dessertOrder);
    expect(normalized(dessertOf(terminalTwin))).toEqual(normalized(dessertOf(cloudTwin)));
    expect(dessertOf(terminalTwin)?.items).toMatchObject([{ status: 'SENT_TO_KITCHEN', course: 'dessert' }]);
  });
});

describe('the turnover’s writes', () => {
  beforeAll(async () => {
    // Two parties wait; the twins' tables, freed, each tell one of them.
    for (const guestName of ['Party of two', 'Party of two']) {
      const added = await onCloud.post('/api/waitlist', { guestName, partySize: 2 });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    await inStep();
  });

  it.each(TURNOVER.map((s) => [s.name, s] as const))('%s: both tiers answer alike', async (_, step) => {
    expectSameAnswer(step, await bothTiers(step));
  });

  it('leaves both tiers holding the same tables, tasks and line, the twins alike; the cleaner is named in the cloud', async () => {
    for (const path of ['/api/tables', '/api/tasks', '/api/tasks?status=COMPLETED', '/api/waitlist']) {
      const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
      expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
    }
    const tasks = await harness.database.db('tasks').select('id', 'assigned_to', 'status', 'type', 'priority');
    const task = (id: string | undefined) => tasks.find((t) => t.id === id);
    for (const slot of ['clean', 'qa', 'redo', 'request']) {
      expect({ slot, ...task(terminalTwin.ids[slot]), id: 'x' }).toEqual({
        slot,
        ...task(cloudTwin.ids[slot]),
        id: 'x',
      });
    }
    // Started on the terminal, the cleaning names the cleaner signed in there, as on the cloud.
    expect(task(terminalTwin.ids.clean)?.assigned_to).toBeTruthy();
    const parties = await harness.database.db('waitlist').select('id', 'status', 'ready_table_id');
    const party = (t: Twin) => parties.find((p) => p.id === t.ids.party);
    expect(party(cloudTwin)).toMatchObject({ status: 'NOTIFIED', ready_table_id: cloudTwin.tableId });
    expect(party(terminalTwin)).toMatchObject({ status: 'NOTIFIED', ready_table_id: terminalTwin.tableId });
  });
});

const patch = (path: string, body: unknown): Request => ({ method: 'PATCH', path, body });
const addParty = (t: Twin): Request =>
  post('/api/waitlist', { id: t.ids.guests, guestName: `Party at ${t.tableName}`, phone: '555 0100', partySize: 2 });
const moveParty = (status: string) => (t: Twin) => patch(`/api/waitlist/${t.ids.guests}/status`, { status });
const seatParty = (tableId: (t: Twin) => string) => (t: Twin) =>
  post(`/api/waitlist/${t.ids.guests}/seat`, { tableId: tableId(t) });
const learnSession = (a: Record<string, unknown>) => ({ session: a.sessionId as string | undefined });

const WAITLIST: Step[] = [
  { name: 'Add to Waitlist', request: addParty, status: 201 },
  { name: 'Add to Waitlist again (a double tap)', request: addParty, status: 201 },
  { name: 'Remove', request: moveParty('CANCELLED'), status: 200 },
  { name: 'Mark a removed party seated', request: moveParty('SEATED'), status: 409, id: 'transition_refused' },
  { name: 'Undo the Remove', request: moveParty('WAITING'), status: 200 },
  { name: 'Undo again', request: moveParty('WAITING'), status: 409, id: 'transition_refused' },
  { name: 'Notify', request: moveParty('NOTIFIED'), status: 200 },
  { name: 'Notify again', request: moveParty('NOTIFIED'), status: 409, id: 'transition_refused' },
  {
    name: 'Remove an unknown party',
    request: () => patch(`/api/waitlist/${UNKNOWN}/status`, { status: 'CANCELLED' }),
    status: 404,
    id: 'not_found',
  },
  { name: 'Seat at an unknown table', request: seatParty(() => UNKNOWN), status: 404, id: 'not_found' },
  { name: 'Seat at the table', request: seatParty((t) => t.tableId), status: 200, learn: learnSession },
  { name: 'Seat again', request: seatParty((t) => t.tableId), status: 409, id: 'transition_refused' },
];

/** The table's party leaves and it is cleaned and checked: free again for the next. */
const FREE_THE_TABLE: Step[] = [
  {
    name: 'Emergency clean of the seated table',
    request: (t) => post(`/api/tables/${t.tableId}/transition`, { state: 'CLEANING' }),
    status: 200,
    learn: learnTask('clean2', 'task'),
  },
  { name: 'Start the clean', request: (t) => post(`/api/tasks/${t.ids.clean2}/start`), status: 200 },
  {
    name: 'Mark the clean complete',
    request: (t) => post(`/api/tasks/${t.ids.clean2}/complete`),
    status: 200,
    learn: learnTask('qa2', 'qaTask'),
  },
  {
    name: 'Pass the QA check',
    request: (t) => post(`/api/tables/${t.tableId}/qa-complete`, { passed: true }),
    status: 200,
  },
];

let slot = '';
const book = (t: Twin, at?: string): Request =>
  post('/api/reservations', {
    id: t.ids.booking,
    guestContact: { name: `Booked for ${t.tableName}`, phone: '555 0101', email: '' },
    slotStart: at ?? slot,
    partySize: 4,
    preferencesJson: { needsAccessibility: true, needsHighChair: false, occasion: '', specialRequests: 'window' },
  });
const seatBooking = (tableId: (t: Twin) => string) => (t: Twin) =>
  post(`/api/reservations/${t.ids.booking}/seat`, { tableId: tableId(t) });

const RESERVATIONS: Step[] = [
  {
    name: 'Add Reservation at a time gone by',
    request: (t) => ({ ...book(t, '2020-01-01T18:00:00.000Z') }),
    status: 400,
    id: 'invalid_field',
  },
  { name: 'Add Reservation', request: (t) => book(t), status: 201 },
  { name: 'Add Reservation again (a double tap)', request: (t) => book(t), status: 201 },
  {
    name: 'Modify to a time that is not bookable',
    request: (t) => patch(`/api/reservations/${t.ids.booking}`, { slotStart: '2020-01-01T18:00:00.000Z' }),
    status: 400,
    id: 'invalid_field',
  },
  {
    name: 'Modify the party size, contact and requests',
    request: (t) =>
      patch(`/api/reservations/${t.ids.booking}`, {
        slotStart: slot,
        partySize: 3,
        guestContact: { phone: '555 0202' },
        preferencesJson: { specialRequests: 'booth' },
      }),
    status: 200,
  },
  {
    name: 'Modify an unknown reservation',
    request: () => patch(`/api/reservations/${UNKNOWN}`, { partySize: 2 }),
    status: 404,
    id: 'not_found',
  },
  {
    name: 'Add Reservation to cancel',
    request: (t) =>
      post('/api/reservations', { id: t.ids.cancelled, guestContact: { name: 'Gone' }, slotStart: slot, partySize: 2 }),
    status: 201,
  },
  {
    name: 'Cancel Reservation',
    request: (t) => patch(`/api/reservations/${t.ids.cancelled}`, { status: 'CANCELLED' }),
    status: 200,
  },
  {
    name: 'Modify a cancelled reservation',
    request: (t) => patch(`/api/reservations/${t.ids.cancelled}`, { partySize: 4 }),
    status: 409,
    id: 'transition_refused',
  },
  { name: 'Seat before Check In', request: seatBooking((t) => t.tableId), status: 409, id: 'transition_refused' },
  { name: 'Check In', request: (t) => post(`/api/reservations/${t.ids.booking}/checkin`), status: 200 },
  {
    name: 'Check In again',
    request: (t) => post(`/api/reservations/${t.ids.booking}/checkin`),
    status: 409,
    id: 'transition_refused',
  },
  {
    name: 'Check In an unknown reservation',
    request: () => post(`/api/reservations/${UNKNOWN}/checkin`),
    status: 404,
    id: 'not_found',
  },
  {
    name: 'Seat at a table that is not free',
    request: seatBooking((t) => t.tableId),
    status: 409,
    id: 'transition_refused',
  },
  ...FREE_THE_TABLE,
  { name: 'Seat at the table', request: seatBooking((t) => t.tableId), status: 200, learn: learnSession },
  { name: 'Seat again', request: seatBooking((t) => t.tableId), status: 409, id: 'transition_refused' },
];

/** The twins' sessions, as the cloud and the terminal hold them. */
async function sessionsOf(t: Twin) {
  const row = await harness.database
    .db('sessions')
    .where({ id: t.ids.session })
    .first('table_id', 'party_size', 'guest_name', 'guest_phone', 'status', 'reservation_id');
  return normalized({ ...row, reservation_id: row?.reservation_id ? 'booked' : null });
}

describe('the waitlist’s and the reservations’ writes', () => {
  it.each(WAITLIST.map((s) => [s.name, s] as const))('%s: both tiers answer alike', async (_, step) => {
    expectSameAnswer(step, await bothTiers(step));
  });

  it('leaves both tiers holding the same line and tables, the twins alike', async () => {
    for (const path of ['/api/tables', '/api/waitlist']) {
      const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
      expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
    }
    const parties = await harness.database.db('waitlist').select('id', 'status', 'session_id', 'phone');
    const party = (t: Twin) => {
      const { id: _, ...rest } = parties.find((p) => p.id === t.ids.guests) ?? {};
      return normalized(rest);
    };
    expect(party(terminalTwin)).toEqual(party(cloudTwin));
    expect(party(cloudTwin)).toMatchObject({ status: 'SEATED', session_id: cloudTwin.ids.session });
    expect(await sessionsOf(terminalTwin)).toEqual(await sessionsOf(cloudTwin));
  });

  it.each(RESERVATIONS.map((s) => [s.name, s] as const))('%s: both tiers answer alike', async (_, step) => {
    if (!slot) {
      const times = await onCloud.get('/api/reservations/bookable-times');
      slot = (times.body.times as { value: string }[])[0]?.value ?? '';
    }
    expectSameAnswer(step, await bothTiers(step));
  });

  it('leaves both tiers holding the same reservations and tables, the twins alike', async () => {
    const day = venueDate(new Date(slot), (await onCloud.get('/api/reservations/bookable-times')).body.timeZone);
    for (const path of ['/api/tables', `/api/reservations?date=${day}`]) {
      const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
      expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
    }
    const booked = (await onCloud.get(`/api/reservations/${terminalTwin.ids.booking}`)).body;
    const bookedHere = (await onCloud.get(`/api/reservations/${cloudTwin.ids.booking}`)).body;
    expect(normalized({ ...booked, id: 'x' })).toEqual(normalized({ ...bookedHere, id: 'x' }));
    expect(bookedHere).toMatchObject({ status: 'SEATED', lockedTableIds: [cloudTwin.tableId] });
    expect(await sessionsOf(terminalTwin)).toEqual(await sessionsOf(cloudTwin));
  });
});

const cash =
  (over: { amount?: string; sessionId?: string } = {}) =>
  (t: Twin): Request =>
    post('/api/payments/take', {
      sessionId: over.sessionId ?? t.ids.session,
      method: 'cash',
      tipAmount: '2.00',
      ...over,
    });

/** Cash taken at the table: on the cloud for its twin; on the terminal, with the cloud away (the
 * only time a terminal takes it itself), for the other. */
const CASH: Step[] = [
  { name: 'Cash beyond what is left', request: cash({ amount: '999.00' }), status: 409, id: 'payment_exceeds_bill' },
  { name: 'Cash of nothing', request: cash({ amount: '0.00' }), status: 400, id: 'invalid_field' },
  { name: 'Cash for an unknown session', request: cash({ sessionId: UNKNOWN }), status: 404, id: 'not_found' },
  {
    name: 'Cash for what is left',
    request: cash(),
    status: 201,
    learn: (a) => ({ payment: (a.payment as { id: string }).id }),
  },
  { name: 'Cash again', request: cash(), status: 409, id: 'split_already_paid' },
];

describe('cash taken at the table', () => {
  const answers: { cloud: Reply; local?: Reply }[] = [];

  beforeAll(async () => {
    // Each twin's seated party orders, on the cloud.
    for (const t of [cloudTwin, terminalTwin]) {
      t.ids.cashOrder = randomUUID();
      const placed = await onCloud.post(
        '/api/orders',
        order(t, { id: t.ids.cashOrder, sessionId: t.ids.session }).body,
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    await inStep();
    for (const step of CASH) {
      const r = step.request(cloudTwin);
      answers.push({ cloud: await onCloud.request(r.method, r.path, { body: r.body }) });
    }
    await harness.cloud.close();
    await vi.waitFor(() => expect(core.status().online).toBe(false), { timeout: 15_000, interval: 50 });
    for (const [i, step] of CASH.entries()) {
      const r = step.request(terminalTwin);
      (answers[i] as (typeof answers)[number]).local = await onTerminal.request(r.method, r.path, { body: r.body });
    }
    harness.cloud = await harness.startAnother();
    await untilOnline(core);
    await inStep();
    for (const [i, step] of CASH.entries()) {
      const { cloud, local } = answers[i] as (typeof answers)[number];
      for (const [twin, answer] of [
        [cloudTwin, cloud],
        [terminalTwin, local],
      ] as const) {
        if (!step.learn || !answer || answer.status >= 400) continue;
        for (const [slot, id] of Object.entries(step.learn(answer.body))) if (id) twin.ids[slot] = id;
      }
    }
  });

  it.each(CASH.map((s, i) => [s.name, s, i] as const))('%s: both tiers answer alike', (_, step, i) => {
    const { cloud, local } = answers[i] as (typeof answers)[number];
    expect({ step: step.name, status: cloud.status, id: cloud.status >= 400 ? cloud.body?.id : undefined }).toEqual({
      step: step.name,
      status: step.status,
      id: step.id,
    });
    // Taken with the cloud away, the terminal's payment is PENDING until the cloud records it, and
    // it cannot know whether the bill is complete: the rest is the cloud's answer.
    // No receipt printed is a null receiptJob on the terminal, which prints them, and none on the cloud.
    const shown = ({ receiptJob = null, ...body }: Record<string, unknown>) =>
      body.payment
        ? {
            ...body,
            payment: { ...(body.payment as object), status: 'taken', paidAt: 'time' },
            sessionComplete: '?',
            receiptJob,
          }
        : { ...body, ...(receiptJob ? { receiptJob } : {}) };
    expect({ step: step.name, status: local?.status, body: normalized(shown(local?.body)) }).toEqual({
      step: step.name,
      status: cloud.status,
      body: normalized(shown(cloud.body)),
    });
  });

  it('leaves both twins’ cash recorded alike, the bills paid and the tables turned over alike', async () => {
    expect(core.status().outbox.rejected).toEqual([]);
    const paid = async (t: Twin) => {
      const rows = await harness.database
        .db('payments')
        .where({ session_id: t.ids.session })
        .select('amount', 'tip_amount', 'status', 'payment_method', 'provider');
      const bill = (await onCloud.get(`/api/orders/payment/${t.ids.session}`)).body;
      return normalized({ rows, left: bill.left, complete: bill.complete, paid: bill.paid });
    };
    expect(await paid(terminalTwin)).toEqual(await paid(cloudTwin));
    expect(await paid(cloudTwin)).toMatchObject({ complete: true, left: '0.00' });
    for (const path of ['/api/tables', '/api/orders/payments']) {
      const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
      expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
    }
  });
});

/** Each twin's bill paid in cash, the cloud's on the cloud and the other on the terminal (which
 * takes it to the cloud): paying is the cloud's, on either tier. */
async function payBothInCash(): Promise<void> {
  for (const [client, twin] of [
    [onCloud, cloudTwin],
    [onTerminal, terminalTwin],
  ] as const) {
    const paid = await client.post('/api/payments/take', {
      sessionId: twin.sessionId,
      method: 'cash',
      tipAmount: '0.00',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.sessionComplete).toBe(true);
  }
  await inStep();
}

/** The twins' tables and tasks are the same on both tiers, and each twin's as the other's. */
async function expectTablesAlike(state: string, cleanTasks: number): Promise<void> {
  await inStep();
  for (const path of ['/api/tables', '/api/tasks', '/api/orders']) {
    const [cloud, local] = [await onCloud.get(path), await onTerminal.get(path)];
    expect({ path, body: local.body }).toEqual({ path, body: cloud.body });
  }
  const tables = (await onCloud.get('/api/tables')).body as { id: string; state: string }[];
  const tasks = (await onCloud.get('/api/tasks?type=CLEAN')).body as { id: string; targetTableId: string }[];
  for (const twin of [cloudTwin, terminalTwin]) {
    expect({ table: twin.tableName, state: tables.find((t) => t.id === twin.tableId)?.state }).toEqual({
      table: twin.tableName,
      state,
    });
    const cleans = tasks.filter((t) => t.targetTableId === twin.tableId);
    expect({ table: twin.tableName, cleans: cleans.length }).toEqual({ table: twin.tableName, cleans: cleanTasks });
    const clean = cleans[0];
    if (clean) twin.ids.clean = clean.id;
  }
}

const departed = (t: Twin): Request => post(`/api/tables/${t.tableId}/departed`, {});
const cancelMain = (t: Twin): Request => post(`/api/order-items/${t.ids.main}/cancel`);
const drinkMove =
  (status: string) =>
  (t: Twin): Request =>
    post(`/api/order-items/${t.itemIds[0]}/status`, { status });

const LEFT_WITH_FOOD_TO_SERVE: Step[] = [
  { name: 'Party Left with a held course still to serve: the table waits', request: departed, status: 200 },
  { name: 'Party Left again: nothing changes', request: departed, status: 200 },
  { name: 'Cancel the held course of a party that left', request: cancelMain, status: 200 },
  { name: 'Start Prep of the last drink', request: drinkMove('IN_PREP'), status: 200 },
  { name: 'Ready', request: drinkMove('READY_FOR_RUN'), status: 200 },
  { name: 'Send to Runner', request: expo, status: 200 },
  { name: 'Pick Up', request: runnerMove('OUT_FOR_DELIVERY', (t) => t.runnerId), status: 200 },
];

describe('a paid table turns over only when its party has left and nothing is outstanding (issue 22)', () => {
  describe('paid with a held course, left, then the last item delivered', () => {
    beforeAll(async () => {
      const { lemonade, burger } = harness.fixture.a.menu;
      const items = [
        { menuItemId: lemonade, quantity: 1, course: 'drink' },
        { menuItemId: burger, quantity: 1, course: 'main', modifiers: [{ groupId: 'temp', optionIds: ['rare'] }] },
      ];
      // The runners the terminal knows (it learnt them from its first snapshot) carry the food.
      const runners = [cloudTwin.runnerId, terminalTwin.runnerId];
      cloudTwin = await seatTwin(3, items);
      terminalTwin = await seatTwin(4, items);
      [cloudTwin.runnerId, terminalTwin.runnerId] = runners as [string, string];
      for (const twin of [cloudTwin, terminalTwin]) twin.ids.main = twin.itemIds[1] as string;
      await inStep();
    });

    it('Party Left before paying: both tiers refuse alike', async () => {
      const step: Step = { name: 'Party Left before paying', request: departed, status: 409, id: 'transition_refused' };
      expectSameAnswer(step, await bothTiers(step));
    });

    it('paying with a held course: the table is Paid, nobody is sent to clean, the course still held', async () => {
      await payBothInCash();
      await expectTablesAlike('PAYMENT_VERIFIED', 0);
      const orders = (await onTerminal.get('/api/orders')).body as {
        id: string;
        items: { id: string; status: string }[];
      }[];
      for (const twin of [cloudTwin, terminalTwin]) {
        const items = orders.find((o) => o.id === twin.orderId)?.items ?? [];
        expect(items.find((i) => i.id === twin.ids.main)?.status).toBe('CONFIRMED');
      }
    });

    it.each(LEFT_WITH_FOOD_TO_SERVE.map((s) => [s.name, s] as const))(
      '%s: both tiers answer alike',
      async (_, step) => {
        expectSameAnswer(step, await bothTiers(step));
      },
    );

    it('until the last item is delivered, the table waits on both tiers', async () => {
      await expectTablesAlike('EXIT_PENDING', 0);
    });

    it('Delivered, the last item: both tiers answer alike and turn the table over, with one CLEAN task', async () => {
      const step: Step = { name: 'Delivered', request: runnerMove('DELIVERED'), status: 200 };
      const [onC, onT] = [step.request(cloudTwin), step.request(terminalTwin)];
      const cloud = await onCloud.post(onC.path, onC.body);
      const local = await onTerminal.post(onT.path, onT.body);
      // The terminal turned its table over itself, in the delivery's own transaction.
      const here = (await onTerminal.get('/api/tables')).body as { id: string; state: string }[];
      expect(here.find((t) => t.id === terminalTwin.tableId)?.state).toBe('CLEANING');
      await inStep();
      expectSameAnswer(step, { cloud, local });
      await expectTablesAlike('CLEANING', 1);
    });
  });

  describe('paid, everything served, then left', () => {
    beforeAll(async () => {
      const items = [{ menuItemId: harness.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }];
      cloudTwin = await seatTwin(5, items);
      terminalTwin = await seatTwin(6, items);
      await inStep();
    });

    it('the drink served and the bill paid: the table is Paid, its party still seated', async () => {
      for (const status of ['IN_PREP', 'READY_FOR_RUN']) {
        for (const twin of [cloudTwin, terminalTwin]) {
          expect((await onCloud.post(`/api/order-items/${twin.itemIds[0]}/status`, { status })).status).toBe(200);
        }
      }
      for (const twin of [cloudTwin, terminalTwin]) {
        expect((await onCloud.post(`/api/orders/${twin.orderId}/send-to-expo`)).status).toBe(200);
        const run = (body: object) => onCloud.post(`/api/runner/orders/${twin.orderId}/status`, body);
        expect((await run({ status: 'OUT_FOR_DELIVERY', runnerId: twin.runnerId })).status).toBe(200);
        expect((await run({ status: 'DELIVERED' })).status).toBe(200);
      }
      await payBothInCash();
      await expectTablesAlike('PAYMENT_VERIFIED', 0);
    });

    it('Party Left with nothing outstanding: both tiers answer alike and turn the table over', async () => {
      const step: Step = {
        name: 'Party Left with everything served',
        request: departed,
        status: 200,
        learn: learnTask('clean', 'task'),
      };
      expectSameAnswer(step, await bothTiers(step));
      await expectTablesAlike('CLEANING', 1);
    });
  });
});
