import { GUEST_SESSION_COOKIE, GuestCheckinAnswer, getGuestSession, MESSAGES, ScanAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signQrToken } from '../../security/tokens.js';
import {
  Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  startHarness,
  TEST_SECRET,
} from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
beforeAll(async () => {
  h = await startHarness({ publicUrl: 'https://dine.example' });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const eventsOf = (venueId: string) => h.database.db('events').where({ venue_id: venueId }).orderBy('seq');
/** The fixture's first organization's venue, by name. */
const venueNameA = 'Alpha Downtown';

describe('table QR codes and guest check-in', () => {
  it('gives staff a signed check-in URL for a table of their venue', async () => {
    const tableId = h.fixture.a.tableIds[0] as string;
    const reply = await staff.get(`/api/tables/${tableId}/qr`);
    expect(reply.status).toBe(200);
    const url = new URL(reply.body.url);
    expect(url.origin + url.pathname).toBe('https://dine.example/guest/checkin');
    expect(url.searchParams.get('tableId')).toBe(tableId);
    expect(url.searchParams.get('venueId')).toBe(h.fixture.a.venueId);
    expect(url.searchParams.get('token')).toBe(reply.body.token);
  });

  it("answers 404 for another organization's table", async () => {
    const reply = await staff.get(`/api/tables/${h.fixture.b.tableIds[0]}/qr`);
    expect(reply.status).toBe(404);
    expect((await new Client(h.cloud.url).get(`/api/tables/${h.fixture.a.tableIds[0]}/qr`)).status).toBe(401);
  });

  it('scans a table code given as the URL or as the bare token', async () => {
    const tableId = h.fixture.a.tableIds[1] as string;
    const qr = (await staff.get(`/api/tables/${tableId}/qr`)).body;
    for (const qrData of [qr.url, qr.token]) {
      const reply = await new Client(h.cloud.url).post('/api/guest/scan-table', { qrData, expectedTableId: tableId });
      expect(reply.status).toBe(200);
      const answer = ScanAnswer.parse(reply.body);
      // The table and the venue by name, for check-in to say where the guest is.
      expect(answer).toMatchObject({ success: true, tableId, tableName: 'Table 2', venueName: venueNameA });
      expect(answer.redirectUrl).toContain(`/guest/checkin?tableId=${tableId}`);
    }
    const entrance = await new Client(h.cloud.url).post('/api/guest/scan-entrance', { qrData: qr.url });
    expect(ScanAnswer.parse(entrance.body)).toMatchObject({ success: true, tableId, venueId: h.fixture.a.venueId });
    const wrong = await new Client(h.cloud.url).post('/api/guest/scan-table', {
      qrData: qr.token,
      expectedTableId: h.fixture.a.tableIds[0],
    });
    expect(wrong.body).toMatchObject({ success: false, error: MESSAGES.qrWrongTable });
    const forged = await new Client(h.cloud.url).post('/api/guest/scan-table', { qrData: `${qr.token}x` });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.invalidQrToken);
  });

  it('checks a party in: a session, the table OCCUPIED, two events, a guest cookie', async () => {
    const tableId = h.fixture.a.tableIds[0] as string;
    const before = (await eventsOf(h.fixture.a.venueId)).length;
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, tableId, 3);
    const session = await h.database.db('sessions').where({ id: sessionId }).first();
    expect(session).toMatchObject({
      table_id: tableId,
      party_size: 3,
      guest_name: 'Ada',
      status: 'ACTIVE',
      venue_id: h.fixture.a.venueId,
    });
    const table = await h.database.db('tables').where({ id: tableId }).first();
    expect(table).toMatchObject({ state: 'OCCUPIED', guest_count: 3, party_name: 'Ada' });
    const events = (await eventsOf(h.fixture.a.venueId)).slice(before);
    expect(events.map((e) => e.type)).toEqual(['table.state.changed', 'guest.checkedin']);
    expect(events[0].payload_json).toMatchObject({ tableId, state: 'OCCUPIED', seq: before + 1 });
    expect(guest.cookies.get(GUEST_SESSION_COOKIE)).toMatch(new RegExp(`^${sessionId}\\.`));

    const resumed = await guest.get('/api/guest/session');
    expect(resumed.status).toBe(200);
    expect(getGuestSession.answer.parse(resumed.body)).toMatchObject({
      session: { id: sessionId },
      tableName: 'Table 1',
      venueName: venueNameA,
    });
    // The venue's zone, for the guest's pages to show times on its clock (issue 22, item 12).
    expect(resumed.body.timeZone).toBe('UTC');
  });

  it('answers the check-in with the table confirmation redirect, and a repeat with the same answer', async () => {
    const tableId = h.fixture.a.tableIds[2] as string;
    const qr = (await staff.get(`/api/tables/${tableId}/qr`)).body;
    const body = { guestName: 'Lin', partySize: 2, tableId, venueId: h.fixture.a.venueId, token: qr.token };
    const first = await new Client(h.cloud.url).post('/api/guest/checkin', body, { key: 'checkin-lin-1' });
    const answer = GuestCheckinAnswer.parse(first.body);
    expect(answer).toMatchObject({ success: true, type: 'session_created', tableId, tableName: 'Table 3' });
    expect(answer.redirectUrl).toBe(`/guest/table-confirmation?sessionId=${answer.sessionId}&tableId=${tableId}`);
    const eventsAfterFirst = (await eventsOf(h.fixture.a.venueId)).length;
    const again = new Client(h.cloud.url);
    const second = await again.post('/api/guest/checkin', body, { key: 'checkin-lin-1' });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(again.cookies.get(GUEST_SESSION_COOKIE)).toMatch(new RegExp(`^${answer.sessionId}\\.`));
    expect(await h.database.db('sessions').where({ table_id: tableId })).toHaveLength(1);
    expect((await eventsOf(h.fixture.a.venueId)).length).toBe(eventsAfterFirst);
  });

  it('refuses a forged token, and a token whose table is not in its venue, changing nothing', async () => {
    const sessionsBefore = (await h.database.db('sessions')).length;
    const tableId = h.fixture.a.tableIds[1] as string;
    const forged = signQrToken('not-the-secret', { venueId: h.fixture.a.venueId, tableId, generation: 1 });
    const crossed = signQrToken(TEST_SECRET, {
      venueId: h.fixture.a.venueId,
      tableId: h.fixture.b.tableIds[0] as string,
      generation: 1,
    });
    for (const token of [forged, crossed, undefined]) {
      const reply = await new Client(h.cloud.url).post('/api/guest/checkin', {
        guestName: 'Eve',
        partySize: 2,
        tableId,
        token,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(MESSAGES.invalidQrToken);
    }
    // A valid token for one table cannot seat another.
    const valid = (await staff.get(`/api/tables/${tableId}/qr`)).body.token;
    const swapped = await new Client(h.cloud.url).post('/api/guest/checkin', {
      guestName: 'Eve',
      partySize: 2,
      tableId: h.fixture.a.tableIds[0],
      token: valid,
    });
    expect(swapped.status).toBe(400);
    expect((await h.database.db('sessions')).length).toBe(sessionsBefore);
  });

  it('answers 400 naming the field for a party size out of range', async () => {
    const tableId = h.fixture.a.tableIds[1] as string;
    const token = (await staff.get(`/api/tables/${tableId}/qr`)).body.token;
    const reply = await new Client(h.cloud.url).post('/api/guest/checkin', { partySize: 21, tableId, token });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(MESSAGES.invalidField('partySize', 'Party size must be at most 20'));
  });

  it('seats a party at its QR table only where the state machine lets a guest check in; else the guest chooses, changing that table not at all', async () => {
    const tableId = h.fixture.a.tableIds[1] as string;
    const { token } = (await staff.get(`/api/tables/${tableId}/qr`)).body;
    const checkIn = () =>
      new Client(h.cloud.url).post('/api/guest/checkin', {
        guestName: 'Sam',
        partySize: 2,
        tableId,
        venueId: h.fixture.a.venueId,
        token,
      });
    const inFuture = new Date(Date.now() + 60_000);
    // RESERVED was seatable by the old check-in; the host seats a reserved table, not a QR scan. A
    // table another guest holds stays theirs until the hold runs out.
    for (const [state, holdExpiresAt] of [
      ['RESERVED', null],
      ['CLEANING', null],
      ['QA_CHECK', null],
      ['HOLD', null],
      ['MAINTENANCE', null],
      ['HOLD_SOFT', inFuture],
    ] as const) {
      await h.database.db('tables').where({ id: tableId }).update({ state, hold_expires_at: holdExpiresAt });
      const before = await h.database.db('tables').where({ id: tableId }).first();
      const routed = await checkIn();
      expect(routed.status, state).toBe(200);
      expect(routed.body.type, state).not.toBe('session_created');
      expect(routed.body.tableId, state).toBeUndefined();
      expect(await h.database.db('tables').where({ id: tableId }).first(), state).toEqual(before);
      const session = await h.database.db('sessions').where({ id: routed.body.sessionId }).first();
      expect(session.table_id, state).toBeNull();
    }
    // A guest hold that ran out is a free table: the QR code seats the party there.
    await h.database
      .db('tables')
      .where({ id: tableId })
      .update({ state: 'HOLD_SOFT', hold_expires_at: new Date(0) });
    const seated = await checkIn();
    expect(seated.status).toBe(200);
    expect(seated.body).toMatchObject({ type: 'session_created', tableId });
    expect(await h.database.db('tables').where({ id: tableId }).first()).toMatchObject({
      state: 'OCCUPIED',
      party_name: 'Sam',
      hold_expires_at: null,
    });
  });

  it('answers 401 to the guest session call without a guest cookie, or with a forged one', async () => {
    const reply = await new Client(h.cloud.url).get('/api/guest/session');
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(MESSAGES.guestSessionRequired);
    const forger = new Client(h.cloud.url);
    const session = await h.database.db('sessions').first();
    forger.cookies.set(GUEST_SESSION_COOKIE, `${session.id}.forged`);
    expect((await forger.get('/api/guest/session')).status).toBe(401);
  });

  it("grants nothing to a closed session's cookie, and never joins a closed session at check-in", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const tableId = h.fixture.b.tableIds[1] as string;
    const { guest, sessionId, token } = await checkInGuest(h.cloud.url, beta, tableId);
    expect((await guest.get('/api/guest/session')).status).toBe(200);
    // Checkout and turnover close sessions (issue 11); here the database closes it.
    await h.database.db('sessions').where({ id: sessionId }).update({ status: 'CLOSED', closed_at: new Date() });

    for (const path of ['/api/guest/session', '/api/guest/orders']) {
      const reply = await guest.get(path);
      expect(reply.status, path).toBe(401);
      expect(reply.body.message, path).toBe(MESSAGES.guestSessionRequired);
    }
    const order = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.b.menu.lemonade, quantity: 1, course: 'drink' }],
    });
    expect(order.status).toBe(401);
    expect(await h.database.db('orders').where({ session_id: sessionId })).toHaveLength(0);
    await expect(LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() })).rejects.toThrow(
      'upgrade refused: 401',
    );

    // The table's code seats a new party once the table is free; it never reopens the old session.
    const body = { guestName: 'Next', partySize: 2, tableId, venueId: h.fixture.b.venueId, token };
    const whileOccupied = await new Client(h.cloud.url).post('/api/guest/checkin', body);
    expect(whileOccupied.status).toBe(200);
    expect(whileOccupied.body.type).not.toBe('session_created');
    expect(whileOccupied.body.sessionId).not.toBe(sessionId);
    await h.database.db('tables').where({ id: tableId }).update({ state: 'EMPTY' });
    const next = await new Client(h.cloud.url).post('/api/guest/checkin', body);
    expect(next.status).toBe(200);
    expect(next.body.sessionId).not.toBe(sessionId);
    expect((await h.database.db('sessions').where({ id: sessionId }).first()).status).toBe('CLOSED');
  });
});
