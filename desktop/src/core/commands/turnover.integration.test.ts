// Cleaning and QA on a terminal while the cloud is away: a paid table's CLEAN task (made on the
// cloud, synced to the replica) is started and completed there, its QA check fails and then passes,
// and the tables move in the replica by the same rules; refusals are the cloud's. When the cloud
// returns, every change reaches it once, the tasks the terminal made keep their ids. The pass shows
// the waiting party the freed table fits as NOTIFIED on the terminal at once, and the cloud notifies
// that same party, once, when the pass reaches it.
import { randomUUID } from 'node:crypto';
import {
  CompleteTaskAnswer,
  MESSAGES,
  QaCompleteAnswer,
  Task,
  TransitionTableAnswer,
  TURNOVER_MESSAGES,
  TURNOVER_TASK_PRIORITY,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onPaymentCompleted } from '../../../../cloud/src/commands/turnover-automation.js';
import { writeTransaction } from '../../../../cloud/src/realtime/append-event.js';
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

const tableId = (i: number) => harness.fixture.a.tableIds[i] as string;
/** The bill paid (the table Paid, no task), then staff on the cloud saw the party go (Party Left):
 * the table turns over with a CLEAN task (issue 22). */
async function paidAndLeft(id: string): Promise<void> {
  await writeTransaction(harness.database.db, (trx) =>
    onPaymentCompleted(trx, harness.fixture.a.venueId, { tableId: id, sessionComplete: true, rushOrder: false }),
  );
  const staff = await loginAs(harness.cloud.url, harness.fixture.a.staffEmail);
  const left = await staff.post(`/api/tables/${id}/departed`, {});
  expect(left.status, JSON.stringify(left.body)).toBe(200);
}

const tasksHere = async (query = '') => (await tab.get(`/api/tasks${query}`)).body as Task[];
const tableHere = async (id: string) =>
  ((await tab.get('/api/tables')).body as { id: string; state: string }[]).find((t) => t.id === id)?.state;

it('cleans and checks a table offline, and the cloud gets every change once, with the same tasks', async () => {
  const host = await loginAs(harness.cloud.url, harness.fixture.a.staffEmail);
  const party = (await host.post('/api/waitlist', { guestName: 'Okafor', partySize: 4 })).body.id as string;
  const later = (await host.post('/api/waitlist', { guestName: 'Bell', partySize: 2 })).body.id as string;
  await expect
    .poll(async () => ((await tab.get('/api/waitlist')).body as { id: string }[]).map((e) => e.id), {
      timeout: 15_000,
    })
    .toEqual([party, later]);
  await harness.database
    .db('tables')
    .where({ id: tableId(0) })
    .update({ state: 'PAYING' });
  await paidAndLeft(tableId(0));
  await expect.poll(async () => (await tasksHere()).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => tableHere(tableId(0)), { timeout: 15_000 }).toBe('CLEANING');
  const [clean] = await tasksHere();

  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  // Meanwhile Bell moved to the front on the cloud, unheard here: by the cloud's own rule the
  // freed table would go to Bell, but the terminal has shown Okafor notified.
  await harness.database.db('waitlist').where({ id: later }).update({ position: 0 });

  const started = await tab.post(`/api/tasks/${clean?.id}/start`);
  expect(started.status).toBe(200);
  expect(Task.parse(started.body).status).toBe('IN_PROGRESS');
  const twice = await tab.post(`/api/tasks/${clean?.id}/start`);
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe(MESSAGES.taskTransitionRefused('IN_PROGRESS', 'IN_PROGRESS'));
  expect((await tab.post(`/api/tasks/${randomUUID()}/start`)).status).toBe(404);

  const completed = CompleteTaskAnswer.parse((await tab.post(`/api/tasks/${clean?.id}/complete`)).body);
  expect(completed.table?.state).toBe('QA_CHECK');
  expect(completed.qaTask).toMatchObject({ type: 'QA', status: 'PENDING', targetTableId: tableId(0) });
  expect((await tasksHere('?type=QA')).map((t) => t.id)).toEqual([completed.qaTask?.id]);
  expect(await tableHere(tableId(0))).toBe('QA_CHECK');

  const failed = await tab.post(`/api/tables/${tableId(0)}/qa-complete`, { passed: false, issues: ['Chairs out'] });
  expect(failed.status).toBe(200);
  const redo = QaCompleteAnswer.parse(failed.body);
  expect(redo.table.state).toBe('CLEANING');
  expect(redo.task).toMatchObject({
    type: 'CLEAN',
    priority: 3,
    description: TURNOVER_MESSAGES.qaRedoDescription(['Chairs out']),
  });
  const empty = await tab.post(`/api/tables/${tableId(0)}/qa-complete`, { passed: false });
  expect(empty.status).toBe(400);
  expect(empty.body.message).toContain(TURNOVER_MESSAGES.qaIssuesRequired);

  await tab.post(`/api/tasks/${redo.task?.id}/start`);
  const again = CompleteTaskAnswer.parse((await tab.post(`/api/tasks/${redo.task?.id}/complete`)).body);
  const passed = await tab.post(`/api/tables/${tableId(0)}/qa-complete`, { passed: true });
  expect(passed.status).toBe(200);
  expect(QaCompleteAnswer.parse(passed.body)).toMatchObject({
    table: { state: 'EMPTY' },
    task: null,
    notified: { id: party, guestName: 'Okafor', status: 'NOTIFIED' },
  });
  expect(await tableHere(tableId(0))).toBe('EMPTY');
  // The host stand shows it at once, with the cloud away.
  const lineHere = async () =>
    ((await tab.get('/api/waitlist')).body as { id: string; status: string }[]).map((e) => [e.id, e.status]);
  expect(await lineHere()).toEqual([
    [party, 'NOTIFIED'],
    [later, 'WAITING'],
  ]);
  const late = await tab.post(`/api/tables/${tableId(0)}/qa-complete`, { passed: true });
  expect(late.status).toBe(409);
  expect(late.body.message).toBe(MESSAGES.tableTransitionRefused('pass QA for', 'Empty'));
  expect(terminal.core.status().outbox.pending).toBe(6);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(terminal.core.status().outbox.rejected).toEqual([]);
  expect(
    (
      await harness.database
        .db('tables')
        .where({ id: tableId(0) })
        .first('state')
    ).state,
  ).toBe('EMPTY');
  const rows = await harness.database
    .db('tasks')
    .where({ target_table_id: tableId(0) })
    .orderBy('created_at');
  expect(rows.map((r) => [r.id, r.type, r.status])).toEqual([
    [clean?.id, 'CLEAN', 'COMPLETED'],
    [completed.qaTask?.id, 'QA', 'COMPLETED'],
    [redo.task?.id, 'CLEAN', 'COMPLETED'],
    [again.qaTask?.id, 'QA', 'COMPLETED'],
  ]);
  expect((await harness.database.db('waitlist').where({ id: party }).first('status')).status).toBe('NOTIFIED');
  expect((await harness.database.db('waitlist').where({ id: later }).first('status')).status).toBe('WAITING');
  // Notified once: one event moved a party to NOTIFIED, and it is Okafor.
  const notices = await harness.database
    .db('events')
    .where({ type: 'waitlist.updated' })
    .whereRaw("payload_json->'entry'->>'status' = 'NOTIFIED'");
  expect(notices.map((e) => e.payload_json.entry.id)).toEqual([party]);
  // The cloud's notice of Okafor reaches the replica and changes nothing there.
  await expect
    .poll(async () => (await lineHere()).sort(), { timeout: 15_000 })
    .toEqual(
      [
        [party, 'NOTIFIED'],
        [later, 'WAITING'],
      ].sort(),
    );
  // The replica agrees with the cloud once its events are in.
  await expect
    .poll(async () => (await tasksHere()).map((t) => [t.id, t.status]).sort(), { timeout: 15_000 })
    .toEqual(rows.map((r) => [r.id, r.status]).sort());
});

