// P5: changes made on a terminal while the cloud is away reach the cloud after it returns. A paired
// terminal core follows a real cloud; the cloud stops; staff make 10,000 item moves through the
// terminal's own API (Start Prep, then Pause and Resume, on 100 items); the cloud starts again on
// the same port and database. The figure is the time from the cloud listening again until the
// database holds all 10,000 moves, counted from its rows, with how many were lost or applied twice.
//
// Floor, measured in the same run on the same database: the same 10,000 moves written by a raw pg
// loop, in transactions of the push's batch size, each move one statement writing what the push
// writes for it (the item's status, its event under the venue's next number, its idempotency
// record, the terminal's mutation number). It is the database's share of the work alone: no HTTP,
// no parsing, no checks, no outbox.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PUSH_MUTATIONS, MenuAnswer, type OrderItemState, TableQrAnswer } from '@tablewise/shared';
import pg from 'pg';
import type { Db } from '../cloud/src/context.js';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { type RunningCloud, startCloud } from '../cloud/src/server.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { startTerminalCore, type TerminalCore } from '../desktop/src/core/core.js';
import { pairDemoTerminal, signIn, signInOnTerminal } from '../scripts/demo.js';
import type { Bench, Figure } from './figure.js';

const ITEMS = 100;
/** Staff moving items at the same time on the terminal while the cloud is away. */
const LANES = 8;
const SECRET = 'bench-secret';

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The moves of one item, in order: Start Prep, then Pause and Resume by turns. */
function movesOf(count: number): OrderItemState[] {
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? 'IN_PREP' : 'PAUSE'));
}

