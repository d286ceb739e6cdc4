// Events retention with archived history (issue 27). Events older than EVENTS_HOT_RETENTION_MS move
// from the hot table to events_archive, and every reader of old events finds them there: a
// terminal's catch-up from an old cursor, the activity feed's pages, the organization's export and
// a guest's erasure. The clock moves forward instead of waiting a month. One database for the file;
// the tests follow one venue's history in order.
import { ADMIN_MESSAGES, EVENTS_HOT_RETENTION_MS } from '@tablewise/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveToArchive } from '../repositories/events-archive.js';
import { type Client, type Harness, loginAs, pairTerminal, type Reply, startHarness } from '../testkit/harness.js';
import { archiveOldEvents } from './events-archive.js';

const DAY_MS = 86_400_000;
const BATCH = 3;
const INTERVAL_MS = 60_000;
const ERIN = { name: 'Erin Archived', phone: '+1 (555) 010-7777', email: 'erin.archived@example.test' };
const FAY = { name: 'Fay Midmove', phone: '+1 (555) 010-8888', id: '' };

let h: Harness;
let terminal: Client;
/** The venue's last seq among the events made 40 days before the archive job runs. */
let oldThrough: number;
/** The venue's last seq among those made 34 days before it (inside the window). */
let youngThrough: number;

