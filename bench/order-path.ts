// P1: guest orders per second through the whole API (HTTP, auth, validation, idempotency, the
// order, its event and the venue's sequence number), against two floors measured in the same run
// with the same concurrency: a raw pg transaction writing the same rows the product writes, and a
// lean one (an order row, its item rows and one event) that shows the cost of the design itself
// (issue 28). Over 20 venues, in one venue alone, and whether throughput holds over a long run. The
// order is a table's round: five lines, each with a note and modifiers. And the cloud's CPU per
// order: its process's CPU seconds over the 20-venue run (less the clients' thread's), divided by
// the orders it accepted, beside what a bare node:http and pg server costs an order on the same
// machine, measured the same way (the platform's own cost, before any of the cloud's work).
//
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import type { Db } from '../cloud/src/context.js';
import type { RunningCloud } from '../cloud/src/server.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { type Bench, type Figure, percentile } from './figure.js';
import {
  ORDERS_PER_SESSION,
  type OrderLine,
  postGuestOrder,
  processCpuSeconds,
  seatSessions,
  startGuestCloud,
  threadCpuSeconds,
} from './guests.js';
import { benchThread } from './thread.js';

const VENUES = 20;
const CONCURRENCY = 24;

export interface Venue {
  id: string;
  /** The order every guest of the venue places: five lines, each with a note and modifiers. */
  lines: OrderLine[];
  /** Seated sessions, taken in turn; each places at most ORDERS_PER_SESSION orders. */
  sessions: string[];
  placed: number;
  /** The venue's place in the seed, part of its guests' addresses. */
  number: number;
}

interface Run {
  /** When each order completed, in ms since the run started. */
  done: number[];
  latencies: number[];
  seconds: number;
  /** API runs: CPU seconds over the run of the cloud's process (less the clients' thread) and its fan-out processes. */
  cpu?: { cloud: number; fanout: number };
}

/** Every dish's choices: a size (required, one) and extras (any). */
const MODIFIERS = [
  {
    id: 'size',
    name: 'Size',
    type: 'single',
    required: true,
    options: [
      { id: 'regular', name: 'Regular', price: '0.00' },
      { id: 'large', name: 'Large', price: '2.00' },
    ],
  },
  {
    id: 'extras',
    name: 'Extras',
    type: 'multiple',
    required: false,
    options: [
      { id: 'cheese', name: 'Cheese', price: '1.00' },
      { id: 'bacon', name: 'Bacon', price: '1.50' },
      { id: 'sauce', name: 'House sauce', price: '0.50' },
    ],
  },
];

/** A table's round: each dish of the menu, with its course and the guest's note. */
const DISHES = [
  { name: 'Soup of the day', price: '6.50', category: 'Starters', station: 'Kitchen', course: 'appetizer' },
  { name: 'Burger', price: '12.50', category: 'Mains', station: 'Grill', course: 'main' },
  { name: 'Fish and chips', price: '14.00', category: 'Mains', station: 'Fryer', course: 'main' },
  { name: 'Lemonade', price: '3.50', category: 'Drinks', station: 'Bar', course: 'drink' },
  { name: 'Chocolate cake', price: '7.00', category: 'Desserts', station: 'Pastry', course: 'dessert' },
] as const;

const perSecond = (run: Run): number => run.done.length / run.seconds;

/** Throughput of the run's last fifth over its first fifth. */
function holding(run: Run): number {
  const window = (run.seconds * 1000) / 5;
  const first = run.done.filter((t) => t < window).length;
  const last = run.done.filter((t) => t >= run.seconds * 1000 - window).length;
  return first === 0 ? 0 : last / first;
}

