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

it('names a cleaning request the cloud refused', async () => {
  if (!back) throw new Error('the cloud is not back');
  // Someone on the cloud asks for table 2 first; the terminal, offline, asks again.
  const onCloud = await loginAs(back.url, harness.fixture.a.staffEmail);
  expect((await onCloud.post('/api/tasks', { type: 'CLEAN', tableId: tableId(1) })).status).toBe(201);
  await back.close();
  back = null;
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  expect((await tab.post('/api/tasks', { type: 'CLEAN', tableId: tableId(1) })).status).toBe(201);
  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  const [refused] = terminal.core.status().outbox.rejected;
  expect(refused?.subject).toBe(SHELL_MESSAGES.cleaningSubject('2'));
  expect(refused?.message).toBe(SHELL_MESSAGES.cleaningAlreadyRequested('2'));
  expect(await harness.database.db('tasks').where({ target_table_id: tableId(1) })).toHaveLength(1);
});
