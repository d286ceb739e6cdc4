// P2 and P4: the live fan-out of one cloud instance. Guests order through the API at a fixed rate
// (open loop: an order goes out on time whether or not the last one was answered) while N staff
// sockets listen; each figure is the time from an order's POST to its order.created on a socket,
// over every (order, socket). The staff sockets run on a thread of their own and the guests' HTTP
// clients on another (bench/thread.ts), as screens and phones are devices of their own, and the
// floors are measured in the same run with the same sockets:
// - P2: the p99 of a bare ws server sending a same-size frame to the same sockets, plus the p99 of
//   a NOTIFY round trip on the same PostgreSQL (the two hops an event cannot avoid);
// - P4: a bare ws server broadcasting to the same socket counts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { GUEST_SESSION_COOKIE, MenuAnswer } from '@tablewise/shared';
import WebSocket, { WebSocketServer } from 'ws';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { signGuestCookie } from '../cloud/src/security/tokens.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { signIn } from '../scripts/demo.js';
import { type Bench, type Figure, percentile } from './figure.js';
import { notifyRoundTrip, sleep } from './floors.js';
import {
  BENCH_SECRET,
  ORDERS_PER_SESSION,
  type OrderLine,
  postGuestOrder,
  seatSessions,
  startGuestCloud,
} from './guests.js';
import { benchThread, wallNow } from './thread.js';

/** Where an order event's id starts in its frame (jsonb keeps the order object's `id` first). */
const ORDER_ID_MARK = Buffer.from('"order":{"id":"');
const UUID_LENGTH = 36;
/** How long after the last order a missing event is waited for before the round counts it lost. */
const SETTLE_MS = 2000;
/** A round whose p99 passes this many times the floor has run away (or one that lost an event). */
const RUNAWAY_FACTOR = 10;
const P4_LIMIT_MS = 50;

interface Plan {
  p2: { sockets: number; rate: number; rounds: number; seconds: number };
  p4: { counts: number[]; rate: number; seconds: number };
}

const FULL: Plan = {
  p2: { sockets: 200, rate: 100, rounds: 10, seconds: 5 },
  p4: { counts: [200, 500, 1000, 2000, 2500, 3000, 4000], rate: 10, seconds: 6 },
};
const QUICK: Plan = {
  p2: { sockets: 200, rate: 100, rounds: 2, seconds: 2 },
  p4: { counts: [200, 500], rate: 10, seconds: 2 },
};

// ---- The clients' thread: sockets that note when each order's event arrives, and the guests.

type Command =
  | { type: 'open'; url: string; cookie?: string; count: number }
  | { type: 'drive'; url: string; rate: number; seconds: number; guests: Guest[]; items: OrderLine[] }
  | { type: 'collect' };

type Answer =
  | { type: 'opened' }
  | { type: 'driven'; sentAt: Array<[string, number]>; answeredIn: number[]; clientsBusy: number }
  | { type: 'collected'; received: Array<[string, number[]]> };

interface Guest {
  sessionId: string;
  address: string;
}

/** Every socket the thread holds, by the server it is open to. */
const pools = new Map<string, WebSocket[]>();
/** When each order's event arrived, on each socket. */
let received = new Map<string, number[]>();

function noteArrival(data: Buffer): void {
  const at = wallNow();
  const mark = data.indexOf(ORDER_ID_MARK);
  if (mark < 0) return;
  const start = mark + ORDER_ID_MARK.length;
  const id = data.toString('latin1', start, start + UUID_LENGTH);
  const times = received.get(id);
  if (times) times.push(at);
  else received.set(id, [at]);
}

function openSocket(url: string, cookie: string | undefined): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {}, skipUTF8Validation: true });
  ws.on('message', (data) => noteArrival(data as Buffer));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Opens or closes sockets until `count` are open to `url`, 50 handshakes at a time. */
