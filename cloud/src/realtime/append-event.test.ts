// A venue's events commit in sequence order, with no gaps, under concurrent writers: whenever a
// reader sees seq M of a venue, it sees every seq from 1 to M. (The hub and the terminals' sync
// read "events after my cursor"; seq n+1 visible before n would make them skip n for good.)
import { randomUUID } from 'node:crypto';
import { GUEST_SESSION_COOKIE, IDEMPOTENCY_HEADER } from '@tablewise/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../context.js';
import { EVENTS_CHANNEL, parseEventsNotification } from '../repositories/events.js';
import { signGuestCookie } from '../security/tokens.js';
import { type Harness, startHarness, TEST_SECRET } from '../testkit/harness.js';
import { appendEvent, writeTransaction } from './append-event.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seqsOf(db: Db, venueId: string): Promise<number[]> {
  const rows: Array<{ seq: string | number }> = await db('events').where({ venue_id: venueId }).orderBy('seq');
  return rows.map((r) => Number(r.seq));
}

const contiguous = (seqs: readonly number[]) => seqs.every((s, i) => s === i + 1);

/**
 * Polls the venues' feeds until `stop` resolves; answers every snapshot that showed a seq without
 * all of the ones before it (none, when events commit in order), and how many snapshots it read.
 */
async function watchFeeds(venueIds: readonly string[], stop: Promise<unknown>) {
  let done = false;
  void stop.finally(() => {
    done = true;
  });
  // A connection of its own, so the reader never waits behind the writers for one.
  const reader = new pg.Client({ connectionString: h.database.url });
  await reader.connect();
  const broken: Array<{ venueId: string; seqs: number[] }> = [];
  let reads = 0;
  try {
    while (!done) {
      for (const venueId of venueIds) {
        const { rows } = await reader.query('select seq from events where venue_id = $1 order by seq', [venueId]);
        const seqs = rows.map((r: { seq: string }) => Number(r.seq));
        reads += 1;
        if (!contiguous(seqs)) broken.push({ venueId, seqs });
      }
    }
  } finally {
    await reader.end();
  }
  return { broken, reads };
}

