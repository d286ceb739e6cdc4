// Probe finding 2 of issue 27: an old photo of a table's QR code joined whoever sat there, read the
// party's name, bill and orders, and ordered onto its tab. A phone that joins a party already seated
// now gets a cookie of its own and sees nothing of the party, nor orders, until a phone of the party
// or staff let it in; it may pay the bill (the amount, not what was ordered). Refusals (another
// organization's ids, another party's phone, answering twice, a forged cookie) change nothing.
import { randomUUID } from 'node:crypto';
import { GUEST_SESSION_COOKIE, MESSAGES, PartyPhone } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGuestCookie } from '../../security/tokens.js';
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
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;

/** A party seated at `tableIndex` by its code, with an order; and the code, as an old photo keeps it. */
async function seatedParty(tableIndex: number) {
  const tableId = h.fixture.a.tableIds[tableIndex] as string;
  await db()('sessions')
    .where({ table_id: tableId, status: 'ACTIVE' })
    .update({ status: 'CLOSED', closed_at: new Date() });
  await db()('tables').where({ id: tableId }).update({ state: 'EMPTY' });
  const party = await checkInGuest(h.cloud.url, staff, tableId);
  const order = await party.guest.post(
    '/api/orders',
    { sessionId: party.sessionId, items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' }] },
    { key: randomUUID() },
  );
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { ...party, tableId };
}

/** A phone with the photo of the table's code checks in while the party sits there. */
async function photoJoins(tableId: string, token: string) {
  const photo = new Client(h.cloud.url);
  const reply = await photo.post('/api/guest/checkin', { guestName: 'Old Photo', partySize: 2, tableId, token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body).toMatchObject({ joinPending: true });
  return { photo, phoneId: reply.body.phoneId as string, sessionId: reply.body.sessionId as string };
}

async function expectSeesNothing(photo: Client, sessionId: string, message: string) {
  for (const path of ['/api/guest/session', '/api/guest/orders', '/api/guest/phones']) {
    const reply = await photo.get(path);
    expect(reply.status, path).toBe(403);
    expect(reply.body).toEqual({ id: 'phone_not_approved', message });
  }
  const order = await photo.post(
    '/api/orders',
    { sessionId, items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }] },
    { key: randomUUID() },
  );
  expect(order.status).toBe(403);
}

describe('a phone joining a party already seated', () => {
  it('sees nothing of the party and cannot order until a phone of the party lets it in; it may pay', async () => {
    const party = await seatedParty(0);
    const ordersBefore = await db()('orders').where({ session_id: party.sessionId }).count({ n: '*' });
    const { photo, phoneId, sessionId } = await photoJoins(party.tableId, party.token);
    expect(sessionId).toBe(party.sessionId);
    // Its own cookie, not the party's.
    expect(photo.cookies.get(GUEST_SESSION_COOKIE)).not.toBe(party.guest.cookies.get(GUEST_SESSION_COOKIE));
    await expectSeesNothing(photo, sessionId, MESSAGES.phoneWaitsForParty);
    expect(await db()('orders').where({ session_id: party.sessionId }).count({ n: '*' })).toEqual(ordersBefore);
    expect(PartyPhone.parse((await photo.get('/api/guest/phone')).body.phone)).toMatchObject({
      id: phoneId,
      status: 'PENDING',
    });
    // The bill's amount, to pay; not what the party ordered.
    const bill = await photo.get(`/api/orders/payment/${sessionId}`);
    expect(bill.status).toBe(200);
    expect(bill.body.items).toEqual([]);
    expect(bill.body.orderIds).toEqual([]);
    expect(bill.body.total).toBe((await party.guest.get(`/api/orders/payment/${sessionId}`)).body.total);

    // The party's phone hears it live, sees it and lets it in.
    const socket = await LiveSocket.open(h.cloud.url, { cookie: party.guest.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    socket.send({ type: 'subscribe', after: 0 });
    await socket.next((m) => m.type === 'party.phone.updated' && m.phone.id === phoneId);
    await socket.close();
    const asking = (await party.guest.get('/api/guest/phones')).body.phones as PartyPhone[];
    expect(asking.map((p) => p.id)).toEqual([phoneId]);
    const letIn = await party.guest.post(
      `/api/guest/phones/${phoneId}/decision`,
      { approve: true },
      { key: randomUUID() },
    );
    expect(letIn.status, JSON.stringify(letIn.body)).toBe(200);
    expect(letIn.body.status).toBe('APPROVED');

    expect((await photo.get('/api/guest/orders')).body).toHaveLength(1);
    const order = await photo.post(
      '/api/orders',
      { sessionId, items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }] },
      { key: randomUUID() },
    );
    expect(order.status).toBe(201);
    // Answered once.
    const again = await party.guest.post(
      `/api/guest/phones/${phoneId}/decision`,
      { approve: false },
      { key: randomUUID() },
    );
    expect(again.status).toBe(409);
  });

  it('staff turn a phone away: it stays out and may not pay either', async () => {
    const party = await seatedParty(1);
    const { photo, phoneId, sessionId } = await photoJoins(party.tableId, party.token);
    const waiting = (await staff.get('/api/phone-joins')).body.phones as PartyPhone[];
    expect(waiting.map((p) => p.id)).toContain(phoneId);
    const away = await staff.post(`/api/phone-joins/${phoneId}/decision`, { approve: false }, { key: randomUUID() });
    expect(away.status).toBe(200);
    expect((await photo.get('/api/guest/phone')).body.phone.status).toBe('DECLINED');
    await expectSeesNothing(photo, sessionId, MESSAGES.phoneDeclined);
    expect((await photo.get(`/api/orders/payment/${sessionId}`)).status).toBe(403);
    expect(((await staff.get('/api/phone-joins')).body.phones as PartyPhone[]).map((p) => p.id)).not.toContain(phoneId);
  });

  it("refuses another organization's staff, another party's phone, a waiting phone and a forged cookie", async () => {
    const party = await seatedParty(2);
    const { photo, phoneId, sessionId } = await photoJoins(party.tableId, party.token);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect(
      (await beta.post(`/api/phone-joins/${phoneId}/decision`, { approve: true }, { key: randomUUID() })).status,
    ).toBe(404);
    expect((await beta.get('/api/phone-joins')).body.phones).toEqual([]);
    const other = await seatedParty(0);
    expect(
      (await other.guest.post(`/api/guest/phones/${phoneId}/decision`, { approve: true }, { key: randomUUID() }))
        .status,
    ).toBe(404);
    // A second old photo cannot let the first in.
    const second = await photoJoins(party.tableId, party.token);
    expect(
      (await second.photo.post(`/api/guest/phones/${phoneId}/decision`, { approve: true }, { key: randomUUID() }))
        .status,
    ).toBe(403);
    // A cookie naming this party's session with a phone of another party's is no cookie at all.
    const forged = new Client(h.cloud.url);
    forged.cookies.set(GUEST_SESSION_COOKIE, signGuestCookie('not-the-secret', sessionId, phoneId));
    expect((await forged.get('/api/guest/orders')).status).toBe(401);
    const crossed = new Client(h.cloud.url);
    crossed.cookies.set(GUEST_SESSION_COOKIE, signGuestCookie(TEST_SECRET, other.sessionId, phoneId));
    expect((await crossed.get('/api/guest/orders')).status).toBe(401);
    expect((await db()('party_phones').where({ id: phoneId }).first()).status).toBe('PENDING');
    expect((await photo.get('/api/guest/phone')).body.phone.status).toBe('PENDING');
  });
});