async function resize(url: string, cookie: string | undefined, count: number): Promise<void> {
  const pool = pools.get(url) ?? [];
  pools.set(url, pool);
  while (pool.length > count) pool.pop()?.terminate();
  while (pool.length < count) {
    const batch = Math.min(50, count - pool.length);
    pool.push(...(await Promise.all(Array.from({ length: batch }, () => openSocket(url, cookie)))));
  }
}

/** Places orders at `rate` a second for `seconds`, each on time; answers when each was sent and how long its answer took. */
async function drive(
  job: Extract<Command, { type: 'drive' }>,
): Promise<Omit<Extract<Answer, { type: 'driven' }>, 'type'>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(job.url);
  const sentAt: Array<[string, number]> = [];
  const answeredIn: number[] = [];
  const busyBefore = performance.eventLoopUtilization();
  const pending: Promise<void>[] = [];
  const interval = 1000 / job.rate;
  const total = Math.round(job.rate * job.seconds);
  const start = wallNow();
  for (let k = 0; k < total; k++) {
    const wait = start + k * interval - wallNow();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const guest = job.guests[Math.floor(k / ORDERS_PER_SESSION)];
    if (!guest) throw new Error('The bench ran out of seated sessions; seat more');
    const id = randomUUID();
    const at = wallNow();
    sentAt.push([id, at]);
    const answered = () => {
      answeredIn.push(wallNow() - at);
    };
    pending.push(postGuestOrder(agent, url, { id, ...guest, items: job.items }).then(answered));
  }
  await Promise.all(pending);
  agent.destroy();
  return { sentAt, answeredIn, clientsBusy: performance.eventLoopUtilization(busyBefore).utilization };
}

async function answer(command: Command): Promise<Answer> {
  switch (command.type) {
    case 'open':
      await resize(command.url, command.cookie, command.count);
      return { type: 'opened' };
    case 'drive':
      return { type: 'driven', ...(await drive(command)) };
    case 'collect': {
      const got = [...received];
      received = new Map();
      return { type: 'collected', received: got };
    }
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${String(never)}`);
    }
  }
}

if (!isMainThread && workerData?.fanoutClients) {
  parentPort?.on('message', (command: Command) => {
    answer(command).then(
      (reply) => parentPort?.postMessage(reply),
      (error: unknown) => parentPort?.postMessage({ type: 'failed', message: String(error) }),
    );
  });
}

// ---- The cloud's thread.

class Clients {
  private constructor(private readonly worker: Worker) {}

  static start(): Clients {
    return new Clients(benchThread(import.meta.url, { fanoutClients: true }));
  }

  ask<T extends Answer['type']>(command: Command, expect: T): Promise<Extract<Answer, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.once('message', (reply: Answer | { type: 'failed'; message: string }) => {
        this.worker.off('error', reject);
        if (reply.type === expect) resolve(reply as Extract<Answer, { type: T }>);
        else reject(new Error(`Clients' thread: ${'message' in reply ? reply.message : reply.type}`));
      });
      this.worker.postMessage(command);
    });
  }

  open(url: string, count: number, cookie?: string): Promise<unknown> {
    return this.ask({ type: 'open', url, count, ...(cookie ? { cookie } : {}) }, 'opened');
  }

  /** Each arrival's time, by order id, since the last collect. */
  async collect(): Promise<Map<string, number[]>> {
    return new Map((await this.ask({ type: 'collect' }, 'collected')).received);
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

interface Latencies {
  samples: number[];
  /** How long each order's POST took to be answered. */
  answeredIn: number[];
  /** How busy the phones' thread was while it placed the orders (0 to 1). */
  clientsBusy: number;
  /** Arrivals that never came (orders × sockets − arrivals). */
  missing: number;
}

function latenciesOf(sentAt: ReadonlyMap<string, number>, arrivals: ReadonlyMap<string, number[]>, sockets: number) {
  const result: Latencies = { samples: [], answeredIn: [], clientsBusy: 0, missing: 0 };
  for (const [id, at] of sentAt) {
    const times = arrivals.get(id) ?? [];
    for (const t of times) result.samples.push(t - at);
    result.missing += Math.max(0, sockets - times.length);
  }
  return result;
}

/** The file-descriptor limit this process runs under (each socket here holds two: client and server). */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = Number(line?.split(/\s+/)[3]);
  return Number.isFinite(soft) ? soft : 1024;
}

