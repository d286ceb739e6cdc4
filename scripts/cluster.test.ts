// Issue 27: three cloud instances behind HAProxy (`npm run cluster`'s own start), and the one
// holding a real terminal's socket killed (SIGKILL, as a crash) during a rush of guests' orders.
// Staff screens' sockets and the terminal reconnect through the proxy and catch up without a gap; guests'
// orders cut by a crash are sent again with their Idempotency-Keys and answered once; nothing is
// lost or doubled; the periodic jobs (the course firer, the hold expiry), which every instance
// runs, still act once per item.
import { randomUUID } from 'node:crypto';
import { GUEST_SESSION_COOKIE, IDEMPOTENCY_HEADER } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, type ClusterInstance, haproxyConfig, startCluster } from '../cloud/src/ops/cluster.js';
import { signGuestCookie } from '../cloud/src/security/tokens.js';
import { createTestDatabase, type TestDatabase } from '../cloud/src/test/database.js';
import { type Fixture, seedFixture } from '../cloud/src/testkit/fixture.js';
import { loginAs, pairTerminal } from '../cloud/src/testkit/harness.js';
import { startTerminalCore, type TerminalCore } from '../desktop/src/core/core.js';
import { tempDir } from '../desktop/src/core/test/fixtures.js';

const SECRET = 'cluster-test-secret-cluster-test-secret';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: TestDatabase;
let fixture: Fixture;
let cluster: Cluster;
let terminal: TerminalCore | undefined;
const terminalDir = tempDir('tw-cluster-terminal-');

/** A staff screen's live socket, holding events in order as the terminal's replica does: one it
 * has is skipped, one after a gap waits for the catch-up that the subscription brings. On a cut
 * it reconnects through the proxy and subscribes after the last event it holds. */
