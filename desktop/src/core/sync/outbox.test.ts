import { randomUUID } from 'node:crypto';
import {
  AppError,
  type KitchenTicket,
  MAX_PUSH_MUTATIONS,
  type OrderItem,
  type Printer,
  type PushedMutation,
} from '@tablewise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { Bus } from '../bus.js';
import { changeItemStatusLocally } from '../commands/item-status.js';
import { makeDueTickets } from '../kitchen/ticketing.js';
import { PRINT_JOB_ENTITY } from '../printing/report.js';
import { openReplica, type Replica } from '../sqlite/replica.js';
import { setIdentity } from '../sqlite/repositories/meta.js';
import { getOrderItem } from '../sqlite/repositories/orders.js';
import { appendOutbox, listByStatus, nextPending } from '../sqlite/repositories/outbox.js';
import { type Received, type Responder, startFakeCloud } from '../test/fake-cloud.js';
import { item, order, printer, snapshot, table, tempDir } from '../test/fixtures.js';
import { applySnapshot } from './apply.js';
import { CloudApi } from './cloud-api.js';
import { OutboxPusher } from './pusher.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const now = () => new Date('2026-06-14T19:10:00.000Z');
const fast = { baseMs: 10, maxMs: 50 };

function setup() {
  const t = tempDir();
  const file = `${t.dir}/replica.sqlite`;
  const replica = openReplica(file);
  cleanups.push(() => t.remove());
  const o = order(null, (id) => [
    item(id, { status: 'SENT_TO_KITCHEN' }),
    item(id, { status: 'SENT_TO_KITCHEN', menuItemName: 'Fries' }),
  ]);
  applySnapshot(replica.write, snapshot({ seq: 5, orders: [o] }), now());
  return { file, replica, o, a: o.items[0]!, b: o.items[1]! };
}