it("names a change the cloud refused, and takes the cloud's task and table again", async () => {
  // Someone started the task on the cloud (written there without an event this terminal could hear
  // before its own start reaches the cloud).
  await harness.database
    .db('tables')
    .where({ id: tableId(1) })
    .update({ state: 'PAYING' });
  await paidAndLeft(tableId(1));
  await expect
    .poll(async () => (await tasksHere('?status=PENDING')).filter((t) => t.targetTableId === tableId(1)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [task] = (await tasksHere('?status=PENDING')).filter((t) => t.targetTableId === tableId(1));
  await harness.database.db('tasks').where({ id: task?.id }).update({ status: 'COMPLETED', completed_at: new Date() });

  expect((await tab.post(`/api/tasks/${task?.id}/start`)).status).toBe(200);
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  const [refused] = terminal.core.status().outbox.rejected;
  expect(refused?.subject).toBe(
    (
      await harness.database
        .db('tables')
        .where({ id: tableId(1) })
        .first('name')
    ).name,
  );
  expect(refused?.message).toBe(MESSAGES.taskTransitionRefused('COMPLETED', 'IN_PROGRESS'));
  await expect
    .poll(async () => (await tasksHere()).find((t) => t.id === task?.id)?.status, { timeout: 15_000 })
    .toBe('COMPLETED');
});

it('takes an emergency clean offline with its urgent task, refuses what the machine refuses, and the cloud gets it once', async () => {
  if (!back) throw new Error('the cloud is not back');
  await back.close();
  back = null;
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);

  const moved = await tab.post(`/api/tables/${tableId(2)}/transition`, {
    state: 'CLEANING',
    metadata: { note: 'spill' },
  });
  expect(moved.status).toBe(200);
  const answer = TransitionTableAnswer.parse(moved.body);
  expect(answer.table.state).toBe('CLEANING');
  expect(answer.task).toMatchObject({
    type: 'CLEAN',
    priority: TURNOVER_TASK_PRIORITY.urgent,
    description: TURNOVER_MESSAGES.emergencyCleanDescription,
  });
  const refused = await tab.post(`/api/tables/${tableId(2)}/transition`, { state: 'EATING' });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(MESSAGES.tableTransitionRefused('move to Eating', 'Cleaning'));
  expect(await tableHere(tableId(2))).toBe('CLEANING');

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(
    (
      await harness.database
        .db('tables')
        .where({ id: tableId(2) })
        .first('state')
    ).state,
  ).toBe('CLEANING');
  const rows = await harness.database.db('tasks').where({ target_table_id: tableId(2) });
  expect(rows.map((r) => [r.id, r.priority, r.metadata_json.note])).toEqual([[answer.task?.id, 5, 'spill']]);
});
