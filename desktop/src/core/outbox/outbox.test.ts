import { afterEach, describe, expect, it } from 'vitest';
import { Bus } from '../bus.js';
import { openReplica, type Replica } from '../sqlite/replica.js';
import { listByStatus, nextPending } from '../sqlite/repositories/outbox.js';
import { getOrderItem } from '../sqlite/repositories/venue-data.js';
import { applySnapshot } from '../sync/apply.js';
import { CloudApi } from '../sync/cloud-api.js';
import { type Received, type Responder, startFakeCloud } from '../test/fake-cloud.js';
import { item, order, snapshot, tempDir } from '../test/fixtures.js';
import { changeItemStatusLocally } from './item-status.js';
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
    expect(done.ok).toBe(true);
    expect(getOrderItem(replica.read, a.id)?.status).toBe('IN_PREP');
    expect(nextPending(replica.read)).toMatchObject({
      seq: 1,
      path: `/api/order-items/${a.id}/status`,
      body: { status: 'IN_PREP' },
    });

    const refused = changeItemStatusLocally(replica.write, a.id, 'DELIVERED', now());
    expect(refused).toEqual({ ok: false, status: 409, message: 'Cannot change item status from IN_PREP to DELIVERED' });
    expect(listByStatus(replica.read, 'PENDING')).toHaveLength(1);
    expect(changeItemStatusLocally(replica.write, crypto.randomUUID(), 'IN_PREP', now())).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it('survives a restart and pushes in sequence, one at a time, with key and sequence headers', async () => {
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
        // The first attempt meets a server error: the same mutation must be retried, not skipped.
        if (failFirst) {
          failFirst = false;
          return { status: 503, body: { message: 'busy' } };
        }
        return { status: 200, body: {} };
      },
      (r) => r.length >= 4,
    );
    expect(
      received.map((r) => [r.path, r.headers['x-terminal-mutation-seq'], (r.body as { status: string }).status]),
    ).toEqual([
      [`/api/order-items/${a.id}/status`, '1', 'IN_PREP'],
      [`/api/order-items/${a.id}/status`, '1', 'IN_PREP'],
      [`/api/order-items/${b.id}/status`, '2', 'IN_PREP'],
      [`/api/order-items/${a.id}/status`, '3', 'READY_FOR_RUN'],
    ]);
    expect(received[0]?.headers['idempotency-key']).toBe(received[1]?.headers['idempotency-key']);
    expect(received[0]?.headers.authorization).toBe('Terminal cred');
    expect(listByStatus(reopened.read, 'ACKNOWLEDGED').map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(nextPending(reopened.read)).toBeNull();
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
          ? { status: 409, body: { message: 'Cannot change item status from DELIVERED to IN_PREP', id: 'conflict' } }
          : { status: 200, body: cloudCopy },
      (r) => r.some((x) => x.method === 'GET'),
    );
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/order-items/${a.id}/status`,
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
});