/** The AppError `act` throws (a decision's refusal). */
function refusalOf(act: () => unknown): AppError | null {
  try {
    act();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return null;
}

function mutationsOf(req: Received | undefined): PushedMutation[] {
  return (req?.body as { mutations?: PushedMutation[] } | undefined)?.mutations ?? [];
}

/** The batch push's answer, each mutation answered by `each`. */
function answerEach(req: Received, each: (m: PushedMutation) => { status: number; body: unknown }) {
  return { status: 200, body: { results: mutationsOf(req).map((m) => ({ seq: m.seq, ...each(m) })) } };
}

async function pushUntil(replica: Replica, respond: Responder, done: (received: Received[]) => boolean) {
  const cloud = await startFakeCloud(respond);
  const pusher = new OutboxPusher({
    db: replica.write,
    api: new CloudApi(cloud.url, 'cred'),
    bus: new Bus(),
    now,
    backoff: fast,
  });
  pusher.start();
  await expect.poll(() => done(cloud.received), { timeout: 10_000 }).toBe(true);
  await pusher.stop();
  await cloud.close();
  return cloud.received;
}

describe('outbox', () => {
  it('applies a change locally and queues it in the same transaction; a refused move changes nothing', () => {
    const { replica, a } = setup();
    cleanups.push(() => replica.close());
    const done = changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    expect(done.item.status).toBe('IN_PREP');
    expect(getOrderItem(replica.read, a.id)?.status).toBe('IN_PREP');
    expect(nextPending(replica.read)).toMatchObject({
      seq: 1,
      path: `/api/order-items/${a.id}/status`,
      body: { status: 'IN_PREP' },
    });

    expect(refusalOf(() => changeItemStatusLocally(replica.write, a.id, 'DELIVERED', now()))).toMatchObject({
      status: 409,
      id: 'transition_refused',
      message: 'Cannot change item status from IN_PREP to DELIVERED',
    });
    expect(listByStatus(replica.read, 'PENDING')).toHaveLength(1);
    expect(
      refusalOf(() => changeItemStatusLocally(replica.write, crypto.randomUUID(), 'IN_PREP', now())),
    ).toMatchObject({ status: 404, id: 'not_found' });
  });

  it('survives a restart and pushes in sequence, in one batch, with keys and numbers', async () => {
    const { file, replica, a, b } = setup();
    changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    changeItemStatusLocally(replica.write, b.id, 'IN_PREP', now());
    changeItemStatusLocally(replica.write, a.id, 'READY_FOR_RUN', now());
    replica.close();

    const reopened = openReplica(file);
    cleanups.push(() => reopened.close());
    expect(listByStatus(reopened.read, 'PENDING').map((e) => e.seq)).toEqual([1, 2, 3]);
    let failFirst = true;
    const received = await pushUntil(
      reopened,
      (req) => {
        // The first attempt meets a server error: the same mutations must be sent again, not skipped.
        if (failFirst) {
          failFirst = false;
          return { status: 503, body: { message: 'busy' } };
        }
        return answerEach(req, () => ({ status: 200, body: {} }));
      },
      (r) => r.length >= 2,
    );
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/sync/push', 'POST /api/sync/push']);
    expect(mutationsOf(received[1]).map((m) => [m.seq, m.path, (m.body as { status: string }).status])).toEqual([
      [1, `/api/order-items/${a.id}/status`, 'IN_PREP'],
      [2, `/api/order-items/${b.id}/status`, 'IN_PREP'],
      [3, `/api/order-items/${a.id}/status`, 'READY_FOR_RUN'],
    ]);
    expect(mutationsOf(received[0])).toEqual(mutationsOf(received[1]));
    expect(new Set(mutationsOf(received[1]).map((m) => m.idempotencyKey)).size).toBe(3);
    expect(received[0]?.headers.authorization).toBe('Terminal cred');
    expect(listByStatus(reopened.read, 'ACKNOWLEDGED').map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(nextPending(reopened.read)).toBeNull();
    // The failed try is counted on the change the outbox was waiting on.
    expect(listByStatus(reopened.read, 'ACKNOWLEDGED').map((e) => e.attempts)).toEqual([2, 1, 1]);
  });

  it('settles the answers before a server error and sends the rest again from there', async () => {
    const { replica, a, b } = setup();
    cleanups.push(() => replica.close());
    changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    changeItemStatusLocally(replica.write, b.id, 'IN_PREP', now());
    changeItemStatusLocally(replica.write, a.id, 'READY_FOR_RUN', now());
    let calls = 0;
    const received = await pushUntil(
      replica,
      (req) => {
        if (req.method === 'GET') return { status: 200, body: { ...b, status: 'DELIVERED' } };
        calls += 1;
        return answerEach(req, (m) =>
          calls === 1 && m.seq === 2
            ? { status: 409, body: { message: 'Cannot change item status from DELIVERED to IN_PREP', id: 'conflict' } }
            : calls === 1 && m.seq === 3
              ? { status: 500, body: { message: 'Internal error', id: 'internal' } }
              : { status: 200, body: {} },
        );
      },
      (r) => r.filter((x) => x.method === 'POST').length >= 2 && r.some((x) => x.method === 'GET'),
    );
    const pushes = received.filter((r) => r.method === 'POST');
    expect(pushes.map((r) => mutationsOf(r).map((m) => m.seq))).toEqual([[1, 2, 3], [3]]);
    expect(listByStatus(replica.read, 'ACKNOWLEDGED').map((e) => e.seq)).toEqual([1, 3]);
    expect(listByStatus(replica.read, 'REJECTED')).toMatchObject([
      { seq: 2, message: 'Cannot change item status from DELIVERED to IN_PREP' },
    ]);
    expect(received.some((r) => r.method === 'GET' && r.path === `/api/order-items/${b.id}`)).toBe(true);
  });

  it('keeps a rejected change with the cloud’s message and restores the item from the cloud', async () => {
    const { replica, a } = setup();
    cleanups.push(() => replica.close());
    changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    expect(getOrderItem(replica.read, a.id)?.status).toBe('IN_PREP');
    const cloudCopy = { ...a, status: 'DELIVERED', updatedAt: '2026-06-14T19:09:00.000Z' };
    const received = await pushUntil(
      replica,
      (req) =>
        req.method === 'POST'
          ? answerEach(req, () => ({
              status: 409,
              body: { message: 'Cannot change item status from DELIVERED to IN_PREP', id: 'conflict' },
            }))
          : { status: 200, body: cloudCopy },
      (r) => r.some((x) => x.method === 'GET'),
    );
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/sync/push',
      `GET /api/order-items/${a.id}`,
    ]);
    expect(listByStatus(replica.read, 'REJECTED')).toMatchObject([
      { seq: 1, message: 'Cannot change item status from DELIVERED to IN_PREP' },
    ]);
    expect(getOrderItem(replica.read, a.id)?.status).toBe('DELIVERED');
  });

  it('keeps a change pending while the cloud cannot be reached', async () => {
    const { replica, a } = setup();
    cleanups.push(() => replica.close());
    changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    await pushUntil(
      replica,
      () => 'hang-up',
      (r) => r.length >= 2,
    );
    expect(nextPending(replica.read)).toMatchObject({ seq: 1, status: 'PENDING' });
    expect(nextPending(replica.read)?.attempts).toBeGreaterThanOrEqual(1);
  });

  it('does not try again for each change made while the cloud cannot be reached, only when woken', async () => {
    const { replica, a, b } = setup();
    cleanups.push(() => replica.close());
    changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    const cloud = await startFakeCloud(() => 'hang-up');
    cleanups.push(() => cloud.close());
    const pusher = new OutboxPusher({
      db: replica.write,
      api: new CloudApi(cloud.url, 'cred'),
      bus: new Bus(),
      now,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
    });
    cleanups.push(() => pusher.stop());
    pusher.start();
    await expect.poll(() => nextPending(replica.read)?.attempts).toBe(1);
    changeItemStatusLocally(replica.write, b.id, 'IN_PREP', now());
    pusher.changed();
    pusher.changed();
    // changed() decides at once; a pusher it woke would have read the outbox (two changes) before
    // the event loop's next turn and pushed them. A third change, queued after that turn without
    // telling the pusher, marks the one try the kick makes: the next push to come carries all three.
    await new Promise((resolve) => setImmediate(resolve));
    expect(changeItemStatusLocally(replica.write, a.id, 'READY_FOR_RUN', now()).item.status).toBe('READY_FOR_RUN');
    // The sync client found the cloud back (here: still away): one try, with every change.
    pusher.kick();
    await expect.poll(() => cloud.received.length).toBe(2);
    expect(mutationsOf(cloud.received[1]).map((m) => m.seq)).toEqual([1, 2, 3]);
  });
});