/** A guest's order of ITEMS drinks, placed in the cloud: the items staff move. */
async function placeOrder(cloudUrl: string, venueId: string, tableId: string): Promise<string[]> {
  const staffCookie = await signIn(cloudUrl);
  const qr = TableQrAnswer.parse(
    await (await fetch(`${cloudUrl}/api/tables/${tableId}/qr`, { headers: { cookie: staffCookie } })).json(),
  );
  const checkin = await fetch(`${cloudUrl}/api/guest/checkin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ guestName: 'Bench', partySize: 2, tableId, venueId, token: qr.token }),
  });
  const guestCookie = cookieOf(checkin);
  const { sessionId } = (await checkin.json()) as { sessionId: string };
  const menu = MenuAnswer.parse(
    await (await fetch(`${cloudUrl}/api/menu`, { headers: { cookie: guestCookie } })).json(),
  );
  const drink = menu.items.find((i) => i.station === 'Bar' && i.modifiersSchema.every((g) => !g.required));
  if (!drink) throw new Error('The demo menu has no drink without required choices');
  const id = randomUUID();
  const res = await fetch(`${cloudUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: guestCookie, 'idempotency-key': id },
    body: JSON.stringify({
      id,
      sessionId,
      items: Array.from({ length: ITEMS }, () => ({ menuItemId: drink.id, quantity: 1, course: 'drink' })),
    }),
  });
  if (!res.ok) throw new Error(`Order failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id);
}

/** Staff move every item `perItem` times through the terminal's API, LANES at a time. */
async function moveOnTerminal(terminalUrl: string, cookie: string, itemIds: string[], perItem: number) {
  const queue = [...itemIds];
  const lane = async () => {
    for (let itemId = queue.shift(); itemId; itemId = queue.shift()) {
      for (const status of movesOf(perItem)) {
        const res = await fetch(`${terminalUrl}/api/order-items/${itemId}/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ status }),
        });
        if (!res.ok) throw new Error(`Move on the terminal failed: ${res.status} ${await res.text()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

interface Applied {
  /** Moves recorded as applied once (their idempotency records, answered 200). */
  applied: number;
  /** Events the terminal's moves wrote. */
  events: number;
}

async function appliedBy(db: Db, terminalId: string): Promise<Applied> {
  const [keys, events] = await Promise.all([
    db('idempotency_keys')
      .where({ principal: `terminal:${terminalId}`, status_code: 200 })
      .count({ n: '*' })
      .first(),
    db('events').where({ terminal_id: terminalId, type: 'order.item.status.changed' }).count({ n: '*' }).first(),
  ]);
  return { applied: Number(keys?.n ?? 0), events: Number(events?.n ?? 0) };
}

/** The floor: the same moves' rows written by a raw pg loop, a transaction per batch. */
async function rawFloor(
  url: string,
  ids: { orgId: string; venueId: string; terminalId: string },
  items: string[],
  perItem: number,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const moves = movesOf(perItem);
  // After the measured run every item is at its last move; the floor carries on from there.
  const mutations = items.flatMap((itemId) => moves.map((_, i) => ({ itemId, status: moves[(i + 1) % moves.length] })));
  const [{ last } = { last: 0 }] = (
    await client.query<{ last: string }>('select last_mutation_seq as last from terminals where id = $1', [
      ids.terminalId,
    ])
  ).rows.map((r) => ({ last: Number(r.last) }));
  const started = performance.now();
  for (let at = 0; at < mutations.length; at += MAX_PUSH_MUTATIONS) {
    await client.query('begin');
    for (const [i, m] of mutations.slice(at, at + MAX_PUSH_MUTATIONS).entries()) {
      await client.query(
        `with i as (update order_items set status = $1, updated_at = now() where id = $2 returning *),
           k as (insert into idempotency_keys (org_id, key, principal, method, path, request_hash, created_at,
                   status_code, response_json, answer_withheld)
                 select $3, $4, $5, 'POST', $6, $4, now(), 200, to_jsonb(i), false from i),
           s as (update venues set event_seq = event_seq + 1 where id = $7 returning event_seq),
           e as (insert into events (id, org_id, venue_id, seq, terminal_id, type, payload_json, created_at)
                 select $8, $3, $7, s.event_seq, $9, 'order.item.status.changed', jsonb_build_object('item', to_jsonb(i)), now()
                 from s, i)
         update terminals set last_mutation_seq = $10 where id = $9`,
        [
          m.status,
          m.itemId,
          ids.orgId,
          randomUUID(),
          `terminal:${ids.terminalId}`,
          `/api/order-items/${m.itemId}/status`,
          ids.venueId,
          randomUUID(),
          ids.terminalId,
          last + at + i + 1,
        ],
      );
    }
    await client.query('commit');
  }
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return seconds;
}

export const bench: Bench = async ({ quick }) => {
  const changes = quick ? 500 : 10_000;
  const perItem = changes / ITEMS;
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  const seed = await seedDemo(database.db);
  let cloud: RunningCloud | null = await startCloud({
    db: database.db,
    databaseUrl: database.url,
    secret: SECRET,
    port: 0,
  });
  const { port } = cloud;
  let terminal: TerminalCore | null = null;
  try {
    const paired = await pairDemoTerminal({ cloudUrl: cloud.url, dataDir });
    const itemIds = await placeOrder(cloud.url, seed.venueId, seed.tableIds[0] as string);
    const core = await startTerminalCore({
      cloudUrl: cloud.url,
      credential: paired.credential,
      dataDir,
      printing: false,
    });
    terminal = core;
    const inReplica = core.replica.read.sql.prepare(
      `SELECT COUNT(*) AS n FROM order_items WHERE id IN (${itemIds.map(() => '?').join(',')})`,
    );
    await until('the items in the replica', () => (inReplica.get(...itemIds) as { n: number }).n === ITEMS, 30_000);

    const cookie = await signInOnTerminal(core.url);
    await cloud.close();
    cloud = null;
    await until('the terminal to go offline', () => !core.status().online, 30_000);
    const madeAt = performance.now();
    await moveOnTerminal(core.url, cookie, itemIds, perItem);
    const makingSeconds = (performance.now() - madeAt) / 1000;
    if (core.status().outbox.pending !== changes) {
      throw new Error(`Expected ${changes} waiting changes, the outbox holds ${core.status().outbox.pending}`);
    }
    if ((await appliedBy(database.db, paired.terminalId)).events !== 0)
      throw new Error('A change reached the cloud early');

    cloud = await startCloud({ db: database.db, databaseUrl: database.url, secret: SECRET, port });
    const returned = performance.now();
    let firstAt: number | null = null;
    await until(
      'every change in the cloud',
      async () => {
        const { events } = await appliedBy(database.db, paired.terminalId);
        if (events > 0 && firstAt === null) firstAt = performance.now();
        return events >= changes;
      },
      300_000,
      25,
    );
    const seconds = (performance.now() - returned) / 1000;
    const firstSeconds = ((firstAt ?? performance.now()) - returned) / 1000;
    // Let anything still in flight land before counting what was lost or doubled.
    await until('the outbox to empty', () => core.status().outbox.pending === 0, 60_000);
    const { applied, events } = await appliedBy(database.db, paired.terminalId);
    const rejected = core.status().outbox.rejected.length;
    const lost = changes - applied;
    const duplicated = events - applied;
    console.error(
      `P5: ${changes} changes made offline in ${makingSeconds.toFixed(1)} s; after the cloud's return: first applied ` +
        `at ${firstSeconds.toFixed(2)} s, all at ${seconds.toFixed(2)} s; ${applied} applied, ${events} events, ` +
        `${rejected} rejected`,
    );

    const floor = await rawFloor(
      database.url,
      { orgId: seed.organizationId, venueId: seed.venueId, terminalId: paired.terminalId },
      itemIds,
      perItem,
    );
    const figure = (f: Omit<Figure, 'id'>): Figure => ({ id: 'P5', ...f });
    return [
      figure({
        figure: `${changes} offline changes in the cloud after it returns`,
        value: seconds,
        unit: 's',
        floor,
        floorLabel: 'raw pg writing the same rows, 500 a transaction',
        goal: quick ? 'reported only (quick)' : '≤ 10 s',
        met: quick || seconds <= 10,
      }),
      figure({
        figure: 'first offline change in the cloud after it returns',
        value: firstSeconds,
        unit: 's',
        floor: null,
        floorLabel: '',
        goal: 'reported only',
        met: true,
      }),
      figure({
        figure: 'offline changes lost / applied twice',
        value: lost + duplicated,
        unit: `(lost ${lost}, twice ${duplicated}, rejected ${rejected})`,
        floor: null,
        floorLabel: '',
        goal: '0 lost, 0 duplicated',
        met: lost === 0 && duplicated === 0,
      }),
    ];
  } finally {
    await terminal?.close();
    await cloud?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