/** Seats `sessions.first` parties in the first venue (the one-venue runs order there too), `sessions.other` in each other. */
export async function seed(
  db: Db,
  orgId: string,
  sessions: { first: number; other: number },
  venueCount = VENUES,
): Promise<Venue[]> {
  await db('organizations').insert({ id: orgId, name: 'Bench Group' });
  const venues: Venue[] = [];
  for (let v = 0; v < venueCount; v++) {
    const id = randomUUID();
    const tableId = randomUUID();
    const dishes = DISHES.map((dish) => ({ ...dish, id: randomUUID() }));
    const venue: Venue = {
      id,
      lines: dishes.map((dish, i) => ({
        menuItemId: dish.id,
        quantity: 1 + (i % 2),
        course: dish.course,
        modifiers: [
          { groupId: 'size', optionIds: [i % 2 === 0 ? 'large' : 'regular'] },
          { groupId: 'extras', optionIds: ['cheese', 'sauce'] },
        ],
        specialInstructions: `Seat ${i + 1}: no onions, sauce on the side`,
      })),
      sessions: [],
      placed: 0,
      number: v,
    };
    await db('venues').insert({ id, org_id: orgId, name: `Bench ${v + 1}` });
    await db('tables').insert({
      id: tableId,
      org_id: orgId,
      venue_id: id,
      number: '1',
      name: 'Table 1',
      capacity: 4,
      capacity_max: 4,
    });
    await db('menu_items').insert(
      dishes.map((dish) => ({
        id: dish.id,
        org_id: orgId,
        venue_id: id,
        name: dish.name,
        price: dish.price,
        category: dish.category,
        station: dish.station,
        prep_time: 10,
        modifiers_schema: JSON.stringify(MODIFIERS),
      })),
    );
    venue.sessions = await seatSessions(db, { orgId, venueId: id, tableId }, v === 0 ? sessions.first : sessions.other);
    venues.push(venue);
  }
  return venues;
}

