// Issue 27, finding 1: "host approves self-seating during a rush". With the venue's setting on, a
// guest's confirmation of a held table waits for the host, the table held meanwhile; the host's
// Approve seats the party, Decline frees the table; the guest's page hears the answer live. Refusals
// (another organization's ids, a request answered already, a guest at the staff calls) change nothing.
import { randomUUID } from 'node:crypto';
import {
  ConfirmTableAnswer,
  MESSAGES,
  SEAT_REQUEST_WAIT_MS,
  SeatRequestsAnswer,
  TableRequest,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, entranceCode, type Harness, LiveSocket, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let host: Client;
let entrance: string;
beforeAll(async () => {
  h = await startHarness({ holdSweepIntervalMs: 3_600_000 });
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  entrance = (await entranceCode(h.cloud.url, h.fixture.a.managerEmail)).token;
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;

/** A free table of venue A for one test. */
async function addTable(): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const number = `R${id.slice(0, 6)}`;
  await db()('tables').insert({
    id,
    org_id: h.fixture.a.orgId,
    venue_id: h.fixture.a.venueId,
    number,
    name: `Table ${number}`,
    capacity: 4,
    capacity_max: 4,
    zone: 'Patio',
    is_accessible: false,
    has_view: false,
    x_position: 100,
    y_position: 100,
    state: 'EMPTY',
  });
  return { id, name: `Table ${number}` };
}

/** A walk-in who holds `tableId` and confirms it: the confirmation's reply. */
async function guestConfirms(tableId: string) {
  const guest = new Client(h.cloud.url);
  const checkin = await guest.post('/api/guest/checkin', {
    guestName: 'Rush',
    partySize: 2,
    venueId: h.fixture.a.venueId,
    token: entrance,
  });
  expect(checkin.status, JSON.stringify(checkin.body)).toBe(200);
  expect((await guest.post('/api/guest/hold-table', { tableId })).status).toBe(200);
  const confirmed = await guest.post('/api/guest/confirm-table', { tableId }, { key: randomUUID() });
  return { guest, sessionId: checkin.body.sessionId as string, confirmed };
}

async function setApproval(hostApproves: boolean) {
  const reply = await host.request('PUT', '/api/seat-requests/approval', { body: { hostApproves }, key: randomUUID() });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

describe('the host approves self-seating', () => {
  it('is off by default; staff turn it on and off; a guest and bad input are refused', async () => {
    const read = async (as: Client) => SeatRequestsAnswer.parse((await as.get('/api/seat-requests')).body);
    expect((await read(host)).hostApproves).toBe(false);
    await setApproval(true);
    expect((await read(host)).hostApproves).toBe(true);
    const event = await db()('events')
      .where({ venue_id: h.fixture.a.venueId, type: 'seating.approval.changed' })
      .first();
    expect(event).toBeDefined();
    // Another organization's venue keeps its own setting.
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await read(beta)).hostApproves).toBe(false);

    const { guest } = await guestConfirms((await addTable()).id);
    expect((await guest.request('PUT', '/api/seat-requests/approval', { body: { hostApproves: false } })).status).toBe(
      401,
    );
    expect((await guest.get('/api/seat-requests')).status).toBe(401);
    const bad = await host.request('PUT', '/api/seat-requests/approval', {
      body: { hostApproves: 'yes' },
      key: randomUUID(),
    });
    expect(bad.status).toBe(400);
    expect((await read(host)).hostApproves).toBe(true);
    await setApproval(false);
    expect((await read(host)).hostApproves).toBe(false);
  });

  it("makes a guest's confirmation wait with the table held; Approve seats the party, live on the phone", async () => {
    await setApproval(true);
    try {
      const table = await addTable();
      const { guest, sessionId, confirmed } = await guestConfirms(table.id);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const answer = ConfirmTableAnswer.parse(confirmed.body);
      expect(answer).toMatchObject({ awaitingHost: true, tableId: table.id });
      const held = await db()('tables').where({ id: table.id }).first();
      expect(held).toMatchObject({ state: 'HOLD_SOFT', held_by_session_id: sessionId });
      expect(held.hold_expires_at.getTime()).toBeGreaterThan(Date.now() + SEAT_REQUEST_WAIT_MS - 60_000);
      expect((await db()('sessions').where({ id: sessionId }).first()).table_id).toBeNull();

      const mine = TableRequest.parse((await guest.get('/api/guest/seat-request')).body.request);
      expect(mine).toMatchObject({ id: answer.requestId, status: 'PENDING', tableName: table.name });
      const list = SeatRequestsAnswer.parse((await host.get('/api/seat-requests')).body);
      expect(list.requests.map((r) => r.id)).toContain(answer.requestId);

      const phone = await LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() });
      await phone.next((m) => m.type === 'hello');
      phone.send({ type: 'subscribe' });
      const approved = await host.post(
        `/api/seat-requests/${answer.requestId}/decision`,
        { approve: true },
        { key: randomUUID() },
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(TableRequest.parse(approved.body).status).toBe('APPROVED');
      await phone.next((m) => m.type === 'seat.request.updated' && m.request.status === 'APPROVED');
      await phone.next((m) => m.type === 'guest.checkedin' && m.session.id === sessionId);
      await phone.close();
      expect(await db()('tables').where({ id: table.id }).first()).toMatchObject({
        state: 'OCCUPIED',
        held_by_session_id: null,
      });
      expect((await db()('sessions').where({ id: sessionId }).first()).table_id).toBe(table.id);
      expect((await guest.get('/api/guest/session')).body.session.tableId).toBe(table.id);

      // Answered once: a second answer is refused and changes nothing.
      const again = await host.post(
        `/api/seat-requests/${answer.requestId}/decision`,
        { approve: false },
        { key: randomUUID() },
      );
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ id: 'seat_request_closed', message: MESSAGES.seatRequestClosed('APPROVED') });
      expect((await db()('tables').where({ id: table.id }).first()).state).toBe('OCCUPIED');
    } finally {
      await setApproval(false);
    }
  });

  it('frees the table on Decline; the guest reads the answer and may choose again', async () => {
    await setApproval(true);
    try {
      const table = await addTable();
      const { guest, sessionId, confirmed } = await guestConfirms(table.id);
      const requestId = ConfirmTableAnswer.parse(confirmed.body).requestId as string;
      const declined = await host.post(
        `/api/seat-requests/${requestId}/decision`,
        { approve: false },
        { key: randomUUID() },
      );
      expect(declined.status).toBe(200);
      expect(await db()('tables').where({ id: table.id }).first()).toMatchObject({
        state: 'EMPTY',
        held_by_session_id: null,
      });
      expect((await db()('sessions').where({ id: sessionId }).first()).table_id).toBeNull();
      expect((await guest.get('/api/guest/seat-request')).body.request).toMatchObject({
        id: requestId,
        status: 'DECLINED',
      });
      expect((await guest.post('/api/guest/hold-table', { tableId: table.id })).status).toBe(200);
    } finally {
      await setApproval(false);
    }
  });

  it("refuses another organization's staff and unknown ids, and a guest's cancel withdraws the request", async () => {
    await setApproval(true);
    try {
      const table = await addTable();
      const { guest, confirmed } = await guestConfirms(table.id);
      const requestId = ConfirmTableAnswer.parse(confirmed.body).requestId as string;
      const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
      const theirs = await beta.post(
        `/api/seat-requests/${requestId}/decision`,
        { approve: true },
        { key: randomUUID() },
      );
      expect(theirs.status).toBe(404);
      expect(SeatRequestsAnswer.parse((await beta.get('/api/seat-requests')).body).requests).toEqual([]);
      expect((await host.post(`/api/seat-requests/${randomUUID()}/decision`, { approve: true })).status).toBe(404);
      expect((await guest.post(`/api/seat-requests/${requestId}/decision`, { approve: true })).status).toBe(401);
      expect((await db()('tables').where({ id: table.id }).first()).state).toBe('HOLD_SOFT');

      expect((await guest.post('/api/guest/release-table', { tableId: table.id })).status).toBe(200);
      expect((await guest.get('/api/guest/seat-request')).body.request.status).toBe('CANCELLED');
      expect((await db()('tables').where({ id: table.id }).first()).state).toBe('EMPTY');
    } finally {
      await setApproval(false);
    }
  });

  it('expires a request nobody answered, and frees its table', async () => {
    await setApproval(true);
    try {
      const table = await addTable();
      const { guest, confirmed } = await guestConfirms(table.id);
      const requestId = ConfirmTableAnswer.parse(confirmed.body).requestId as string;
      h.clock.offsetMs += SEAT_REQUEST_WAIT_MS + 1_000;
      try {
        expect(await h.cloud.releaseExpiredHolds()).toBeGreaterThanOrEqual(2);
        expect((await guest.get('/api/guest/seat-request')).body.request.status).toBe('EXPIRED');
        expect((await db()('tables').where({ id: table.id }).first()).state).toBe('EMPTY');
        const late = await host.post(
          `/api/seat-requests/${requestId}/decision`,
          { approve: true },
          { key: randomUUID() },
        );
        expect(late.status).toBe(409);
      } finally {
        h.clock.offsetMs -= SEAT_REQUEST_WAIT_MS + 1_000;
      }
    } finally {
      await setApproval(false);
    }
  });
});
