// S1 (issue 27): the soak run. Three cloud instances behind HAProxy (`npm run cluster`'s own
// start), 100 venues, guests' five-line orders at 30 a second for 10 minutes (`--quick`: one
// minute, windows of 15 s), each phone from its own address. Orders are sent on a fixed schedule
// whatever the answers (an open loop), so a slowing cloud shows as growing latency, not as fewer
// orders. Figures: the p99 of the last minute over the first minute's; each instance's memory
// over the last minute over the first minute's; orders lost (not answered 201, or not in the
// database once, or a gap in a venue's event numbers).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { type Cluster, startCluster } from '../cloud/src/ops/cluster.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { type Bench, type Figure, percentile } from './figure.js';
import { BENCH_SECRET, ORDERS_PER_SESSION, postGuestOrder } from './guests.js';
import { seed, type Venue } from './order-path.js';

const VENUES = 100;
const RATE = 30;

/** Resident memory, in MiB, of every process in the group `pgid` (an instance: tsx and the cloud under it, its fan-out). */
function groupRssMiB(pgid: number): number {
  let kib = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      kib += Number(rss?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kib / 1024;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export const bench: Bench = async ({ quick }) => {
  const seconds = quick ? 60 : 600;
  const windowMs = quick ? 15_000 : 60_000;
  const total = seconds * RATE;
  const database = await createTestDatabase();
  const orgId = randomUUID();
  const perVenue = Math.ceil(total / VENUES / ORDERS_PER_SESSION) + 2;
  const venues: Venue[] = await seed(database.db, orgId, { first: perVenue, other: perVenue }, VENUES);
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      databaseUrl: database.url,
      secret: BENCH_SECRET,
      // The phones' own addresses, as a CDN in front of the proxy passes them on.
      env: { TRUST_PROXY: '2', LOG_LEVEL: 'warn' },
    });
    const url = new URL(cluster.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const sent: Array<{ at: number; ms: number; ok: boolean; id: string }> = [];
    const memory: Array<{ at: number; mib: number[] }> = [];
    const instances = cluster.instances;
    const start = performance.now();
    const sampler = setInterval(() => {
      memory.push({ at: performance.now() - start, mib: instances.map((i) => groupRssMiB(i.pid() ?? -1)) });
    }, 2_000);
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const venue = venues[n % VENUES] as Venue;
      const seat = venue.placed++;
      const sessionId = venue.sessions[Math.floor(seat / ORDERS_PER_SESSION)] as string;
      const id = randomUUID();
      const t0 = performance.now();
      inFlight.push(
        postGuestOrder(agent, url, {
          id,
          sessionId,
          address: `10.${venue.number}.${Math.floor(seat / 200)}.${seat % 200}`,
          items: venue.lines,
        }).then(
          () => {
            sent.push({ at: t0 - start, ms: performance.now() - t0, ok: true, id });
          },
          () => {
            sent.push({ at: t0 - start, ms: performance.now() - t0, ok: false, id });
          },
        ),
      );
      if (n % (RATE * 60) === 0 && n > 0) console.error(`[S1] ${n / RATE} s, ${n} orders sent`);
    }
    await Promise.all(inFlight);
    clearInterval(sampler);
    agent.destroy();

    const runMs = seconds * 1000;
    const first = sent.filter((s) => s.ok && s.at < windowMs).map((s) => s.ms);
    const last = sent.filter((s) => s.ok && s.at >= runMs - windowMs).map((s) => s.ms);
    const p99First = percentile(first, 0.99);
    const p99Last = percentile(last, 0.99);
    // Memory after the first window (past start-up and warm-up) against the last window's.
    const memFirst = memory.filter((m) => m.at >= windowMs && m.at < 2 * windowMs);
    const memLast = memory.filter((m) => m.at >= runMs - windowMs);
    const growth = Math.max(
      ...instances.map((_, i) => mean(memLast.map((m) => m.mib[i] ?? 0)) / mean(memFirst.map((m) => m.mib[i] ?? 0))),
    );

    // Nothing lost: every order answered 201, stored once, announced once, no gap in any venue.
    const accepted = sent.filter((s) => s.ok).length;
    const stored = Number((await database.db('orders').count('* as n').first())?.n ?? 0);
    const announced = Number(
      (await database.db('events').where({ type: 'order.created' }).count('* as n').first())?.n ?? 0,
    );
    const gaps = await database.db.raw(
      'SELECT count(*) AS n FROM (SELECT venue_id, max(seq) AS top, count(*) AS c FROM events GROUP BY venue_id) v WHERE top <> c',
    );
    const gapVenues = Number(gaps.rows[0]?.n ?? 0);
    const lost = total - accepted + Math.abs(stored - accepted) + Math.abs(announced - accepted) + gapVenues;
    console.error(
      `[S1] ${total} orders sent, ${accepted} accepted, ${stored} stored, ${announced} announced, ${gapVenues} venues with a gap; ` +
        `p99 ${p99First.toFixed(1)} ms first, ${p99Last.toFixed(1)} ms last; memory ${memFirst[0]?.mib.map((m) => m.toFixed(0)).join('/')} → ${memLast
          .at(-1)
          ?.mib.map((m) => m.toFixed(0))
          .join('/')} MiB`,
    );
    const span = `${VENUES} venues, ${RATE} orders/s, ${seconds} s, 3 instances behind HAProxy`;
    return [
      {
        id: 'S1',
        figure: `soak p99 of POST /api/orders, last ${windowMs / 1000} s (${span})`,
        value: p99Last,
        unit: 'ms',
        floor: p99First,
        floorLabel: `p99 of the first ${windowMs / 1000} s`,
        goal: '≤ 1.2 × floor',
        met: p99Last <= 1.2 * p99First,
      },
      {
        id: 'S1',
        figure: 'soak memory per instance, last window over second window (the largest)',
        value: growth,
        unit: '×',
        floor: null,
        floorLabel: '',
        goal: '≤ 1.1',
        met: growth <= 1.1,
      },
      {
        id: 'S1',
        figure: 'soak orders lost (not accepted, stored or announced once; venues with a gap)',
        value: lost,
        unit: 'orders',
        floor: null,
        floorLabel: '',
        goal: '0',
        met: lost === 0,
      },
    ] satisfies Figure[];
  } finally {
    await cluster?.close();
    await database.drop();
  }
};