/** Runs `order` from CONCURRENCY clients for `seconds`, each order on the next venue in turn. */
async function drive(
  venues: readonly Venue[],
  seconds: number,
  order: (venue: Venue, seat: number) => Promise<void>,
): Promise<Run> {
  const run: Run = { done: [], latencies: [], seconds };
  const start = performance.now();
  const end = start + seconds * 1000;
  let next = 0;
  const client = async () => {
    while (performance.now() < end) {
      const venue = venues[next++ % venues.length] as Venue;
      const seat = venue.placed++;
      const t0 = performance.now();
      await order(venue, seat);
      const t1 = performance.now();
      if (t1 > end) break;
      run.done.push(t1 - start);
      run.latencies.push(t1 - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return run;
}

/** The clients' connections, kept alive between orders as a phone's browser would. */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One guest order through the API, from the venue's current session. */
function orderViaApi(url: URL, venue: Venue, seat: number): Promise<void> {
  const index = Math.floor(seat / ORDERS_PER_SESSION);
  const sessionId = venue.sessions[index];
  if (!sessionId) throw new Error('The bench ran out of seated sessions; seat more');
  return postGuestOrder(agent, url, {
    id: randomUUID(),
    sessionId,
    address: `10.${venue.number}.${(index >> 8) & 255}.${index & 255}`,
    items: venue.lines,
  });
}

/**
 * Runs `run` under V8's CPU profiler on this thread (the cloud's) when `file` is set
 * (BENCH_P1_PROFILE=p1.cpuprofile), and writes the profile there, for Chrome DevTools or speedscope.
 */
async function profiled<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.error(`P1: the cloud's CPU profile of the ${VENUES}-venue run is in ${file}`);
  }
}

interface ClientJob {
  url: string;
  venues: Venue[];
  seconds: number;
  fanoutPids: number[];
}

/** CPU seconds of the whole process (every thread), so far. */
function processCpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The guests' HTTP clients, on a thread of their own (bench/thread.ts says why). */
async function viaApi(cloud: Pick<RunningCloud, 'url' | 'fanoutPids'>, venues: Venue[], seconds: number): Promise<Run> {
  const job: ClientJob = { url: cloud.url, venues, seconds, fanoutPids: cloud.fanoutPids() };
  const worker = benchThread(import.meta.url, { orderPathClients: job });
  const answer = await new Promise<{ run: Run; placed: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  for (const [i, venue] of venues.entries()) venue.placed = answer.placed[i] as number;
  return answer.run;
}

if (!isMainThread && workerData?.orderPathClients) {
  const job = workerData.orderPathClients as ClientJob;
  // The cloud runs on this process's main thread: its CPU is the process's less this thread's.
  const fanoutCpu = () => job.fanoutPids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const before = { process: processCpu(), clients: threadCpuSeconds(), fanout: fanoutCpu() };
  const run = await drive(job.venues, job.seconds, (venue, seat) => orderViaApi(new URL(job.url), venue, seat));
  run.cpu = {
    cloud: processCpu() - before.process - (threadCpuSeconds() - before.clients),
    fanout: fanoutCpu() - before.fanout,
  };
  parentPort?.postMessage({ run, placed: job.venues.map((v) => v.placed) });
}

/**
 * The platform's floor (issue 28): node:http and node-postgres alone, on this thread as the cloud
 * is, answering each guest's POST with the lean transaction in one statement (one round trip: no
 * read first, no key, no limits, no decision) and the order as JSON. What it costs a request is
 * what this machine's Node, sockets and pg cost before any of the cloud's work.
 */
async function bareServer(
  pool: pg.Pool,
  orgId: string,
  venues: readonly Venue[],
  sample: { subtotal: string; tax: string; total: string; items: string; payload: string },
): Promise<{ url: string; fanoutPids: () => number[]; close: () => Promise<void> }> {
  const venueOf = new Map<string, string>();
  for (const venue of venues) for (const session of venue.sessions) venueOf.set(session, venue.id);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const order = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; sessionId: string };
      pool
        .query({
          name: 'bare_lean',
          text: LEAN_STATEMENT,
          values: [
            order.id,
            orgId,
            venueOf.get(order.sessionId),
            order.sessionId,
            sample.subtotal,
            sample.tax,
            sample.total,
            sample.items,
            randomUUID(),
            sample.payload,
          ],
        })
        .then(() => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify(order));
        })
        .catch((error: Error) => {
          res.writeHead(500);
          res.end(error.message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fanoutPids: () => [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The lean floor's statement: the order, its items and one event numbered from the venue's counter. */
const LEAN_STATEMENT = `with o as (
     insert into orders (id, org_id, venue_id, session_id, status, subtotal, tax, total, created_at, updated_at)
     values ($1, $2, $3, $4, 'CONFIRMED', $5, $6, $7, now(), now())
   ),
   i as (
     insert into order_items (id, org_id, venue_id, order_id, menu_item_id, menu_item_name, station, prep_time,
       quantity, unit_price, total_price, notes, modifiers_json, course, status, fire_at, sort_order,
       created_at, updated_at)
     select gen_random_uuid(), $2, $3, $1, x.menu_item_id, x.menu_item_name, x.station, x.prep_time,
       x.quantity, x.unit_price, x.total_price, x.notes, x.modifiers_json, x.course, x.status, now(),
       x.sort_order, now(), now()
     from jsonb_to_recordset($8::jsonb) as x(menu_item_id uuid, menu_item_name text, station text,
       prep_time int, quantity int, unit_price numeric, total_price numeric, notes text, modifiers_json jsonb,
       course text, status text, sort_order int)
   ),
   s as (update venues set event_seq = event_seq + 1 where id = $3 returning event_seq)
   insert into events (id, org_id, venue_id, seq, type, payload_json, created_at)
   select $9, $2, $3, s.event_seq, 'order.created', $10::jsonb, now() from s`;

export const bench: Bench = async ({ quick }) => {
  const seconds = quick
    ? { warm: 1, spread: 6, spreadFloor: 3, one: 4, oneFloor: 3 }
    : { warm: 3, spread: 60, spreadFloor: 15, one: 20, oneFloor: 10 };
  // The lean floor runs as long as the same-rows floor beside it.
  // Enough sessions for every venue even if the API or the raw floor reached 4,000 orders/s: the
  // spread runs share them out, the one-venue runs (the raw one alone can pass 1,500/s) add theirs.
  // The bare server's run, as long as the floors, orders from the same sessions.
  const spreadSeconds = seconds.warm + seconds.spread + 3 * seconds.spreadFloor;
  const perVenue = (orders: number) => Math.ceil(orders / ORDERS_PER_SESSION) + 10;
  const sessions = {
    other: perVenue((4000 * spreadSeconds) / VENUES),
    first: perVenue((4000 * spreadSeconds) / VENUES + 4000 * (seconds.one + seconds.oneFloor)),
  };

  const database = await createTestDatabase();
  const orgId = randomUUID();
  const venues = await seed(database.db, orgId, sessions);
  const cloud = await startGuestCloud(database);
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  try {
    await viaApi(cloud, venues, seconds.warm);
    // The floor writes what the API wrote: copies of a real order, its items, its event and its
    // idempotency record, in the fewest statements a transaction can take (begin, the key, the
    // order with its items, the sequence number with the event and its notification, commit).
    const sample = await database.db('events').where({ type: 'order.created' }).first('payload_json', 'venue_id');
    const sampleOrder = await database.db('orders').where({ venue_id: sample.venue_id }).first();
    const sampleItems = await database.db('order_items').where({ order_id: sampleOrder.id });
    const sampleKey = await database.db('idempotency_keys').first();
    const payload = JSON.stringify(sample.payload_json);
    const answer = JSON.stringify(sampleKey.response_json);
    const items = JSON.stringify(sampleItems);
    const raw = async (venue: Venue, seat: number) => {
      const sessionId = venue.sessions[Math.floor(seat / ORDERS_PER_SESSION)];
      const orderId = randomUUID();
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          `insert into idempotency_keys (org_id, key, principal, method, path, request_hash, created_at,
             status_code, response_json, answer_withheld)
           values ($1, $2, $3, 'POST', '/api/orders', $4, now(), 201, $5, false)`,
          [orgId, orderId, `guest:${sessionId}`, sampleKey.request_hash, answer],
        );
        await client.query(
          `with o as (
             insert into orders (id, org_id, venue_id, session_id, status, subtotal, tax, total, created_at, updated_at)
             values ($1, $2, $3, $4, 'CONFIRMED', $5, $6, $7, now(), now())
           )
           insert into order_items (id, org_id, venue_id, order_id, menu_item_id, menu_item_name, station, prep_time,
             quantity, unit_price, total_price, notes, modifiers_json, course, status, fire_at, sort_order, created_at,
             updated_at)
           select gen_random_uuid(), $2, $3, $1, x.menu_item_id, x.menu_item_name, x.station, x.prep_time, x.quantity,
             x.unit_price, x.total_price, x.notes, x.modifiers_json, x.course, x.status, now(), x.sort_order, now(), now()
           from jsonb_to_recordset($8::jsonb) as x(menu_item_id uuid, menu_item_name text, station text,
             prep_time int, quantity int, unit_price numeric, total_price numeric, notes text, modifiers_json jsonb,
             course text, status text, sort_order int)`,
          [orderId, orgId, venue.id, sessionId, sampleOrder.subtotal, sampleOrder.tax, sampleOrder.total, items],
        );
        await client.query(
          `with s as (update venues set event_seq = event_seq + 1 where id = $1 returning event_seq),
           e as (
             insert into events (id, org_id, venue_id, seq, type, payload_json, created_at)
             select $2, $3, $1, s.event_seq, 'order.created', $4::jsonb, now() from s
             returning venue_id
           )
           select pg_notify('tw_events', e.venue_id::text) from e`,
          [venue.id, randomUUID(), orgId, payload],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };

    // The lean floor (issue 28): the order's row, its items' rows and one event (numbered from the
    // venue's counter), in one statement inside one transaction; no idempotency record, no
    // notification, nothing read first.
    const lean = async (venue: Venue, seat: number) => {
      const sessionId = venue.sessions[Math.floor(seat / ORDERS_PER_SESSION)];
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(LEAN_STATEMENT, [
          randomUUID(),
          orgId,
          venue.id,
          sessionId,
          sampleOrder.subtotal,
          sampleOrder.tax,
          sampleOrder.total,
          items,
          randomUUID(),
          payload,
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };

    const spread = await profiled(process.env.BENCH_P1_PROFILE, () => viaApi(cloud, venues, seconds.spread));
    const spreadFloor = await drive(venues, seconds.spreadFloor, raw);
    const spreadLean = await drive(venues, seconds.spreadFloor, lean);
    const bare = await bareServer(pool, orgId, venues, {
      subtotal: sampleOrder.subtotal,
      tax: sampleOrder.tax,
      total: sampleOrder.total,
      items,
      payload,
    });
    const spreadBare = await viaApi(bare, venues, seconds.spreadFloor).finally(() => bare.close());
    const bareCpu = (1000 * (spreadBare.cpu?.cloud ?? Number.NaN)) / spreadBare.done.length;
    const one = venues.slice(0, 1);
    const alone = await viaApi(cloud, one, seconds.one);
    const aloneFloor = await drive(one, seconds.oneFloor, raw);
    const cpu = spread.cpu ?? { cloud: Number.NaN, fanout: Number.NaN };
    const cpuPerOrder = (seconds: number) => (1000 * seconds) / spread.done.length;
    console.error(
      `P1 CPU over the ${seconds.spread} s run of ${spread.done.length} orders: the cloud's process ${cpu.cloud.toFixed(2)} s (${cpuPerOrder(cpu.cloud).toFixed(3)} ms an order), its fan-out processes ${cpu.fanout.toFixed(2)} s (${cpuPerOrder(cpu.fanout).toFixed(3)} ms an order); the bare server ${bareCpu.toFixed(3)} ms an order over ${spreadBare.done.length}`,
    );

    const floorLabel = 'raw pg transaction, same rows';
    const figures: Figure[] = [
      {
        id: 'P1',
        figure: `cloud CPU per five-line guest order (process CPU ÷ orders accepted, ${seconds.spread} s run)`,
        value: cpuPerOrder(cpu.cloud),
        unit: 'ms',
        // What node:http and pg alone cost an order on this machine (reported beside it, not a goal).
        floor: bareCpu,
        floorLabel: `bare node:http + pg server, lean statement, ${seconds.spreadFloor} s`,
        goal: '≤ 1 ms',
        met: cpuPerOrder(cpu.cloud) <= 1,
      },
      {
        id: 'P1',
        figure: `guest orders/s over ${VENUES} venues (${CONCURRENCY} clients)`,
        value: perSecond(spread),
        unit: 'orders/s',
        floor: perSecond(spreadFloor),
        floorLabel,
        goal: '≥ 0.9 × floor',
        met: perSecond(spread) >= 0.9 * perSecond(spreadFloor),
      },
      {
        id: 'P1',
        figure: `guest orders/s over ${VENUES} venues (${CONCURRENCY} clients)`,
        value: perSecond(spread),
        unit: 'orders/s',
        floor: perSecond(spreadLean),
        floorLabel: 'lean pg transaction: order, items, one event',
        goal: '≥ 0.8 × floor',
        met: perSecond(spread) >= 0.8 * perSecond(spreadLean),
      },
      {
        id: 'P1',
        figure: `guest orders/s in one venue (${CONCURRENCY} clients)`,
        value: perSecond(alone),
        unit: 'orders/s',
        floor: perSecond(aloneFloor),
        floorLabel,
        goal: '≥ 0.25 × floor',
        met: perSecond(alone) >= 0.25 * perSecond(aloneFloor),
      },
      {
        id: 'P1',
        figure: `orders/s in the last fifth of the ${seconds.spread} s run ÷ the first fifth`,
        value: holding(spread),
        unit: '×',
        floor: null,
        floorLabel: '',
        goal: '≥ 0.9 (no decay)',
        met: holding(spread) >= 0.9,
      },
      {
        id: 'P1',
        figure: `order p99 over ${VENUES} venues`,
        value: percentile(spread.latencies, 0.99),
        unit: 'ms',
        floor: percentile(spreadFloor.latencies, 0.99),
        floorLabel,
        goal: 'reported only',
        met: true,
      },
    ];
    return figures;
  } finally {
    await pool.end();
    await cloud.close();
    await database.drop();
  }
};
