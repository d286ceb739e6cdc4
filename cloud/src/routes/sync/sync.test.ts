import { EventsAfterAnswer, SnapshotAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDatabaseEpoch } from '../../repositories/database-epoch.js';
import {
  Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../testkit/harness.js';

let h: Harness;
let terminal: Client;
beforeAll(async () => {
  h = await startHarness();
  ({ client: terminal } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail));
  const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
  await guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
  });
});
afterAll(async () => {
  await h?.close();
});

describe('sync for terminals', () => {
  it('answers a snapshot whose seq is the venue sequence it reflects', async () => {
    const reply = await terminal.get('/api/sync/snapshot');
    expect(reply.status).toBe(200);
    const snapshot = SnapshotAnswer.parse(reply.body);
    const venue = await h.database.db('venues').where({ id: h.fixture.a.venueId }).first();
    expect(snapshot.seq).toBe(Number(venue.event_seq));
    expect(snapshot.seq).toBe(3);
    expect(snapshot.venue.id).toBe(h.fixture.a.venueId);
    expect(snapshot.tables.find((t) => t.name === 'Table 1')?.state).toBe('OCCUPIED');
    expect(snapshot.menuItems).toHaveLength(5);
    expect(snapshot.orders).toHaveLength(1);
    expect(snapshot.orders[0]?.items[0]?.menuItemName).toBe('Lemonade');
  });

  it('pages the events after a cursor, in sequence order', async () => {
    const first = EventsAfterAnswer.parse((await terminal.get('/api/sync/events?after=0&limit=2')).body);
    expect(first.events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'table.state.changed'],
      [2, 'guest.checkedin'],
    ]);
    expect(first).toMatchObject({ lastSeq: 2, hasMore: true });
    const rest = EventsAfterAnswer.parse((await terminal.get(`/api/sync/events?after=${first.lastSeq}`)).body);
    expect(rest.events.map((e) => e.type)).toEqual(['order.created']);
    expect(rest).toMatchObject({ lastSeq: 3, hasMore: false });
    const none = EventsAfterAnswer.parse((await terminal.get('/api/sync/events?after=3')).body);
    expect(none).toEqual({ epoch: first.epoch, events: [], lastSeq: 3, hasMore: false });
  });

  it("carries the database's epoch in the snapshot, the events and the socket's hello, renewed after a restore", async () => {
    const { epoch } = await h.database.db('database_epoch').first('epoch');
    expect(SnapshotAnswer.parse((await terminal.get('/api/sync/snapshot')).body).epoch).toBe(epoch);
    expect(EventsAfterAnswer.parse((await terminal.get('/api/sync/events?after=0')).body).epoch).toBe(epoch);
    const socket = await LiveSocket.open(h.cloud.url, {
      headers: { authorization: terminal.headers.authorization ?? '' },
    });
    expect(await socket.next((m) => m.type === 'hello')).toMatchObject({ type: 'hello', epoch });
    await socket.close();

    const renewed = await renewDatabaseEpoch(h.database.db);
    expect(renewed).not.toBe(epoch);
    expect(SnapshotAnswer.parse((await terminal.get('/api/sync/snapshot')).body).epoch).toBe(renewed);
    expect(EventsAfterAnswer.parse((await terminal.get('/api/sync/events?after=3')).body).epoch).toBe(renewed);
  });

  it('answers 400 naming the field for a bad cursor, and 401 without a principal', async () => {
    const bad = await terminal.get('/api/sync/events?after=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('after');
    expect((await new Client(h.cloud.url).get('/api/sync/snapshot')).status).toBe(401);
  });

  it("shows another organization none of this venue's events", async () => {
    const { client: beta } = await pairTerminal(h.cloud.url, h.fixture.b.managerEmail);
    const answer = EventsAfterAnswer.parse((await beta.get('/api/sync/events?after=0')).body);
    expect(answer.events).toEqual([]);
    expect(SnapshotAnswer.parse((await beta.get('/api/sync/snapshot')).body).seq).toBe(0);
  });
});