/** A bare ws server that sends one prebuilt frame to every socket: the least a broadcast costs. */
class BareBroadcaster {
  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
  ) {}

  static async start(): Promise<BareBroadcaster> {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss.once('listening', resolve));
    return new BareBroadcaster(wss, `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  }

  /** Sends `template` (with a new id each time) at `rate` a second for `seconds`; answers when each went. */
  async broadcast(template: string, templateId: string, rate: number, seconds: number): Promise<Map<string, number>> {
    const sentAt = new Map<string, number>();
    const interval = 1000 / rate;
    const total = Math.round(rate * seconds);
    const start = wallNow();
    for (let k = 0; k < total; k++) {
      const wait = start + k * interval - wallNow();
      if (wait > 0) await sleep(wait);
      const id = randomUUID();
      const frame = Buffer.from(template.replaceAll(templateId, id));
      sentAt.set(id, wallNow());
      for (const ws of this.wss.clients) ws.send(frame, { binary: false });
    }
    return sentAt;
  }

  close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

export const bench: Bench = async ({ quick }) => {
  const plan = quick ? QUICK : FULL;
  const fdLimit = openFileLimit();
  // Two descriptors a socket (both ends live in this process), and room for the rest.
  const counts = plan.p4.counts.filter((n) => 2 * n + 500 <= fdLimit);
  if (counts.length < plan.p4.counts.length) {
    console.error(`P4: ulimit -n is ${fdLimit}; socket counts above ${(fdLimit - 500) / 2} are skipped`);
  }
  const runs = plan.p2.rounds + 1 + counts.length;
  const totalOrders =
    plan.p2.rate * plan.p2.seconds * (plan.p2.rounds + 1) + plan.p4.rate * plan.p4.seconds * counts.length;

  const database = await createTestDatabase();
  const seed = await seedDemo(database.db);
  const cloud = await startGuestCloud(database);
  // The staff screens on one thread, the guests' phones on another: a phone's order is never
  // placed from the thread whose sockets wait for its event (nor in the floor's runs).
  const clients = Clients.start();
  const phones = Clients.start();
  const bare = await BareBroadcaster.start();
  try {
    const staffCookie = await signIn(cloud.url);
    const sessions = await seatSessions(
      database.db,
      { orgId: seed.organizationId, venueId: seed.venueId, tableId: seed.tableIds[0] as string },
      // Each run takes whole sessions, and one more than it needs.
      Math.ceil(totalOrders / ORDERS_PER_SESSION) + 2 * runs,
    );
    // Each session from an address of its own (the per-address limit), taken in turn across runs.
    let used = 0;
    const guestsFor = (orders: number): Guest[] => {
      const n = Math.ceil(orders / ORDERS_PER_SESSION) + 1;
      const taken = sessions.slice(used, used + n).map((sessionId, i) => ({
        sessionId,
        address: `10.20.${((used + i) >> 8) & 255}.${(used + i) & 255}`,
      }));
      used += n;
      return taken;
    };
    const menu = MenuAnswer.parse(
      await (
        await fetch(`${cloud.url}/api/menu`, {
          headers: { cookie: `${GUEST_SESSION_COOKIE}=${signGuestCookie(BENCH_SECRET, sessions[0] as string)}` },
        })
      ).json(),
    );
    // A table's round of five dishes and drinks, each with a note and a choice from each of its
    // modifier groups (issue 28).
    const withChoices = menu.items.filter((i) => i.modifiersSchema.length > 0 && i.isAvailable);
    const items: OrderLine[] = withChoices.slice(0, 5).map((item, i) => ({
      menuItemId: item.id,
      quantity: i + 1,
      course: item.station === 'Bar' ? 'drink' : 'main',
      modifiers: item.modifiersSchema.map((group) => ({ groupId: group.id, optionIds: [group.options[0]?.id ?? ''] })),
      specialInstructions: `Seat ${i + 1}: no onions, sauce on the side`,
    }));
    if (items.length < 5) throw new Error('The demo menu has fewer than five dishes with choices');

    const wsUrl = `${cloud.url.replace('http', 'ws')}/ws`;
    /** One run of orders against the cloud's sockets: its latencies, over every (order, socket). */
    const orderRun = async (sockets: number, rate: number, seconds: number): Promise<Latencies> => {
      await clients.open(wsUrl, sockets, staffCookie);
      const guests = guestsFor(rate * seconds);
      const { sentAt, answeredIn, clientsBusy } = await phones.ask(
        { type: 'drive', url: cloud.url, rate, seconds, guests, items },
        'driven',
      );
      // Every POST has been answered; the events may still be on their way.
      await sleep(200);
      const sent = new Map(sentAt);
      const arrivals = await clients.collect();
      if (latenciesOf(sent, arrivals, sockets).missing > 0) {
        await sleep(SETTLE_MS);
        for (const [id, times] of await clients.collect()) arrivals.set(id, [...(arrivals.get(id) ?? []), ...times]);
      }
      return { ...latenciesOf(sent, arrivals, sockets), answeredIn, clientsBusy };
    };
    const bareRun = async (sockets: number, template: string, templateId: string, rate: number, seconds: number) => {
      await clients.open(bare.url, sockets);
      const sentAt = await bare.broadcast(template, templateId, rate, seconds);
      await sleep(200);
      const result = latenciesOf(sentAt, await clients.collect(), sockets);
      await clients.open(bare.url, 0);
      return result;
    };

    // Warm-up, which also gives the floor a real order.created to copy.
    await orderRun(plan.p2.sockets, plan.p2.rate, 1);
    const sample = await database.db('events').where({ type: 'order.created' }).first('payload_json');
    const template = JSON.stringify(sample.payload_json);
    const templateId = (sample.payload_json as { order: { id: string } }).order.id;

    // P2: rounds at the issue's load, then the floor with the same sockets and rate.
    // How busy the cloud's thread was over the rounds: near 1, it is the bottleneck.
    const busyBefore = performance.eventLoopUtilization();
    const rounds: Latencies[] = [];
    for (let r = 0; r < plan.p2.rounds; r++)
      rounds.push(await orderRun(plan.p2.sockets, plan.p2.rate, plan.p2.seconds));
    const busy = performance.eventLoopUtilization(busyBefore).utilization;
    await clients.open(wsUrl, 0);
    const broadcastFloor = await bareRun(plan.p2.sockets, template, templateId, plan.p2.rate, plan.p2.seconds);
    const notifyFloor = await notifyRoundTrip(database.url, plan.p2.rate, quick ? 1 : 3);
    const p2Floor = percentile(broadcastFloor.samples, 0.99) + notifyFloor;
    const p2 = percentile(
      rounds.flatMap((r) => r.samples),
      0.99,
    );
    const ranAway = rounds.filter(
      (r) => r.missing > 0 || percentile(r.samples, 0.99) > RUNAWAY_FACTOR * p2Floor,
    ).length;
    console.error(
      `P2 rounds' p99 (ms): ${rounds.map((r) => `${percentile(r.samples, 0.99).toFixed(1)} (POST answered ${percentile(r.answeredIn, 0.99).toFixed(1)}, phones' thread ${(r.clientsBusy * 100).toFixed(0)}% busy)`).join(', ')}; floor ${p2Floor.toFixed(1)} (broadcast ${percentile(broadcastFloor.samples, 0.99).toFixed(1)} + NOTIFY ${notifyFloor.toFixed(1)}); frame ${Buffer.byteLength(template)} bytes; the cloud's thread busy ${(busy * 100).toFixed(0)}% of the rounds`,
    );

    // P4: socket counts upwards until the cloud misses 50 ms; the bare server until it does.
    const p4: Array<{ sockets: number; cloud: number | null; bare: number }> = [];
    let cloudHolds = true;
    for (const sockets of counts) {
      let cloudP99: number | null = null;
      if (cloudHolds) {
        const run = await orderRun(sockets, plan.p4.rate, plan.p4.seconds);
        cloudP99 = run.missing > 0 ? Number.POSITIVE_INFINITY : percentile(run.samples, 0.99);
        cloudHolds = cloudP99 <= P4_LIMIT_MS;
        await clients.open(wsUrl, 0);
      }
      const bareRunResult = await bareRun(sockets, template, templateId, plan.p4.rate, plan.p4.seconds);
      const bareP99 = bareRunResult.missing > 0 ? Number.POSITIVE_INFINITY : percentile(bareRunResult.samples, 0.99);
      p4.push({ sockets, cloud: cloudP99, bare: bareP99 });
      console.error(
        `P4 ${sockets} sockets: cloud p99 ${cloudP99?.toFixed(1) ?? '–'} ms, bare ${bareP99.toFixed(1)} ms`,
      );
      if (!cloudHolds && bareP99 > P4_LIMIT_MS) break;
    }
    const held = (pick: (row: (typeof p4)[number]) => number | null) =>
      Math.max(0, ...p4.filter((row) => (pick(row) ?? Number.POSITIVE_INFINITY) <= P4_LIMIT_MS).map((r) => r.sockets));
    const cloudHeld = held((r) => r.cloud);
    const shown = p4.find((r) => r.sockets === cloudHeld) ?? (p4[0] as (typeof p4)[number]);
    const p4Goal = quick ? Math.max(...counts) : 2000;

    return [
      {
        id: 'P2',
        figure: `five-line order → order.created on ${plan.p2.sockets} staff sockets at ${plan.p2.rate} orders/s, p99`,
        value: p2,
        unit: 'ms',
        floor: p2Floor,
        floorLabel: 'bare ws broadcast p99 + NOTIFY p99',
        goal: '≤ 2 × floor, no round runs away',
        met: p2 <= 2 * p2Floor && ranAway === 0,
      },
      {
        id: 'P2',
        figure: `rounds of ${plan.p2.seconds} s that ran away (p99 > ${RUNAWAY_FACTOR} × floor or an event lost)`,
        value: ranAway,
        unit: `of ${plan.p2.rounds}`,
        floor: null,
        floorLabel: '',
        goal: '0',
        met: ranAway === 0,
      },
      {
        id: 'P4',
        figure: `staff sockets one instance holds with event p99 ≤ ${P4_LIMIT_MS} ms (${plan.p4.rate} orders/s; tried ${counts.join('/')})`,
        value: cloudHeld,
        unit: 'sockets',
        floor: held((r) => r.bare),
        floorLabel: 'bare ws broadcast, same counts',
        goal: `≥ ${p4Goal}`,
        met: cloudHeld >= p4Goal,
      },
      {
        id: 'P4',
        figure: `event p99 at ${shown.sockets} staff sockets, ${plan.p4.rate} orders/s`,
        value: shown.cloud ?? Number.NaN,
        unit: 'ms',
        floor: shown.bare,
        floorLabel: 'bare ws broadcast, same sockets',
        goal: `≤ ${P4_LIMIT_MS} ms`,
        met: (shown.cloud ?? Number.POSITIVE_INFINITY) <= P4_LIMIT_MS,
      },
    ] satisfies Figure[];
  } finally {
    await clients.stop();
    await phones.stop();
    await bare.close();
    await cloud.close();
    await database.drop();
  }
};
