// Automated turnover against a real cloud (spec 3 section 4, spec 2 section 2.11, issue 22): a
// completed payment makes the table Paid (onPaymentCompleted, in the caller's transaction), and
// staff's Party Left sends it to CLEANING with a CLEAN task; the cleaner starts and completes it (QA_CHECK with a QA task); QA fails (CLEANING
// again, a high task with the issues) then passes (EMPTY, the next waiting party that fits is
// NOTIFIED, heard live). Also each refusal and its message, another organization's ids, repeats,
// emergency clean and maintenance by the state machine, and notify-next.
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
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onPaymentCompleted } from '../../commands/turnover-automation.js';
import { writeTransaction } from '../../realtime/append-event.js';
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

const table = (i: number) => h.fixture.a.tableIds[i] as string;
const db = () => h.database.db;
const setState = (id: string, state: string) => db()('tables').where({ id }).update({ state });
const stateOf = async (id: string) => (await db()('tables').where({ id }).first('state')).state as string;
const tasksOf = (id: string) => db()('tasks').where({ target_table_id: id }).orderBy('created_at');
const eventTypes = async () =>
  (await db()('events').where({ org_id: h.fixture.a.orgId }).orderBy('created_at').select('type')).map((e) => e.type);

beforeEach(async () => {
  await db()('tasks').delete();
  await db()('waitlist').delete();
  await db()('tables').whereIn('id', h.fixture.a.tableIds).update({ state: 'EMPTY', is_accessible: false });
});

const paid = (tableId: string, rushOrder = false, sessionComplete = true, venueId = h.fixture.a.venueId) =>
  writeTransaction(h.database.db, (trx) =>
    onPaymentCompleted(trx, venueId, { tableId, sessionComplete, rushOrder }, new Date()),
  );

/** Paid, then staff saw the party go (Party Left): the table turns over. */
async function paidAndLeft(tableId: string): Promise<{ table: { state: string }; task: Task }> {
  await paid(tableId);
  const left = await host.post(`/api/tables/${tableId}/departed`, {});
  expect(left.status, JSON.stringify(left.body)).toBe(200);
  return left.body;
}

describe('onPaymentCompleted', () => {
  it('makes a paid-up table Paid, its party still seated, with no CLEAN task (issue 22)', async () => {
    await setState(table(0), 'PAYING');
    const before = (await eventTypes()).length;
    const done = await paid(table(0));
    expect(done).toMatchObject({ applied: true, table: { state: 'PAYMENT_VERIFIED' }, task: null });
    expect(await stateOf(table(0))).toBe('PAYMENT_VERIFIED');
    expect(await tasksOf(table(0))).toHaveLength(0);
    expect((await eventTypes()).slice(before)).toEqual(['table.state.changed']);
  });

  it('leaves a table alone when the session is not complete, or when it is already paid', async () => {
    await setState(table(1), 'EATING');
    expect(await paid(table(1), true, false)).toMatchObject({ applied: false });
    expect(await stateOf(table(1))).toBe('EATING');
    await setState(table(1), 'PAYMENT_VERIFIED');
    expect(await paid(table(1), true)).toMatchObject({ applied: false });
    expect(await tasksOf(table(1))).toHaveLength(0);
  });

  it('never refuses the payment: a table it cannot move, or of another venue, is left as it is', async () => {
    await setState(table(2), 'MAINTENANCE');
    const refused = await paid(table(2));
    expect(refused).toEqual({ applied: false, reason: expect.stringContaining('Maintenance') });
    expect(await paid(h.fixture.b.tableIds[0] as string)).toEqual({
      applied: false,
      reason: MESSAGES.notFound('Table'),
    });
    expect(await stateOf(h.fixture.b.tableIds[0] as string)).not.toBe('CLEANING');
    expect(await tasksOf(table(2))).toHaveLength(0);
  });
});

describe('Party Left: POST /api/tables/:id/departed', () => {
  it('turns a paid table with nothing to serve over: CLEANING and a normal CLEAN task, announced', async () => {
    await setState(table(0), 'PAYING');
    await paid(table(0));
    const before = (await eventTypes()).length;
    const left = await host.post(`/api/tables/${table(0)}/departed`, {});
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({
      table: { state: 'CLEANING', partyName: null },
      task: { type: 'CLEAN', status: 'PENDING', priority: TURNOVER_TASK_PRIORITY.normal },
      outstanding: 0,
    });
    expect((await eventTypes()).slice(before)).toEqual(['table.state.changed', 'task.created']);
  });

  it('refuses a party that has not paid, an unknown table and another venue’s, changing nothing', async () => {
    await setState(table(1), 'EATING');
    const unpaid = await host.post(`/api/tables/${table(1)}/departed`, {});
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({ message: TURNOVER_MESSAGES.departedUnpaid('2'), id: 'transition_refused' });
    expect((await host.post(`/api/tables/${randomUUID()}/departed`, {})).status).toBe(404);
    expect((await host.post(`/api/tables/${h.fixture.b.tableIds[0]}/departed`, {})).status).toBe(404);
    expect(await stateOf(table(1))).toBe('EATING');
    expect(await tasksOf(table(1))).toHaveLength(0);
  });
});