describe('the venue feed under concurrent writers', () => {
  it('commits events in sequence order and without gaps, also when writes roll back', async () => {
    const { orgId, venueId, otherVenueId } = h.fixture.b;
    const venues = [venueId, otherVenueId];
    const event = (n: number) => ({ type: 'guest.checkedin', session: { n } }) as never;
    let committed = 0;
    const writers = Array.from({ length: 60 }, async (_, i) => {
      const venue = venues[i % 2] as string;
      const slow = Math.floor(Math.random() * 15);
      try {
        if (i % 3 === 0) {
          // Appended at once, then held open (numbered at its commit, as every write is).
          await h.database.db.transaction(async (trx) => {
            await appendEvent(trx, { orgId, venueId: venue, event: event(i) });
            await sleep(slow);
            if (i % 9 === 0) throw new Error('rolled back');
          });
        } else {
          // Handed over just before commit; two events of one write take consecutive numbers.
          await writeTransaction(h.database.db, async (trx) => {
            await appendEvent(trx, { orgId, venueId: venue, event: event(i) });
            await sleep(slow);
            await appendEvent(trx, { orgId, venueId: venue, event: event(i) });
            if (i % 7 === 0) throw new Error('rolled back');
          });
        }
        committed += i % 3 === 0 ? 1 : 2;
      } catch (error) {
        if ((error as Error).message !== 'rolled back') throw error;
      }
    });
    const { broken, reads } = await watchFeeds(venues, Promise.all(writers));
    await Promise.all(writers);

    expect(broken).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    const seqs = await Promise.all(venues.map((v) => seqsOf(h.database.db, v)));
    for (const s of seqs) expect(contiguous(s)).toBe(true);
    expect(seqs.flat()).toHaveLength(committed);
    const rows = await h.database.db('events').whereIn('venue_id', venues).select('seq', 'payload_json');
    for (const row of rows) expect(row.payload_json.seq).toBe(Number(row.seq));
    for (const v of venues) {
      const venue = await h.database.db('venues').where({ id: v }).first('event_seq');
      expect(Number(venue.event_seq)).toBe(Math.max(0, ...(await seqsOf(h.database.db, v))));
    }
  });

  it('gives guest orders placed at once in two venues gap-free numbers that commit in order', async () => {
    const { orgId, venueId, otherVenueId, tableIds, otherVenueTableId, menu } = h.fixture.a;
    await h.database.db('menu_items').insert({
      id: randomUUID(),
      org_id: orgId,
      venue_id: otherVenueId,
      name: 'Lemonade',
      price: '3.50',
      category: 'Drinks',
      station: 'Bar',
    });
    const otherLemonade = (await h.database.db('menu_items').where({ venue_id: otherVenueId }).first('id')).id;
    const seats = [
      { venueId, tableId: tableIds[0] as string, item: menu.lemonade },
      { venueId, tableId: tableIds[1] as string, item: menu.lemonade },
      { venueId: otherVenueId, tableId: otherVenueTableId, item: otherLemonade },
      { venueId: otherVenueId, tableId: otherVenueTableId, item: otherLemonade },
    ].map((seat) => ({ ...seat, sessionId: randomUUID() }));
    await h.database
      .db('sessions')
      .insert(
        seats.map((s) => ({ id: s.sessionId, org_id: orgId, venue_id: s.venueId, table_id: s.tableId, party_size: 2 })),
      );
    const before = await Promise.all([venueId, otherVenueId].map((v) => seqsOf(h.database.db, v)));

    // Below the guest rate limits: 20 orders per session, 80 from this address.
    const orders = seats.flatMap((seat) =>
      Array.from({ length: 20 }, async () => {
        const id = randomUUID();
        const res = await fetch(`${h.cloud.url}/api/orders`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `${GUEST_SESSION_COOKIE}=${signGuestCookie(TEST_SECRET, seat.sessionId)}`,
            [IDEMPOTENCY_HEADER]: id,
          },
          body: JSON.stringify({
            id,
            sessionId: seat.sessionId,
            items: [{ menuItemId: seat.item, quantity: 1, course: 'drink' }],
          }),
        });
        expect(res.status).toBe(201);
        return id;
      }),
    );
    const { broken } = await watchFeeds([venueId, otherVenueId], Promise.all(orders));
    const ids = await Promise.all(orders);

    expect(before.flat()).toEqual([]);
    expect(broken).toEqual([]);
    for (const v of [venueId, otherVenueId]) {
      const events = await h.database.db('events').where({ venue_id: v }).orderBy('seq');
      expect(events.map((e) => Number(e.seq))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      for (const e of events) expect(e.payload_json).toMatchObject({ type: 'order.created', seq: Number(e.seq) });
    }
    const created = await h.database.db('events').whereIn('venue_id', [venueId, otherVenueId]);
    expect(new Set(created.map((e) => e.payload_json.order.id))).toEqual(new Set(ids));
  });

  it('tells listeners on commit with the events themselves, or the venue alone when they are too large', async () => {
    const { orgId, venueId } = h.fixture.a;
    const listener = new pg.Client({ connectionString: h.database.url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (msg) => payloads.push(msg.payload ?? ''));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      const checkedIn = (note: string) => ({ type: 'guest.checkedin', session: { note } }) as never;
      await writeTransaction(h.database.db, async (trx) => {
        await appendEvent(trx, { orgId, venueId, event: checkedIn('small') });
        await appendEvent(trx, { orgId, venueId, event: checkedIn('also small') });
      });
      await writeTransaction(h.database.db, (trx) =>
        appendEvent(trx, { orgId, venueId, event: checkedIn('x'.repeat(9000)) }),
      );
      while (payloads.length < 2) await sleep(10);
      const [both, large] = payloads.map(parseEventsNotification);
      const rows = await h.database.db('events').where({ venue_id: venueId }).orderBy('seq').select('payload_json');
      expect(both).toEqual({ venueId, events: rows.slice(-3, -1).map((r) => r.payload_json) });
      expect(large).toEqual({ venueId, events: null });
    } finally {
      await listener.end();
    }
  });
});
