// POST /api/tasks against a real cloud: a CLEAN task for a table with its task.created event, each
// validation message, the one-open-task-per-table refusal, another organization's and venue's
// tables, idempotent repeats (the same id, the same Idempotency-Key), and a terminal's push.
import { randomUUID } from 'node:crypto';
import { SHELL_MESSAGES, Task } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Harness, LiveSocket, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
let host: Client;
beforeAll(async () => {
  h = await startHarness();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const table = (i: number) => {
  const id = h.fixture.a.tableIds[i];
  if (!id) throw new Error(`fixture has no table ${i}`);
  return id;
};
const taskRows = () => h.database.db('tasks').orderBy('created_at');

describe('POST /api/tasks', () => {
  it('creates a pending CLEAN task for the table, by the signed-in host, and announces it', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const reply = await host.post('/api/tasks', {
      type: 'CLEAN',
      tableId: table(0),
      priority: 3,
      description: 'Spilled wine\nunder the chairs',
      createdBy: 'front desk',
      metadata: { reason: 'spill', rush: true },
    });
    expect(reply.status).toBe(201);
    const task = Task.parse(reply.body);
    expect(task).toMatchObject({
      type: 'CLEAN',
      targetTableId: table(0),
      priority: 3,
      status: 'PENDING',
      description: 'Spilled wine\nunder the chairs',
      metadata: { reason: 'spill', rush: true, createdBy: 'front desk' },
    });
    const [row] = await taskRows();
    expect(row).toMatchObject({ id: task.id, venue_id: h.fixture.a.venueId, org_id: h.fixture.a.orgId });
    // the author is the principal, never the client's createdBy
    const staff = await h.database.db('users').where({ email: h.fixture.a.staffEmail }).first('id');
    expect(row.created_by).toBe(staff.id);
    const heard = await socket.next((m) => m.type === 'task.created');
    expect(heard).toMatchObject({ task: { id: task.id, targetTableId: table(0) } });
    await socket.close();
  });

  it('refuses a second open task of the type for the same table, naming the table', async () => {
    const before = (await taskRows()).length;
    const again = await host.post('/api/tasks', { type: 'CLEAN', tableId: table(0) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SHELL_MESSAGES.cleaningAlreadyRequested('1'));
    expect(await taskRows()).toHaveLength(before);
    // another type for that table, or the same type for another table, is fine
    expect((await host.post('/api/tasks', { type: 'QA', tableId: table(0) })).status).toBe(201);
    const other = await host.post('/api/tasks', { type: 'CLEAN', tableId: table(1) });
    expect(other.status).toBe(201);
    // the default priority is the turnover's normal one
    expect(other.body.priority).toBe(2);
  });

  it.each([
    [{ type: 'SWEEP', tableId: randomUUID() }, 'type', SHELL_MESSAGES.taskTypeInvalid],
    [{ type: 'CLEAN', tableId: randomUUID(), priority: 11 }, 'priority', SHELL_MESSAGES.taskPriorityInvalid],
    [{ type: 'CLEAN', tableId: randomUUID(), priority: 1.5 }, 'priority', SHELL_MESSAGES.taskPriorityInvalid],
    [{ type: 'CLEAN', tableId: randomUUID(), priority: '3' }, 'priority', SHELL_MESSAGES.taskPriorityInvalid],
    [{ type: 'CLEAN', tableId: randomUUID(), status: 'COMPLETED' }, 'status', SHELL_MESSAGES.taskStartsPending],
    [
      {
        type: 'CLEAN',
        tableId: randomUUID(),
        metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
      'metadata',
      SHELL_MESSAGES.taskMetadataTooLarge(20),
    ],
    [{ type: 'CLEAN' }, 'tableId', null],
    [{ type: 'CLEAN', tableId: 'table-1' }, 'tableId', null],
    [{ type: 'CLEAN', tableId: randomUUID(), extra: 1 }, null, null],
  ])('refuses %j with 400 (%s)', async (body, field, message) => {
    const before = (await taskRows()).length;
    const reply = await host.post('/api/tasks', body);
    expect(reply.status).toBe(400);
    if (field) expect(reply.body.message).toContain(field);
    if (message) expect(reply.body.message).toContain(message);
    expect(await taskRows()).toHaveLength(before);
  });

  it("answers 404 for another organization's or another venue's table, and 401 without a login", async () => {
    const before = (await taskRows()).length;
    const foreign = h.fixture.b.tableIds[0];
    expect((await host.post('/api/tasks', { type: 'CLEAN', tableId: foreign })).status).toBe(404);
    expect((await host.post('/api/tasks', { type: 'CLEAN', tableId: h.fixture.a.otherVenueTableId })).status).toBe(404);
    expect((await host.post('/api/tasks', { type: 'CLEAN', tableId: randomUUID() })).status).toBe(404);
    expect((await new Client(h.cloud.url).post('/api/tasks', { type: 'CLEAN', tableId: table(2) })).status).toBe(401);
    expect(await taskRows()).toHaveLength(before);
  });

  it('creates a task once for repeats of its id or of the Idempotency-Key', async () => {
    const id = randomUUID();
    const first = await host.post('/api/tasks', { id, type: 'CLEAN', tableId: table(2) });
    const again = await host.post('/api/tasks', { id, type: 'CLEAN', tableId: table(2) });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await h.database.db('tasks').where({ target_table_id: table(2), type: 'CLEAN' })).toHaveLength(1);

    const key = randomUUID();
    const one = await host.post('/api/tasks', { type: 'QA', tableId: table(2) }, { key });
    const two = await host.post('/api/tasks', { type: 'QA', tableId: table(2) }, { key });
    expect(two.status).toBe(one.status);
    expect(two.body).toEqual(one.body);
    expect(await h.database.db('tasks').where({ target_table_id: table(2), type: 'QA' })).toHaveLength(1);

    // Another organization cannot take over an id this venue used.
    const other = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    const stolen = await other.post('/api/tasks', { id, type: 'CLEAN', tableId: h.fixture.b.tableIds[1] });
    expect(stolen.status).toBe(409);
    expect(await h.database.db('tasks').where({ id }).first('venue_id')).toEqual({ venue_id: h.fixture.a.venueId });
  });

  it("takes a terminal's queued task through the batch push, once", async () => {
    const terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Host stand');
    await h.database.db('tasks').where({ venue_id: h.fixture.a.venueId }).delete();
    const id = randomUUID();
    const mutation = {
      seq: 1,
      idempotencyKey: randomUUID(),
      method: 'POST',
      path: '/api/tasks',
      body: { id, type: 'CLEAN', tableId: table(1), priority: 2 },
    };
    const pushed = await terminal.client.post('/api/sync/push', { mutations: [mutation] });
    expect(pushed.status).toBe(200);
    const replay = await terminal.client.post('/api/sync/push', { mutations: [mutation] });
    expect(replay.status).toBe(200);
    expect(await h.database.db('tasks').where({ id })).toHaveLength(1);
    const row = await h.database.db('tasks').where({ id }).first();
    expect(row).toMatchObject({ created_by: null, status: 'PENDING' });
  });
});