describe('the cleaner: GET /api/tasks, start, complete, QA', () => {
  it('runs a table from paid to clean, through a failed and a passed QA, to the next party that fits', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    await setState(table(0), 'PAYING');
    await paidAndLeft(table(0));

    const list = await host.get('/api/tasks?type=CLEAN');
    expect(list.status).toBe(200);
    const [clean] = list.body as Task[];
    expect(clean).toMatchObject({ targetTableId: table(0), status: 'PENDING', priority: 2 });

    const started = await host.post(`/api/tasks/${clean?.id}/start`);
    expect(started.status).toBe(200);
    const staff = await db()('users').where({ email: h.fixture.a.staffEmail }).first('id');
    expect(Task.parse(started.body)).toMatchObject({ status: 'IN_PROGRESS', assignedTo: staff.id });
    await socket.next((m) => m.type === 'task.updated' && m.task.status === 'IN_PROGRESS');
    const again = await host.post(`/api/tasks/${clean?.id}/start`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.taskTransitionRefused('IN_PROGRESS', 'IN_PROGRESS'));

    const completed = await host.post(`/api/tasks/${clean?.id}/complete`);
    expect(completed.status).toBe(200);
    const done = CompleteTaskAnswer.parse(completed.body);
    expect(done.task).toMatchObject({ status: 'COMPLETED', completedAt: expect.any(String) });
    expect(done.table?.state).toBe('QA_CHECK');
    expect(done.qaTask).toMatchObject({ type: 'QA', status: 'PENDING', targetTableId: table(0) });
    await socket.next((m) => m.type === 'table.state.changed' && m.tableId === table(0) && m.state === 'QA_CHECK');
    expect((await host.post(`/api/tasks/${clean?.id}/complete`)).status).toBe(409);
    const qaList = await host.get('/api/tasks?type=QA&status=PENDING');
    expect((qaList.body as Task[]).map((t) => t.id)).toEqual([done.qaTask?.id]);

    // QA fails: back to cleaning with the issues, on a high task.
    const failed = await host.post(`/api/tables/${table(0)}/qa-complete`, {
      passed: false,
      issues: ['Crumbs on seat 2', 'Sticky menu'],
      automated: false,
      completedAt: new Date().toISOString(),
    });
    expect(failed.status).toBe(200);
    const redo = QaCompleteAnswer.parse(failed.body);
    expect(redo.table.state).toBe('CLEANING');
    expect(redo.notified).toBeNull();
    expect(redo.task).toMatchObject({
      type: 'CLEAN',
      status: 'PENDING',
      priority: TURNOVER_TASK_PRIORITY.high,
      description: TURNOVER_MESSAGES.qaRedoDescription(['Crumbs on seat 2', 'Sticky menu']),
      metadata: { issues: 'Crumbs on seat 2; Sticky menu' },
    });
    const qaRow = await db()('tasks').where({ id: done.qaTask?.id }).first();
    expect(qaRow).toMatchObject({ status: 'COMPLETED' });
    expect(qaRow.metadata_json).toMatchObject({ passed: false });

    // The party of six does not fit a table for four, the one needing step-free seating not this
    // table: the party of three behind them is notified.
    const add = (guestName: string, partySize: number, needsAccessibility = false) =>
      host.post('/api/waitlist', { guestName, partySize, needsAccessibility });
    await add('Six', 6);
    await add('Wheels', 2, true);
    const three = (await add('Three', 3)).body.id as string;
    await add('Two', 2);

    await host.post(`/api/tasks/${redo.task?.id}/start`);
    expect((await host.post(`/api/tasks/${redo.task?.id}/complete`)).body.table.state).toBe('QA_CHECK');
    const passed = await host.post(`/api/tables/${table(0)}/qa-complete`, { passed: true });
    expect(passed.status).toBe(200);
    const freed = QaCompleteAnswer.parse(passed.body);
    expect(freed.table.state).toBe('EMPTY');
    expect(freed.task).toBeNull();
    expect(freed.notified).toMatchObject({ id: three, status: 'NOTIFIED', notifiedAt: expect.any(String) });
    await socket.next((m) => m.type === 'waitlist.updated' && m.entry.id === three && m.entry.status === 'NOTIFIED');
    // Their table is free now: the guest's page says go and choose it.
    const guestView = await new Client(h.cloud.url).get(`/api/waitlist/status/${three}`);
    expect(guestView.body).toMatchObject({ status: 'READY', position: 0 });
    expect(await db()('waitlist').where({ status: 'NOTIFIED' })).toHaveLength(1);
    // A second pass is refused: the table is no longer waiting for QA.
    const late = await host.post(`/api/tables/${table(0)}/qa-complete`, { passed: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES.tableTransitionRefused('pass QA for', 'Empty'));
    await socket.close();
  });

  it('completing a task whose table is not cleaning leaves the table where it is', async () => {
    const made = await host.post('/api/tasks', { type: 'CLEAN', tableId: table(1) });
    await host.post(`/api/tasks/${made.body.id}/start`);
    const done = await host.post(`/api/tasks/${made.body.id}/complete`);
    expect(done.body).toMatchObject({ task: { status: 'COMPLETED' }, table: null, qaTask: null });
    expect(await stateOf(table(1))).toBe('EMPTY');
    expect((await host.post(`/api/tasks/${made.body.id}/start`)).status).toBe(409);
  });

  it.each([
    [{}, 'passed', TURNOVER_MESSAGES.qaPassedRequired],
    [{ passed: false }, 'issues', TURNOVER_MESSAGES.qaIssuesRequired],
    [{ passed: false, issues: ['  '] }, 'issues', TURNOVER_MESSAGES.qaIssueEmpty],
    [
      { passed: false, issues: Array.from({ length: 21 }, (_, i) => `i${i}`) },
      'issues',
      TURNOVER_MESSAGES.qaTooManyIssues(20),
    ],
    [{ passed: 'yes' }, 'passed', TURNOVER_MESSAGES.qaPassedRequired],
    [{ passed: true, completedAt: 'yesterday' }, 'completedAt', null],
    [{ passed: true, extra: 1 }, null, null],
  ])('refuses the QA result %j with 400 (%s), changing nothing', async (body, field, message) => {
    await setState(table(2), 'QA_CHECK');
    const reply = await host.post(`/api/tables/${table(2)}/qa-complete`, body);
    expect(reply.status).toBe(400);
    if (field) expect(reply.body.message).toContain(field);
    if (message) expect(reply.body.message).toContain(message);
    expect(await stateOf(table(2))).toBe('QA_CHECK');
    expect(await tasksOf(table(2))).toHaveLength(0);
  });

  it("answers 404 for another organization's or venue's tables and tasks, 401 without a login", async () => {
    const foreignTable = h.fixture.b.tableIds[0] as string;
    await db()('tables').where({ id: foreignTable }).update({ state: 'QA_CHECK' });
    expect((await host.post(`/api/tables/${foreignTable}/qa-complete`, { passed: true })).status).toBe(404);
    expect(await stateOf(foreignTable)).toBe('QA_CHECK');
    expect(
      (await host.post(`/api/tables/${h.fixture.a.otherVenueTableId}/transition`, { state: 'MAINTENANCE' })).status,
    ).toBe(404);
    const other = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    const theirs = await other.post('/api/tasks', { type: 'CLEAN', tableId: foreignTable });
    expect(theirs.status).toBe(201);
    const start = await host.post(`/api/tasks/${theirs.body.id}/start`);
    expect(start.status).toBe(404);
    expect(start.body.message).toBe(MESSAGES.notFound('Task'));
    expect((await host.post(`/api/tasks/${theirs.body.id}/complete`)).status).toBe(404);
    expect((await host.get('/api/tasks')).body.map((t: Task) => t.id)).not.toContain(theirs.body.id);
    expect((await host.post(`/api/tasks/${randomUUID()}/start`)).status).toBe(404);
    expect((await host.post('/api/tasks/not-an-id/start')).status).toBe(404);
    expect((await host.post('/api/waitlist/notify-next', { tableId: foreignTable })).status).toBe(404);
    const anonymous = new Client(h.cloud.url);
    expect((await anonymous.get('/api/tasks')).status).toBe(401);
    expect((await anonymous.post(`/api/tables/${table(0)}/qa-complete`, { passed: true })).status).toBe(401);
    expect((await anonymous.get('/api/tables/stuck-states')).status).toBe(401);
    expect((await anonymous.post('/api/waitlist/notify-next', {})).status).toBe(401);
    expect(await db()('tasks').where({ id: theirs.body.id }).first('status')).toEqual({ status: 'PENDING' });
  });

  it('applies a repeat of the same Idempotency-Key once', async () => {
    await setState(table(1), 'QA_CHECK');
    const key = randomUUID();
    const first = await host.post(
      `/api/tables/${table(1)}/qa-complete`,
      { passed: false, issues: ['Wet floor'] },
      { key },
    );
    const second = await host.post(
      `/api/tables/${table(1)}/qa-complete`,
      { passed: false, issues: ['Wet floor'] },
      { key },
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await tasksOf(table(1))).toHaveLength(1);
    const startKey = randomUUID();
    const a = await host.post(`/api/tasks/${first.body.task.id}/start`, {}, { key: startKey });
    const b = await host.post(`/api/tasks/${first.body.task.id}/start`, {}, { key: startKey });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
  });

  it("takes a terminal's queued start, complete and QA result through the batch push, once each", async () => {
    const terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Cleaner tablet');
    await setState(table(2), 'PAYING');
    const { task } = await paidAndLeft(table(2));
    const mutations = [
      { seq: 1, idempotencyKey: randomUUID(), method: 'POST', path: `/api/tasks/${task.id}/start`, body: {} },
      { seq: 2, idempotencyKey: randomUUID(), method: 'POST', path: `/api/tasks/${task.id}/complete`, body: {} },
      {
        seq: 3,
        idempotencyKey: randomUUID(),
        method: 'POST',
        path: `/api/tables/${table(2)}/qa-complete`,
        body: { passed: true, issues: [] },
      },
    ];
    expect((await terminal.client.post('/api/sync/push', { mutations })).status).toBe(200);
    expect((await terminal.client.post('/api/sync/push', { mutations })).status).toBe(200);
    expect(await stateOf(table(2))).toBe('EMPTY');
    const rows = await tasksOf(table(2));
    expect(rows.map((r) => [r.type, r.status])).toEqual([
      ['CLEAN', 'COMPLETED'],
      ['QA', 'COMPLETED'],
    ]);
  });
});