describe('reports that may wait for company', () => {
  /** A print-job report queued in the outbox now, as printing/report.ts queues it. */
  const report = (replica: Replica, jobId: string) =>
    appendOutbox(replica.write, {
      idempotencyKey: randomUUID(),
      method: 'POST',
      path: `/api/print-jobs/${jobId}/report`,
      body: { status: 'PENDING' },
      entityType: PRINT_JOB_ENTITY,
      entityId: jobId,
      createdAt: new Date().toISOString(),
    });

  /** A replica and a cloud that acknowledges everything pushed to it. */
  async function replicaAndCloud() {
    const fixture = setup();
    cleanups.push(() => fixture.replica.close());
    const cloud = await startFakeCloud((req) => answerEach(req, () => ({ status: 200, body: {} })));
    cleanups.push(() => cloud.close());
    return { ...fixture, cloud };
  }

  /**
   * A pusher whose print-job reports may wait `mayWait` ms. `weighed(seq)` resolves once it has
   * asked how long entry `seq` may wait: it does so while deciding whether to push the pending
   * entries now, and pushes at once, in the same step, if it decides so. Whatever push that
   * decision makes reaches the cloud before any push decided later.
   */
  function waitingPusher(replica: Replica, cloudUrl: string, mayWait: number, mayWaitCount?: number) {
    const asked = new Set<number>();
    const pusher = new OutboxPusher({
      db: replica.write,
      api: new CloudApi(cloudUrl, 'cred'),
      bus: new Bus(),
      now: () => new Date(),
      backoff: fast,
      mayWaitMs: (entry) => {
        asked.add(entry.seq);
        return entry.entityType === PRINT_JOB_ENTITY ? mayWait : 0;
      },
      ...(mayWaitCount !== undefined ? { mayWaitCount } : {}),
    });
    cleanups.push(() => pusher.stop());
    pusher.start();
    return Object.assign(pusher, {
      weighed: (seq: number) => expect.poll(() => asked.has(seq), { interval: 5 }).toBe(true),
    });
  }

  /** Queues a report and tells the pusher, as the print queue does. */
  const queue = (pusher: OutboxPusher, replica: Replica, jobId: string) => {
    const { seq } = report(replica, jobId);
    pusher.changed();
    return seq;
  };

  /** The first push's paths, once it has come. */
  async function firstPush(cloud: Awaited<ReturnType<typeof startFakeCloud>>): Promise<string[]> {
    await expect.poll(() => cloud.received.length, { timeout: 5000 }).toBe(1);
    return mutationsOf(cloud.received[0]).map((m) => m.path);
  }

  const twoJobs = ['/api/print-jobs/job-1/report', '/api/print-jobs/job-1/report', '/api/print-jobs/job-2/report'];

  it('pushes reports made within the wait together, once it has passed', async () => {
    const { replica, cloud } = await replicaAndCloud();
    report(replica, 'job-1');
    const pusher = waitingPusher(replica, cloud.url, 400);
    queue(pusher, replica, 'job-1');
    queue(pusher, replica, 'job-2');
    expect(await firstPush(cloud)).toEqual(twoJobs);
    await expect.poll(() => listByStatus(replica.read, 'ACKNOWLEDGED').length).toBe(3);
  });

  it('pushes the waiting reports at once when as many wait as may wait together', async () => {
    const { replica, cloud } = await replicaAndCloud();
    // A wait far longer than the test: only the count can send them.
    const pusher = waitingPusher(replica, cloud.url, 600_000, 3);
    queue(pusher, replica, 'job-1');
    // Two waiting: the pusher weighs them and keeps them (a push of two would come first).
    await pusher.weighed(queue(pusher, replica, 'job-1'));
    queue(pusher, replica, 'job-2');
    expect(await firstPush(cloud)).toEqual(twoJobs);
    await expect.poll(() => listByStatus(replica.read, 'ACKNOWLEDGED').length).toBe(3);
    // The next report waits again: weighed alone and kept, it goes with the next two.
    await pusher.weighed(queue(pusher, replica, 'job-3'));
    queue(pusher, replica, 'job-4');
    queue(pusher, replica, 'job-5');
    await expect.poll(() => cloud.received.length, { timeout: 5000 }).toBe(2);
    expect(mutationsOf(cloud.received[1]).map((m) => m.path)).toEqual(
      ['job-3', 'job-4', 'job-5'].map((job) => `/api/print-jobs/${job}/report`),
    );
  });

  it('never holds back a staff change: it goes at once and takes the waiting reports along', async () => {
    const { replica, a, cloud } = await replicaAndCloud();
    report(replica, 'job-1');
    // A wait far longer than the test: only the staff change can send the report.
    const pusher = waitingPusher(replica, cloud.url, 600_000);
    // Weighed and kept (a push of the report alone would come first).
    await pusher.weighed(1);
    changeItemStatusLocally(replica.write, a.id, 'IN_PREP', now());
    pusher.changed();
    expect(await firstPush(cloud)).toEqual(['/api/print-jobs/job-1/report', `/api/order-items/${a.id}/status`]);
  });
});