const db = () => h.database.db;
const venueId = () => h.fixture.a.venueId;
const eventSeq = async (id = venueId()) => Number((await db()('venues').where({ id }).first('event_seq')).event_seq);
const seqsOf = async (table: string, id = venueId()) =>
  (await db()(table).where({ venue_id: id }).orderBy('seq').select('seq')).map((r) => Number(r.seq));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Moves the clock by `ms` (the job's interval and the retention window are measured by it). */
const advance = (ms: number) => {
  h.clock.offsetMs += ms;
};

/** Until a session of the test's database waits for a row lock (10 s at most). */
async function untilOneWaitsForALock(): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db().raw(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows[0].n > 0) return;
    if (Date.now() > until) throw new Error('nobody waited for the rows being moved');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function joinWaitlist(client: Client, name: string, contact: { phone?: string; email?: string } = {}) {
  const reply = await client.post('/api/waitlist', { name, partySize: 2, ...contact });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

beforeAll(async () => {
  h = await startHarness({ eventsArchive: { batch: BATCH, maxBatches: 1_000, intervalMs: INTERVAL_MS } });
  terminal = (await pairTerminal(h.cloud.url, h.fixture.a.managerEmail)).client;
  // Day 0: the venue's old service, a guest who will ask to be forgotten among it, and one at the
  // other organization's venue.
  let manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  await joinWaitlist(manager, ERIN.name, { phone: ERIN.phone, email: ERIN.email });
  for (let i = 0; i < 6; i++) await joinWaitlist(manager, `Old party ${i}`);
  // Both venues have two batches and more, so a run cut at two batches moves six whichever
  // venue it starts with.
  const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
  for (let i = 0; i < 2 * BATCH; i++) await joinWaitlist(beta, `Beta old party ${i}`);
  oldThrough = await eventSeq();
  // Day 6: service inside the window once the job runs on day 40.
  advance(6 * DAY_MS);
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  for (let i = 0; i < 3; i++) await joinWaitlist(manager, `Young party ${i}`);
  youngThrough = await eventSeq();
  advance(34 * DAY_MS);
});
afterAll(async () => {
  await h?.close();
});

describe('the events archive job', () => {
  it('has the columns of events, in their order', async () => {
    const columns = async (table: string) =>
      (
        await db().raw(
          'select column_name, data_type from information_schema.columns where table_name = ? order by ordinal_position',
          [table],
        )
      ).rows;
    expect(await columns('events_archive')).toEqual(await columns('events'));
  });

  it('moves only events older than the window, in batches, oldest first', async () => {
    expect(oldThrough).toBeGreaterThan(2 * BATCH);
    expect(await eventSeq(h.fixture.b.venueId)).toBeGreaterThanOrEqual(2 * BATCH);
    const cutoff = new Date(h.clock.now().getTime() - EVENTS_HOT_RETENTION_MS);
    const old = Number((await db()('events').where('created_at', '<', cutoff).count('* as n').first())?.n);
    // Two batches of three, then the run stops: the next run takes the rest.
    const moved = await archiveOldEvents(
      { db: db(), now: () => h.clock.now() },
      { batch: BATCH, maxBatches: 2, intervalMs: INTERVAL_MS },
    );
    expect(moved).toBe(2 * BATCH);
    // Each venue's archive is the oldest of its numbers, and its hot table the rest.
    const archived = (await db()('events_archive').count('* as n').first())?.n;
    expect(Number(archived)).toBe(2 * BATCH);
    for (const id of [h.fixture.a.venueId, h.fixture.b.venueId]) {
      const cold = await seqsOf('events_archive', id);
      const hot = await seqsOf('events', id);
      expect([...cold, ...hot]).toEqual(range(1, await eventSeq(id)));
    }
    // Not due again within its interval.
    expect(await h.cloud.archiveEvents()).toBe(-1);
    advance(INTERVAL_MS);
    // Two instances at once: one runs, the other finds the interval's run taken.
    const second = await h.startAnother();
    const runs = await Promise.all([h.cloud.archiveEvents(), second.archiveEvents()]);
    expect(runs.sort((x, y) => x - y)).toEqual([-1, old - 2 * BATCH]);
    expect(await seqsOf('events_archive')).toEqual(range(1, oldThrough));
    expect(await seqsOf('events')).toEqual(range(oldThrough + 1, youngThrough));
    expect(Number((await db()('events').where('created_at', '<', cutoff).count('* as n').first())?.n)).toBe(0);
    // A run with nothing old left moves nothing.
    advance(INTERVAL_MS);
    expect(await h.cloud.archiveEvents()).toBe(0);
  });
});

describe('readers of old events', () => {
  it('a terminal catches up from a cursor older than the window, every event in order without a gap', async () => {
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const reply = await terminal.get(`/api/sync/events?after=${after}&limit=4`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      seen.push(...reply.body.events.map((e: { seq: number }) => e.seq));
      after = reply.body.lastSeq;
      if (!reply.body.hasMore) break;
    }
    expect(seen).toEqual(range(1, youngThrough));
    // A page that starts in the archive and ends in the hot table.
    const across = await terminal.get(`/api/sync/events?after=${oldThrough - 2}&limit=4`);
    expect(across.body.events.map((e: { seq: number }) => e.seq)).toEqual(range(oldThrough - 1, oldThrough + 2));
  });

  it('the activity feed pages on past the window, newest first', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const pageThrough = async (type?: string) => {
      const seen: number[] = [];
      let before: string | null = null;
      do {
        const query = new URLSearchParams({ limit: '4', ...(type ? { type } : {}), ...(before ? { before } : {}) });
        const reply = await manager.get(`/api/events?${query}`);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        seen.push(...reply.body.map((e: { seq: number }) => e.seq));
        before = reply.headers.get('x-next-before');
      } while (before);
      return seen;
    };
    expect(await pageThrough()).toEqual(range(1, youngThrough).reverse());
    const waitlist = await db()('events_all')
      .where({ venue_id: venueId() })
      .where('type', 'like', 'waitlist.%')
      .orderBy('seq', 'desc')
      .pluck('seq');
    expect(waitlist.length).toBeGreaterThan(3);
    expect(await pageThrough('waitlist')).toEqual(waitlist.map(Number));
  });

  it("the organization's export holds its archived events, each once", async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const managerRow = await db()('users').where({ email: h.fixture.a.managerEmail }).first();
    await db()('user_roles')
      .where({ user_id: managerRow.id, organization_id: h.fixture.a.orgId })
      .update({ role: 'OWNER' });
    const reply = await fetch(`${h.cloud.url}/api/organizations/${h.fixture.a.orgId}/export`, {
      headers: { cookie: manager.cookieHeader() },
    });
    expect(reply.status).toBe(200);
    const files = unzipSync(new Uint8Array(await reply.arrayBuffer()));
    const events = JSON.parse(strFromU8(files['events.json'] ?? new Uint8Array())) as {
      venue_id: string;
      seq: number;
      org_id: string;
    }[];
    expect(events.every((e) => e.org_id === h.fixture.a.orgId)).toBe(true);
    expect(events.map((e) => Number(e.seq))).toEqual(range(1, await eventSeq()));
    expect(JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())).files.events).toBe(events.length);
  });

  it("erasing a guest's data scrubs the archived events that named them", async () => {
    const named = async () =>
      JSON.stringify(
        (
          await db()('events_archive').where({ venue_id: venueId() }).whereRaw('payload_json::text like ?', ['%Erin%'])
        ).map((e) => e.payload_json),
      );
    expect(await named()).toContain(ERIN.phone);
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const reply = await manager.post('/api/guest-data/erase', { phone: ERIN.phone, reason: 'asked by mail' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ erased: true, waitlistEntries: 1 });
    expect(reply.body.events).toBeGreaterThan(0);
    const archived = JSON.stringify(
      (await db()('events_archive').where({ venue_id: venueId() })).map((e) => e.payload_json),
    );
    expect(archived).not.toContain(ERIN.name);
    expect(archived).not.toContain(ERIN.phone);
    expect(archived).not.toContain(ERIN.email);
    expect(archived).toContain(ADMIN_MESSAGES.erasedGuestName);
    expect(archived).toContain('Old party 0');
  });

  it('an erasure that meets a batch being moved waits for it and scrubs the batch in the archive', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    FAY.id = await joinWaitlist(manager, FAY.name, { phone: FAY.phone });
    const through = await eventSeq();
    const mover = await db().transaction();
    let erasing: Promise<Reply> | undefined;
    try {
      // The job's statement, its transaction not yet committed: Fay's events are on their way.
      expect(await moveToArchive(mover, venueId(), through, 10_000)).toBeGreaterThan(0);
      erasing = manager.post('/api/guest-data/erase', { phone: FAY.phone });
      await untilOneWaitsForALock();
      await mover.commit();
    } catch (error) {
      await mover.rollback();
      throw error;
    }
    const reply = await erasing;
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.events).toBeGreaterThan(0);
    const archived = JSON.stringify(
      (await db()('events_archive').where({ venue_id: venueId() })).map((e) => e.payload_json),
    );
    expect(archived).toContain(FAY.id);
    expect(archived).not.toContain(FAY.name);
    expect(archived).not.toContain(FAY.phone);
  });

  it('numbering goes on without a gap once every event of the venue is archived', async () => {
    advance(40 * DAY_MS);
    expect(await h.cloud.archiveEvents()).toBeGreaterThan(0);
    expect(await seqsOf('events')).toEqual([]);
    const last = await eventSeq();
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    await joinWaitlist(manager, 'New party');
    const next = await eventSeq();
    expect(await seqsOf('events')).toEqual(range(last + 1, next));
    const reply = await terminal.get(`/api/sync/events?after=${last - 1}&limit=100`);
    expect(reply.body.events.map((e: { seq: number }) => e.seq)).toEqual(range(last, next));
    expect([...(await seqsOf('events_archive')), ...(await seqsOf('events'))]).toEqual(range(1, next));
  });

  it("an organization's delete takes its venues' archived events with it", async () => {
    const beta = h.fixture.b.venueId;
    expect((await seqsOf('events_archive', beta)).length).toBeGreaterThan(0);
    await db()('organizations').where({ id: h.fixture.b.orgId }).del();
    expect(await seqsOf('events_archive', beta)).toEqual([]);
  });
});