describe('POST /api/tables/:id/transition', () => {
  it('an emergency clean makes an urgent task; maintenance takes the table out of service', async () => {
    await setState(table(1), 'EATING');
    const clean = await host.post(`/api/tables/${table(1)}/transition`, {
      state: 'CLEANING',
      metadata: { note: 'spill' },
      automated: false,
    });
    expect(clean.status).toBe(200);
    const answer = TransitionTableAnswer.parse(clean.body);
    expect(answer.table.state).toBe('CLEANING');
    expect(answer.task).toMatchObject({
      type: 'CLEAN',
      priority: TURNOVER_TASK_PRIORITY.urgent,
      description: TURNOVER_MESSAGES.emergencyCleanDescription,
      metadata: { reason: 'emergencyClean', note: 'spill' },
    });
    const maintenance = await host.post(`/api/tables/${table(1)}/transition`, { state: 'MAINTENANCE' });
    expect(maintenance.status).toBe(200);
    expect(maintenance.body).toMatchObject({ table: { state: 'MAINTENANCE' }, task: null });
    // The machine refuses what it does not allow, naming the move and the state; nothing changes.
    const refused = await host.post(`/api/tables/${table(1)}/transition`, { state: 'EATING' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.tableTransitionRefused('move to Eating', 'Maintenance'));
    expect(await stateOf(table(1))).toBe('MAINTENANCE');
    expect((await host.post(`/api/tables/${table(1)}/transition`, { state: 'CLEANING' })).status).toBe(200);
    expect(await tasksOf(table(1))).toHaveLength(1);
  });

  it('refuses a state that does not exist', async () => {
    const reply = await host.post(`/api/tables/${table(0)}/transition`, { state: 'SPARKLING' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(TURNOVER_MESSAGES.tableStateInvalid);
    expect(await stateOf(table(0))).toBe('EMPTY');
  });
});

describe('POST /api/waitlist/notify-next', () => {
  it('notifies the first waiting party, or the first that fits the table, and answers null when none', async () => {
    expect((await host.post('/api/waitlist/notify-next', {})).body).toEqual({ notified: null });
    const big = (await host.post('/api/waitlist', { guestName: 'Big', partySize: 8 })).body.id;
    const small = (await host.post('/api/waitlist', { guestName: 'Small', partySize: 2 })).body.id;
    const forTable = await host.post('/api/waitlist/notify-next', {
      tableId: table(0),
      reason: 'table_ready',
      automated: true,
    });
    expect(forTable.body.notified).toMatchObject({ id: small, status: 'NOTIFIED' });
    const any = await host.post('/api/waitlist/notify-next', {});
    expect(any.body.notified).toMatchObject({ id: big, status: 'NOTIFIED' });
    // Notified for a free table, a party may go and choose it; notified for none, it comes to the stand.
    const guest = new Client(h.cloud.url);
    expect((await guest.get(`/api/waitlist/status/${small}`)).body.status).toBe('READY');
    expect((await guest.get(`/api/waitlist/status/${big}`)).body.status).toBe('NOTIFIED');
    expect((await host.post('/api/waitlist/notify-next', {})).body).toEqual({ notified: null });
  });
});