describe('pipelined batches', () => {
  it('sends the next batch before the first is answered; one refused for going first is sent again, not renumbered', async () => {
    const { replica, a } = setup();
    cleanups.push(() => replica.close());
    const total = MAX_PUSH_MUTATIONS + 100;
    for (let i = 0; i < total; i += 1) {
      const to = i % 2 === 0 ? 'IN_PREP' : 'PAUSE';
      expect(changeItemStatusLocally(replica.write, a.id, to, now()).item.status).toBe(to);
    }
    const acknowledged = (mutations: PushedMutation[]) => ({
      status: 200,
      body: { results: mutations.map((m) => ({ seq: m.seq, status: 200, body: {} })) },
    });
    const sent: number[][] = [];
    let answerFirst: () => void = () => {};
    // The second batch reaches the cloud before the first has committed: the cloud refuses it as
    // out of order, expecting the first batch's first number. Only then is the first answered.
    const api = {
      async pushBatch(mutations: PushedMutation[]) {
        sent.push(mutations.map((m) => m.seq));
        if (sent.length === 1) {
          await new Promise<void>((resolve) => {
            answerFirst = resolve;
          });
          return acknowledged(mutations);
        }
        if (sent.length === 2) {
          answerFirst();
          const first = mutations[0] as PushedMutation;
          const refusal = { id: 'mutation_out_of_order', message: 'Expected mutation 1', expectedSeq: 1 };
          return { status: 200, body: { results: [{ seq: first.seq, status: 409, body: refusal }] } };
        }
        return acknowledged(mutations);
      },
    } as unknown as CloudApi;
    const pusher = new OutboxPusher({ db: replica.write, api, bus: new Bus(), now, backoff: fast });
    cleanups.push(() => pusher.stop());
    pusher.start();
    await expect.poll(() => listByStatus(replica.read, 'ACKNOWLEDGED').length).toBe(total);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(sent).toEqual([
      range(1, MAX_PUSH_MUTATIONS),
      range(MAX_PUSH_MUTATIONS + 1, total),
      range(MAX_PUSH_MUTATIONS + 1, total),
    ]);
    expect(listByStatus(replica.read, 'ACKNOWLEDGED').every((e) => e.attempts === 1)).toBe(true);
  });
});

