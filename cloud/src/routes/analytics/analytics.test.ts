// GET /api/analytics against a small venue worked by hand (issue 26): two parties, their orders,
// one paid in cash with a tip and one by card, a party seated from the waitlist and one that left.
// Every figure is checked to the cent against the sums below; the rollups the trigger keeps must
// match what a rebuild from the stored events gives.
import { Bill } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupStatements } from '../../db/migrations/0030_analytics_rollups.js';
import { Client, checkInGuest, type Harness, loginAs, payInFullByCard, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let manager: Client;
let from: string;

beforeAll(async () => {
  h = await startHarness({ payments: { demo: true } });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  from = new Date(h.clock.now().getTime() - 3_600_000).toISOString();
});
afterAll(async () => {
  await h?.close();
});

const range = () =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`;

async function order(guest: Client, sessionId: string, items: object[]) {
  const reply = await guest.post('/api/orders', { sessionId, items });
  expect(reply.status).toBe(201);
}

describe('GET /api/analytics', () => {
  it('answers the hand-worked venue to the cent, and the period before it as empty', async () => {
    // Party A, three guests at table 1: 2 lemonades (3.50) and a burger (12.50) = 19.50, tax 8.75 %
    // 1.70625 → 1.71, total 21.21; paid in cash with a 3.00 tip.
    const a = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string, 3);
    await order(a.guest, a.sessionId, [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
      {
        menuItemId: h.fixture.a.menu.burger,
        quantity: 1,
        course: 'main',
        modifiers: [{ groupId: 'temp', optionIds: ['rare'] }],
      },
    ]);
    const cash = await staff.post('/api/payments/take', { sessionId: a.sessionId, method: 'cash', tipAmount: '3.00' });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    // Party B, two guests at table 2: a burger 12.50, tax 1.09375 → 1.09, total 13.59; paid by card.
    const b = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string, 2);
    await order(b.guest, b.sessionId, [
      {
        menuItemId: h.fixture.a.menu.burger,
        quantity: 1,
        course: 'main',
        modifiers: [{ groupId: 'temp', optionIds: ['rare'] }],
      },
    ]);
    const { bill, paid } = await payInFullByCard(b.guest, b.sessionId);
    expect(Bill.parse(bill).total).toBe('13.59');
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);

    const reply = await manager.get(`/api/analytics?${range()}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const c = reply.body.current;
    expect(c).toMatchObject({
      orders: 2,
      orderTotal: '34.80', // 21.21 + 13.59
      averageOrderValue: '17.40',
      revenue: '34.80',
      tips: '3.00',
      payments: 2,
      covers: 5,
      parties: 2,
    });
    expect(c.paymentMethods).toEqual([
      { method: 'cash', payments: 1, amount: '21.21' },
      { method: 'card', payments: 1, amount: '13.59' },
    ]);
    // what was ordered by category, before tax: two burgers (rare costs nothing) 25.00, two lemonades 7.00
    expect(c.categories).toEqual([
      { category: 'Mains', amount: '25.00' },
      { category: 'Drinks', amount: '7.00' },
    ]);
    expect(c.byDay.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(2);
    expect(c.byHour.reduce((n: number, d: { revenue: string }) => n + Math.round(Number(d.revenue) * 100), 0)).toBe(
      3480,
    );
    expect(reply.body.previous).toMatchObject({ orders: 0, revenue: '0.00', averageOrderValue: null, covers: 0 });
    expect(reply.body.live).toMatchObject({ tables: 3, lastHourOrders: 2, lastHourRevenue: '34.80' });
  });

  it('keeps the rollups equal to a rebuild from the stored events', async () => {
    const db = h.database.db;
    const kept = await db('analytics_hours').where({ venue_id: h.fixture.a.venueId }).orderBy('hour');
    const keptKeys = await db('analytics_hour_keys')
      .where({ venue_id: h.fixture.a.venueId })
      .orderBy(['hour', 'dimension', 'key']);
    expect(kept.length).toBeGreaterThan(0);
    await db('analytics_hours').del();
    await db('analytics_hour_keys').del();
    for (const statement of rollupStatements('events')) await db.raw(statement);
    expect(await db('analytics_hours').where({ venue_id: h.fixture.a.venueId }).orderBy('hour')).toEqual(kept);
    expect(
      await db('analytics_hour_keys').where({ venue_id: h.fixture.a.venueId }).orderBy(['hour', 'dimension', 'key']),
    ).toEqual(keptKeys);
  });

  it('refuses staff without VIEW_ANALYTICS, strangers and a bad range; another organization sees only its own', async () => {
    expect((await staff.get(`/api/analytics?${range()}`)).status).toBe(403);
    expect((await new Client(h.cloud.url).get(`/api/analytics?${range()}`)).status).toBe(401);
    const backwards = await manager.get(
      `/api/analytics?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(from)}`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('The range must end after it starts');
    expect((await manager.get('/api/analytics?from=yesterday&to=today')).status).toBe(400);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const theirs = await beta.get(`/api/analytics?${range()}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.current).toMatchObject({ orders: 0, revenue: '0.00', covers: 0 });
  });
});
