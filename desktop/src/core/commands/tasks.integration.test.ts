// Request Cleaning on a terminal: a CLEAN task asked for while the cloud is away is answered from
// the terminal at once, refused there as the cloud would refuse it (an unknown table, a second
// request for the same table), and reaches the cloud once when it returns; a request the cloud
// refuses (the table got a task on the cloud meanwhile) is named to staff.
import { randomUUID } from 'node:crypto';
import { MESSAGES, SHELL_MESSAGES, Task } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { type Client, type Harness, loginAs } from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startHostStand } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let back: RunningCloud | null = null;
let tab: Client;

beforeAll(async () => {
  ({ harness, terminal, tab } = await startHostStand());
});

afterAll(async () => {
  await terminal?.close();
  await back?.close();
  await harness?.close();
});

const tableId = (i: number) => {
  const id = harness.fixture.a.tableIds[i];
  if (!id) throw new Error(`fixture has no table ${i}`);
  return id;
};

it('takes a cleaning request offline, refuses a second for the table, and the cloud gets it once', async () => {
  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);

  const id = randomUUID();
  const asked = await tab.post('/api/tasks', { id, type: 'CLEAN', tableId: tableId(0), priority: 3 });
  expect(asked.status).toBe(201);
  expect(Task.parse(asked.body)).toMatchObject({ id, type: 'CLEAN', targetTableId: tableId(0), status: 'PENDING' });
  // A double tap answers the same task; a second request for the table is refused as the cloud would.
  expect((await tab.post('/api/tasks', { id, type: 'CLEAN', tableId: tableId(0) })).body).toEqual(asked.body);
  const second = await tab.post('/api/tasks', { type: 'CLEAN', tableId: tableId(0) });
  expect(second.status).toBe(409);
  expect(second.body.message).toBe(SHELL_MESSAGES.cleaningAlreadyRequested('1'));
  const nowhere = await tab.post('/api/tasks', { type: 'CLEAN', tableId: randomUUID() });
  expect(nowhere.status).toBe(404);
  expect(nowhere.body.message).toBe(MESSAGES.notFound('Table'));
  // Bad input is refused by the same schema as on the cloud.
  const bad = await tab.post('/api/tasks', { type: 'CLEAN', tableId: tableId(1), priority: 11 });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toContain(SHELL_MESSAGES.taskPriorityInvalid);
  expect(terminal.core.status().outbox.pending).toBe(1);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  const rows = await harness.database.db('tasks').where({ target_table_id: tableId(0) });
  expect(rows.map((r) => [r.id, r.type, r.status, r.priority])).toEqual([[id, 'CLEAN', 'PENDING', 3]]);
  expect(terminal.core.status().outbox.rejected).toEqual([]);
});

it('refuses a request for a table that has a task made elsewhere, as the cloud would (issue 21)', async () => {
  if (!back) throw new Error('the cloud is not back');
  // Someone on the cloud asks for table 2 first; the terminal hears of it, then goes offline.
  const onCloud = await loginAs(back.url, harness.fixture.a.staffEmail);
  const first = await onCloud.post('/api/tasks', { type: 'CLEAN', tableId: tableId(1) });
  expect(first.status).toBe(201);
  await expect
    .poll(async () => ((await tab.get('/api/tasks')).body as { id: string }[]).map((t) => t.id), { timeout: 10_000 })
    .toContain(first.body.id);
  await back.close();
  back = null;
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  // Before, the terminal saw only its own outbox and took the request, which the cloud then refused.
  const again = await tab.post('/api/tasks', { type: 'CLEAN', tableId: tableId(1) });
  expect([again.status, again.body.id, again.body.message]).toEqual([
    409,
    'conflict',
    SHELL_MESSAGES.cleaningAlreadyRequested('2'),
  ]);
  expect(terminal.core.status().outbox.pending).toBe(0);
});

it('names a cleaning request the cloud refused', async () => {
  // A task for table 3 reaches the cloud's database while the terminal cannot hear of it.
  const a = harness.fixture.a;
  await harness.database.db('tasks').insert({
    id: randomUUID(),
    org_id: a.orgId,
    venue_id: a.venueId,
    type: 'CLEAN',
    target_table_id: tableId(2),
    priority: 3,
    status: 'PENDING',
    metadata_json: '{}',
  });
  expect((await tab.post('/api/tasks', { type: 'CLEAN', tableId: tableId(2) })).status).toBe(201);
  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  const [refused] = terminal.core.status().outbox.rejected;
  expect(refused?.subject).toBe(SHELL_MESSAGES.cleaningSubject('3'));
  expect(refused?.message).toBe(SHELL_MESSAGES.cleaningAlreadyRequested('3'));
  expect(await harness.database.db('tasks').where({ target_table_id: tableId(2) })).toHaveLength(1);
});