class Follower {
  readonly applied: number[] = [];
  reconnects = 0;
  private last: number;
  private stopped = false;
  private ws: WebSocket | undefined;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    after: number,
  ) {
    this.last = after;
  }

  open(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
      this.ws = ws;
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; seq?: number };
        if (m.type === 'hello') {
          ws.send(JSON.stringify({ type: 'subscribe', after: this.last }));
          resolve();
        } else if (m.seq === this.last + 1) {
          this.applied.push(m.seq);
          this.last = m.seq;
        }
      });
      ws.on('error', () => {});
      ws.on('close', () => {
        if (this.stopped) return;
        this.reconnects += 1;
        setTimeout(() => void this.open(), 200);
      });
    });
  }

  get lastSeq(): number {
    return this.last;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

/** The live sockets an instance holds, by kind, from its own /metrics (loopback may read it). */
async function socketsOn(instance: ClusterInstance): Promise<{ staff: number; terminal: number }> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  const count = (kind: string) =>
    Number(new RegExp(`^tablewise_live_sockets\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { staff: count('staff'), terminal: count('terminal') };
}

async function eventSeq(): Promise<number> {
  return Number((await database.db('venues').where({ id: fixture.a.venueId }).first()).event_seq);
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface Order {
  id: string;
  sessionId: string;
  address: string;
}

interface Answer {
  status: number;
  body: unknown;
  attempts: number;
}

/** POST /api/orders through the proxy as the session's phone would: on a cut connection or a
 * proxy's 502/503, the same request again with the same Idempotency-Key. */
async function placeOrder(order: Order): Promise<Answer> {
  const items = [
    {
      menuItemId: fixture.a.menu.burger,
      quantity: 1,
      course: 'main',
      modifiers: [{ groupId: 'temp', optionIds: ['rare'] }],
      specialInstructions: 'no onions',
    },
    { menuItemId: fixture.a.menu.fries, quantity: 2, course: 'appetizer', specialInstructions: 'extra salt' },
    { menuItemId: fixture.a.menu.cake, quantity: 1, course: 'dessert' },
  ];
  for (let attempt = 1; ; attempt += 1) {
    try {
      const reply = await fetch(`${cluster.url}/api/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${GUEST_SESSION_COOKIE}=${signGuestCookie(SECRET, order.sessionId)}`,
          [IDEMPOTENCY_HEADER]: order.id,
          'x-forwarded-for': order.address,
        },
        body: JSON.stringify({ id: order.id, sessionId: order.sessionId, items }),
      });
      if (reply.status >= 502 && reply.status <= 504) throw new Error(`proxy answered ${reply.status}`);
      return { status: reply.status, body: await reply.json(), attempts: attempt };
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(100 * Math.min(attempt, 5));
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await seedFixture(database.db);
  cluster = await startCluster({
    databaseUrl: database.url,
    secret: SECRET,
    // Each phone's own address, as a CDN in front of the proxy would pass it on.
    env: { TRUST_PROXY: '2', LOG_LEVEL: 'warn' },
  });
}, 240_000);

afterAll(async () => {
  await terminal?.close();
  await cluster?.close();
  await database?.drop();
  terminalDir.remove();
});

describe('a cluster of three behind HAProxy', () => {
  it('writes the proxy configuration with the readiness check and no stickiness', () => {
    const config = haproxyConfig('127.0.0.1:8080', [
      { name: 'cloud1', port: 9001 },
      { name: 'cloud2', port: 9002 },
    ]);
    expect(config).toContain('option httpchk GET /api/health/ready');
    expect(config).toContain('balance roundrobin');
    expect(config).toContain('server cloud2 127.0.0.1:9002 check');
    expect(config).not.toMatch(/cookie|stick/);
  });

  it('loses and doubles nothing when the instance holding the terminal crashes during a rush', async () => {
    const staff = await loginAs(cluster.url, fixture.a.managerEmail);
    const paired = await pairTerminal(cluster.url, fixture.a.managerEmail, 'Pass PC');
    const core = await startTerminalCore({
      cloudUrl: cluster.url,
      credential: paired.credential,
      dataDir: terminalDir.dir,
      port: 0,
      printing: false,
      backoff: { baseMs: 100, maxMs: 500 },
    });
    terminal = core;
    // The terminal's socket is on one instance: that one will crash. Staff screens open until at
    // least one of them is on it too (each instance's /metrics counts its sockets).
    const terminalOn = async () => {
      for (const instance of cluster.instances) if ((await socketsOn(instance)).terminal > 0) return instance;
      return undefined;
    };
    await until('the terminal is connected', async () => (await terminalOn()) !== undefined);
    const victim = (await terminalOn()) as ClusterInstance;
    const start = await eventSeq();
    const followers: Array<{ follower: Follower; onVictim: boolean }> = [];
    while (followers.length < 3 || !followers.some((f) => f.onVictim)) {
      if (followers.length >= 9) throw new Error('no staff socket landed on the instance with the terminal');
      const before = (await socketsOn(victim)).staff;
      const follower = new Follower(cluster.url, staff.cookieHeader(), start);
      await follower.open();
      const total = async () => {
        let n = 0;
        for (const instance of cluster.instances) n += (await socketsOn(instance)).staff;
        return n;
      };
      await until('the staff socket is counted', async () => (await total()) === followers.length + 1);
      followers.push({ follower, onVictim: (await socketsOn(victim)).staff > before });
    }

    // The rush: four phones order; a second into it, the instance with the terminal crashes.
    const answers = new Map<string, Answer>();
    const orders: Order[] = [];
    let rushing = true;
    const phone = async (p: number) => {
      while (rushing) {
        const order = { id: randomUUID(), sessionId: randomUUID(), address: `10.27.${p}.${orders.length % 250}` };
        orders.push(order);
        await database.db('sessions').insert({
          id: order.sessionId,
          org_id: fixture.a.orgId,
          venue_id: fixture.a.venueId,
          table_id: fixture.a.tableIds[orders.length % 2],
          party_size: 2,
          guest_name: `Guest ${orders.length}`,
        });
        answers.set(order.id, await placeOrder(order));
        await sleep(50);
      }
    };
    const phones = Promise.all(Array.from({ length: 4 }, (_, p) => phone(p)));
    await sleep(1_000);
    await victim.kill();
    expect(victim.running()).toBe(false);
    await sleep(1_500);
    rushing = false;
    await phones;
    const retried = [...answers.values()].filter((a) => a.attempts > 1).length;
    console.log(`cluster rush: ${orders.length} orders, ${retried} sent again after a crash cut them`);

    // Every order answered as created, once, by whichever instance took it.
    for (const order of orders) {
      const answer = answers.get(order.id);
      expect(answer?.status, `order ${order.id}`).toBe(201);
      expect((answer?.body as { id?: string } | undefined)?.id).toBe(order.id);
    }
    const ids = orders.map((o) => o.id);
    expect(await database.db('orders').whereIn('id', ids)).toHaveLength(orders.length);
    const lines = await database.db('order_items').whereIn('order_id', ids);
    expect(lines).toHaveLength(orders.length * 3);
    const created = (
      await database
        .db('events')
        .where({ venue_id: fixture.a.venueId, type: 'order.created' })
        .select(database.db.raw("payload_json->'order'->>'id' as id"))
    ).map((e: { id: string }) => e.id);
    expect(created.filter((id: string) => answers.has(id)).sort()).toEqual([...ids].sort());

    // A phone that never got its answer sends again: the same answer, nothing new written.
    for (const order of orders.slice(0, 10)) {
      const again = await placeOrder(order);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(answers.get(order.id)?.body);
    }
    const [count] = await database.db('orders').where({ venue_id: fixture.a.venueId }).count({ n: '*' });
    expect(Number(count?.n)).toBe(orders.length);

    // The periodic jobs, which every instance runs: every held course fires once, and a lapsed
    // hold is released once.
    await database
      .db('order_items')
      .whereIn('order_id', ids)
      .whereIn('status', ['CREATED', 'CONFIRMED'])
      .update({ fire_at: database.db.fn.now() });
    const heldTable = fixture.a.tableIds[2] as string;
    await database
      .db('tables')
      .where({ id: heldTable })
      .update({ state: 'HOLD_SOFT', hold_expires_at: database.db.raw("now() - interval '1 second'") });
    await until('every held course fired and the hold released', async () => {
      const [held] = await database
        .db('order_items')
        .whereIn('order_id', ids)
        .whereIn('status', ['CREATED', 'CONFIRMED'])
        .count({ n: '*' });
      const table = await database.db('tables').where({ id: heldTable }).first();
      return Number(held?.n) === 0 && table.state === 'EMPTY';
    });
    const fired = (
      await database
        .db('events')
        .where({ venue_id: fixture.a.venueId, type: 'order.item.status.changed' })
        .whereRaw("payload_json->>'to' = 'SENT_TO_KITCHEN'")
        .select(database.db.raw("payload_json->'item'->>'id' as id"))
    ).map((e: { id: string }) => e.id);
    expect(fired.sort()).toEqual(lines.map((l: { id: string }) => l.id).sort());
    const [released] = await database
      .db('events')
      .where({ venue_id: fixture.a.venueId, type: 'table.state.changed' })
      .whereRaw("payload_json->>'tableId' = ?", [heldTable])
      .count({ n: '*' });
    expect(Number(released?.n)).toBe(1);

    // Every screen holds every event, in order, and each was cut at least once (every instance
    // crashed); the terminal's replica caught up to the same event, with every order.
    const end = await eventSeq();
    await until('every screen and the terminal caught up', () =>
      [...followers.map((f) => f.follower.lastSeq), core.status().cursor].every((seq) => seq === end),
    );
    const expected = Array.from({ length: end - start }, (_, i) => start + 1 + i);
    for (const { follower, onVictim } of followers) {
      expect(follower.applied).toEqual(expected);
      if (onVictim) expect(follower.reconnects).toBeGreaterThan(0);
    }
    const replicated = core.replica.read.sql
      .prepare(`SELECT count(*) AS n FROM orders WHERE id IN (${ids.map(() => '?').join(',')})`)
      .get(...ids) as { n: number };
    expect(replicated.n).toBe(orders.length);
    for (const { follower } of followers) follower.close();
  }, 300_000);
});