describe('a staff move on an item whose course is due', () => {
  const TERMINAL = '33333333-3333-4333-8333-333333333333';

  /** A held main due at 19:05 (now is 19:10), a held dessert due at 19:35, a Grill printer here. */
  function heldSetup() {
    const t = tempDir();
    const replica = openReplica(`${t.dir}/replica.sqlite`);
    cleanups.push(
      () => t.remove(),
      () => replica.close(),
    );
    const tbl = table({ name: 'Patio 3' });
    const o = order(tbl.id, (id) => [
      item(id, { status: 'CONFIRMED', menuItemName: 'Steak', fireAt: '2026-06-14T19:05:00.000Z' }),
      item(id, { status: 'CONFIRMED', menuItemName: 'Cake', course: 'dessert', fireAt: '2026-06-14T19:35:00.000Z' }),
    ]);
    const snap = snapshot({ seq: 5, tables: [tbl], orders: [o], printers: [printer(TERMINAL, { station: 'Grill' })] });
    applySnapshot(replica.write, snap, now());
    setIdentity(replica.write, TERMINAL, o.venueId);
    const tickets: { printer: Printer; ticket: KitchenTicket }[] = [];
    const queue = {
      enqueueKitchenTicket: (input: { printer: Printer; ticket: KitchenTicket }) => {
        tickets.push(input);
        return { id: `job-${tickets.length}` };
      },
    };
    const [due, early] = o.items as [OrderItem, OrderItem];
    return { replica, snap, o, due, early, tickets, queue };
  }

  it('fires it first as the firer would, with its own event and ticket, then applies the move', () => {
    const { replica, due, o, tickets, queue } = heldSetup();
    const done = changeItemStatusLocally(replica.write, due.id, 'IN_PREP', now(), queue);
    expect(done).toMatchObject({
      item: { id: due.id, status: 'IN_PREP' },
      events: [
        {
          type: 'order.item.status.changed',
          from: 'CONFIRMED',
          to: 'SENT_TO_KITCHEN',
          item: { status: 'SENT_TO_KITCHEN' },
        },
        { type: 'order.item.status.changed', from: 'SENT_TO_KITCHEN', to: 'IN_PREP', item: { status: 'IN_PREP' } },
      ],
    });
    expect(getOrderItem(replica.read, due.id)?.status).toBe('IN_PREP');
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.ticket).toMatchObject({ tableName: 'Patio 3', station: 'Grill', orderId: o.id });
    expect(tickets[0]?.ticket.items.map((i) => i.name)).toEqual(['Steak']);
    // Only the move is queued: the cloud fires the item itself before applying it.
    expect(listByStatus(replica.read, 'PENDING').map((e) => e.body)).toEqual([{ status: 'IN_PREP' }]);
    // The firer's next pass has nothing left to ticket.
    expect(makeDueTickets({ db: replica.write, terminalId: TERMINAL, queue, now: now() })).toBe(0);
  });

  it('refuses the move of an item not yet due, and a move the fired item does not allow, changing nothing', () => {
    const { replica, due, early, tickets, queue } = heldSetup();
    expect(refusalOf(() => changeItemStatusLocally(replica.write, early.id, 'IN_PREP', now(), queue))).toMatchObject({
      status: 409,
      id: 'transition_refused',
      message: 'Cannot change item status from CONFIRMED to IN_PREP',
    });
    // Judged from the kitchen's state, as the cloud judges it; the fire is not kept either.
    expect(refusalOf(() => changeItemStatusLocally(replica.write, due.id, 'DELIVERED', now(), queue))).toMatchObject({
      status: 409,
      id: 'transition_refused',
      message: 'Cannot change item status from SENT_TO_KITCHEN to DELIVERED',
    });
    expect(getOrderItem(replica.read, due.id)?.status).toBe('CONFIRMED');
    expect(getOrderItem(replica.read, early.id)?.status).toBe('CONFIRMED');
    expect(tickets).toEqual([]);
    expect(nextPending(replica.read)).toBeNull();
  });

  it('keeps the move when a server copy that has not fired the item yet arrives', () => {
    const { replica, snap, due } = heldSetup();
    expect(changeItemStatusLocally(replica.write, due.id, 'IN_PREP', now()).item.status).toBe('IN_PREP');
    applySnapshot(replica.write, { ...snap, seq: 6 }, now());
    expect(getOrderItem(replica.read, due.id)?.status).toBe('IN_PREP');
  });
});
