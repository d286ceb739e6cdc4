// GET /api/order-items, /api/checkin and /api/checkout against a real cloud (issue 23; spec 1
// section 7 declares them): the venue's own rows only, newest first, with their filters and window;
// bad filters are a 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let other: Client;
let sessions: string[];
let order: { id: string; drink: string; fries: string };
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  other = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
  const first = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
  const second = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string, 3);
  await checkInGuest(h.cloud.url, other, h.fixture.b.tableIds[0] as string);
  sessions = [first.sessionId, second.sessionId];
  const reply = await first.guest.post('/api/orders', {
    sessionId: first.sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
      { menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer', specialInstructions: 'extra salt' },
    ],
  });
  expect(reply.status).toBe(201);
  order = { id: reply.body.id, drink: reply.body.items[0].id, fries: reply.body.items[1].id };
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/order-items', () => {
  it("answers the venue's items with the spec's fields, and no other venue's", async () => {
    const reply = await staff.get('/api/order-items');
    expect(reply.status).toBe(200);
    expect(reply.body.map((i: { id: string }) => i.id).sort()).toEqual([order.drink, order.fries].sort());
    expect(reply.body.find((i: { id: string }) => i.id === order.drink)).toMatchObject({
      orgId: h.fixture.a.orgId,
      venueId: h.fixture.a.venueId,
      orderId: order.id,
      menuItemId: h.fixture.a.menu.lemonade,
      quantity: 2,
      unitPrice: '3.50',
      totalPrice: '7.00',
      notes: null,
      sessionId: sessions[0],
      tableId: h.fixture.a.tableIds[0],
      tableName: 'Table 1',
    });
    expect((await other.get('/api/order-items')).body.map((i: { orderId: string }) => i.orderId)).not.toContain(
      order.id,
    );
  });

  it('filters by state, order, station and time, and refuses a state it does not know', async () => {
    const drinkState = (await staff.get('/api/order-items')).body.find((i: { id: string }) => i.id === order.drink)
      .status as string;
    const ids = async (query: string) =>
      ((await staff.get(`/api/order-items?${query}`)).body as { id: string }[]).map((i) => i.id);
    expect(await ids(`status=${drinkState}`)).toContain(order.drink);
    expect(await ids('station=Fry')).toEqual([order.fries]);
    expect(await ids(`orderId=${order.id}&limit=1`)).toHaveLength(1);
    expect(await ids(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    const bad = await staff.get('/api/order-items?status=EATEN');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/);
  });
});

describe('GET /api/checkin and /api/checkout', () => {
  it('lists recent check-ins newest first, and check-outs once a party has left', async () => {
    const checkins = await staff.get('/api/checkin');
    expect(checkins.status).toBe(200);
    expect(checkins.body.map((v: { sessionId: string }) => v.sessionId)).toEqual([...sessions].reverse());
    expect(checkins.body[0]).toMatchObject({
      tableId: h.fixture.a.tableIds[1],
      tableName: 'Table 2',
      partySize: 3,
      guestName: 'Ada',
      status: 'ACTIVE',
      checkoutTime: null,
    });
    expect((await staff.get('/api/checkout')).body).toEqual([]);

    // The party at table 1 leaves (as the exit closes its session).
    const closedAt = new Date();
    await h.database.db('sessions').where({ id: sessions[0] }).update({ status: 'CLOSED', closed_at: closedAt });
    const checkouts = await staff.get('/api/checkout');
    expect(checkouts.body).toEqual([
      expect.objectContaining({ sessionId: sessions[0], checkoutTime: closedAt.toISOString(), status: 'CLOSED' }),
    ]);
    expect((await other.get('/api/checkout')).body).toEqual([]);
  });

  it('looks back a day, or from `since`; a bad time is a 400', async () => {
    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await staff.get(`/api/checkin?since=${later}`)).body).toEqual([]);
    expect((await staff.get('/api/checkin?limit=1')).body).toHaveLength(1);
    expect((await staff.get('/api/checkin?since=yesterday')).status).toBe(400);
    // A guest's cookie is not staff.
    const { guest } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    expect((await guest.get('/api/checkin')).status).toBe(401);
  });
});
