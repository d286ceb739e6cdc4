// The QA dashboard's calls against a real cloud on PostgreSQL (issue 26; spec 3 sections 2, 4 and
// 7): the seed status, Seed Test Data into an isolated QA venue of the caller's organization (the
// real venue's data untouched, another organization's untouched and unseen), Run All Tests refused
// before seeding, and the journeys the cloud runs: the ticket step fails naming the kitchen
// printer's state while no terminal prints, and every step passes once a terminal prints the
// ticket; unplugged again, the next run fails the ticket step naming OFFLINE.
import { randomUUID } from 'node:crypto';
import { QA_KITCHEN_PRINTER, QA_TEXTS, QA_VENUE_NAME, type QaRun } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, checkInGuest, type Harness, loginAs, payInFullByCard, startHarness } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
let managerB: Client;
beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  managerB = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;
const countOf = async (table: string, venueId: string) =>
  Number((await db()(table).where({ venue_id: venueId }).count<{ count: string }>('id as count').first())?.count);
const venueSnapshot = async (venueId: string) => ({
  tables: await countOf('tables', venueId),
  menuItems: await countOf('menu_items', venueId),
  waitlist: await countOf('waitlist', venueId),
  sessions: await countOf('sessions', venueId),
  orders: await countOf('orders', venueId),
  payments: await countOf('payments', venueId),
  events: await countOf('events', venueId),
});

async function runToTheEnd(client: Client): Promise<QaRun> {
  const started = await client.post('/api/admin/qa-runs', {});
  expect(started.status).toBe(201);
  expect(started.body.status).toBe('running');
  for (let i = 0; i < 400; i += 1) {
    const latest = await client.get('/api/admin/qa-runs/latest');
    expect(latest.status).toBe(200);
    const run = latest.body.run as QaRun;
    expect(run.id).toBe(started.body.id);
    if (run.status === 'done') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The QA run did not end');
}

const stepOf = (run: QaRun, journey: string, step: string) =>
  run.journeys.find((j) => j.id === journey)?.steps.find((s) => s.id === step);

describe('the QA dashboard calls', () => {
  it('answers not seeded before the first seed, and Run All Tests asks for the seed first', async () => {
    const smoke = await manager.get('/api/admin/smoke-test');
    expect(smoke.status).toBe(200);
    expect(smoke.body).toEqual({ success: true, dataCount: { tables: 0, menuItems: 0, printers: 0 }, venue: null });
    const run = await manager.post('/api/admin/qa-runs', {});
    expect(run.status).toBe(409);
    expect(run.body.message).toBe(QA_TEXTS.pleaseSeedFirst);
    expect((await manager.get('/api/admin/qa-runs/latest')).body).toEqual({ run: null });
  });

  it('refuses staff without MANAGE_SETTINGS, and anyone signed out, changing nothing', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const anon = new Client(h.cloud.url);
    for (const client of [staff, anon]) {
      const expected = client === anon ? 401 : 403;
      expect((await client.get('/api/admin/smoke-test')).status).toBe(expected);
      expect((await client.post('/api/admin/seeds/restaurant', {})).status).toBe(expected);
      expect((await client.post('/api/admin/qa-runs', {})).status).toBe(expected);
      expect((await client.get('/api/admin/qa-runs/latest')).status).toBe(expected);
    }
    expect(await db()('venues').where({ org_id: h.fixture.a.orgId }).count('id as n').first()).toEqual({ n: 2 });
  });

  it('refuses a product it has no seed for, with a clear message, and makes no venue', async () => {
    const reply = await manager.post('/api/admin/seeds/bakery', {});
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(QA_TEXTS.unknownSeedProduct('bakery'));
    expect((await manager.get('/api/admin/smoke-test')).body.venue).toBeNull();
  });

  it('seeds an isolated QA venue of the organization, once, leaving the real venue and the other organization alone', async () => {
    const real = await venueSnapshot(h.fixture.a.venueId);
    const seeded = await manager.post('/api/admin/seeds/restaurant', {});
    expect(seeded.status).toBe(200);
    expect(seeded.body.success).toBe(true);
    expect(seeded.body.error).toBeNull();
    expect(seeded.body.venue.name).toBe(QA_VENUE_NAME);
    expect(seeded.body.dataCount.tables).toBeGreaterThan(0);
    expect(seeded.body.dataCount.menuItems).toBeGreaterThan(0);
    expect(seeded.body.dataCount.printers).toBe(1);
    const qaVenueId = seeded.body.venue.id as string;
    const venue = await db()('venues').where({ id: qaVenueId }).first();
    expect(venue.org_id).toBe(h.fixture.a.orgId);
    expect(venue.flags_json).toEqual({ qa: true });
    expect(await venueSnapshot(h.fixture.a.venueId)).toEqual(real);

    const smoke = await manager.get('/api/admin/smoke-test');
    expect(smoke.body).toEqual({ success: true, dataCount: seeded.body.dataCount, venue: seeded.body.venue });
    // Again: nothing added twice.
    const again = await manager.post('/api/admin/seeds/restaurant', {});
    expect(again.body.dataCount).toEqual(seeded.body.dataCount);
    expect(again.body.venue.id).toBe(qaVenueId);

    // Another organization sees none of it, and its own QA venue would be its own.
    expect((await managerB.get('/api/admin/smoke-test')).body.venue).toBeNull();
    expect((await managerB.post('/api/admin/qa-runs', {})).status).toBe(409);
    // It cannot reach the QA venue by naming it.
    const foreign = await managerB.get('/api/tables', { headers: { 'X-Venue-Id': qaVenueId } });
    const own = await managerB.get('/api/tables');
    if (foreign.status === 200) expect(foreign.body).toEqual(own.body);
    else expect([401, 403, 404]).toContain(foreign.status);
  });

  it("lets a manager whose role is one venue's open the QA venue they seed, to pair its kitchen PC and move its printer there; the seed grants nobody else", async () => {
    const userId = randomUUID();
    const email = 'venue-manager@a.test';
    const { password_hash } = await db()('users').where({ email: h.fixture.a.managerEmail }).first('password_hash');
    await db()('users').insert({ id: userId, email, password_hash, first_name: 'Vera', last_name: 'Venue' });
    await db()('user_roles').insert({
      id: randomUUID(),
      user_id: userId,
      organization_id: h.fixture.a.orgId,
      venue_id: h.fixture.a.venueId,
      role: 'MANAGER',
    });
    const venueManager = await loginAs(h.cloud.url, email);
    const venuesOf = async (client: Client) =>
      ((await client.get('/api/auth/venues')).body as { id: string }[]).map((v) => v.id);
    expect(await venuesOf(venueManager)).toEqual([h.fixture.a.venueId]);
    const qaVenueId = (await manager.get('/api/admin/smoke-test')).body.venue.id as string;
    const atQa = { headers: { 'X-Venue-Id': qaVenueId } };
    // Before seeding, naming the QA venue reaches only their own venue.
    const before = (await venueManager.get('/api/printers', atQa)).body as { venueId: string }[];
    expect(before.every((p) => p.venueId === h.fixture.a.venueId)).toBe(true);

    const seeded = await venueManager.post('/api/admin/seeds/restaurant', {});
    expect(seeded.status).toBe(200);
    expect(seeded.body.venue.id).toBe(qaVenueId);
    expect(await venuesOf(venueManager)).toContain(qaVenueId);
    const printers = (await venueManager.get('/api/printers', atQa)).body as { id: string; name: string }[];
    const printer = printers.find((p) => p.name === QA_KITCHEN_PRINTER);
    expect(printer).toBeDefined();
    const paired = await venueManager.post('/api/terminals', { name: 'QA kitchen PC' }, atQa);
    expect(paired.status).toBe(201);
    expect(paired.body.terminal.venueId).toBe(qaVenueId);
    const moved = await venueManager.request('PATCH', `/api/printers/${printer?.id}`, {
      body: { terminalId: paired.body.terminal.id },
      ...atQa,
    });
    expect(moved.status).toBe(200);
    // Their role there is the one they hold, once however often they seed.
    await venueManager.post('/api/admin/seeds/restaurant', {});
    const rolesThere = await db()('user_roles').where({ venue_id: qaVenueId });
    expect(rolesThere.map((r) => [r.user_id, r.role])).toEqual([[userId, 'MANAGER']]);
    // Put back: the QA printer driven by no terminal, the terminal revoked.
    await db()('printers').where({ id: printer?.id }).update({ terminal_id: null });
    expect(
      (await venueManager.request('DELETE', `/api/terminals/${paired.body.terminal.id}`, atQa)).status,
    ).toBeLessThan(300);
  });

  it('runs the journeys: the ticket step fails naming the printer state while nothing prints; the rest runs', async () => {
    const real = await venueSnapshot(h.fixture.a.venueId);
    const run = await runToTheEnd(manager);
    expect(run.progress).toBe(100);
    expect(run.currentStep).toBe(QA_TEXTS.testingComplete);
    const dineIn = run.journeys.find((j) => j.id === 'dine-in');
    expect(dineIn?.status).toBe('fail');
    expect(stepOf(run, 'dine-in', 'checkin')?.status).toBe('pass');
    expect(stepOf(run, 'dine-in', 'order')?.status).toBe('pass');
    const ticket = stepOf(run, 'dine-in', 'ticket');
    expect(ticket?.status).toBe('fail');
    expect(ticket?.error).toContain(`Kitchen printer "${QA_KITCHEN_PRINTER}" is UNKNOWN`);
    expect(ticket?.details).toBe(QA_TEXTS.stepFailed(ticket?.name ?? ''));
    expect(stepOf(run, 'dine-in', 'delivery')?.status).toBe('pending');
    expect(run.journeys.find((j) => j.id === 'waitlist')?.steps.map((s) => [s.id, s.status, s.error])).toEqual(
      ['join', 'notify', 'seat', 'leave'].map((id) => [id, 'pass', null]),
    );
    for (const s of run.journeys.find((j) => j.id === 'waitlist')?.steps ?? []) {
      expect(s.duration).toBeGreaterThanOrEqual(0);
      expect(s.error).toBeNull();
    }
    expect(run.brokenButtons).toEqual([]);
    // The guests, orders and payments of the run are the QA venue's only.
    expect(await venueSnapshot(h.fixture.a.venueId)).toEqual(real);
    // Another organization does not see it.
    expect((await managerB.get('/api/admin/qa-runs/latest')).body).toEqual({ run: null });
  });

  it('passes every step once a terminal drives the printer and prints the ticket; fails again when it is unplugged', async () => {
    const qaVenueId = (await manager.get('/api/admin/smoke-test')).body.venue.id as string;
    // A terminal paired at the QA venue drives its kitchen printer, as a venue's terminal does.
    const paired = await manager.post(
      '/api/terminals',
      { name: 'QA kitchen PC' },
      { headers: { 'X-Venue-Id': qaVenueId } },
    );
    expect(paired.status).toBe(201);
    const terminal = new Client(h.cloud.url);
    terminal.headers.authorization = `Terminal ${paired.body.credential}`;
    const printer = await db()('printers').where({ venue_id: qaVenueId, name: QA_KITCHEN_PRINTER }).first();
    await db()('printers').where({ id: printer.id }).update({ terminal_id: paired.body.terminal.id });
    const report = (status: string) =>
      terminal.post(`/api/printers/${printer.id}/status`, { status, at: new Date().toISOString() });
    expect((await report('ONLINE')).status).toBe(200);

    // The terminal prints each kitchen ticket the QA venue's orders need, as its queue would.
    let printing = true;
    const printed = new Set<string>();
    const printer$ = (async () => {
      while (printing) {
        const items = await db()('order_items as i')
          .join('orders as o', 'o.id', 'i.order_id')
          .where('o.venue_id', qaVenueId)
          .where('i.status', 'SENT_TO_KITCHEN')
          .select('i.id', 'i.order_id');
        for (const item of items) {
          if (printed.has(item.id)) continue;
          printed.add(item.id);
          const now = new Date().toISOString();
          const job = await terminal.post(`/api/print-jobs/${randomUUID()}/report`, {
            printerId: printer.id,
            type: 'kitchen_ticket',
            status: 'COMPLETED',
            data: '{}',
            attempts: 1,
            reprint: false,
            error: null,
            createdAt: now,
            updatedAt: now,
            ticketed: [{ itemId: item.id, orderId: item.order_id, station: 'Grill' }],
          });
          expect(job.status).toBe(200);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const passing = await runToTheEnd(manager);
    printing = false;
    await printer$;
    for (const journey of passing.journeys) {
      expect({
        journey: journey.id,
        status: journey.status,
        steps: journey.steps.map((s) => [s.id, s.status, s.error]),
      }).toEqual({
        journey: journey.id,
        status: 'pass',
        steps: journey.steps.map((s) => [s.id, 'pass', null]),
      });
    }
    expect(stepOf(passing, 'dine-in', 'payment')?.details).toContain("demo provider's test card");
    const payments = await db()('payments').where({ venue_id: qaVenueId, status: 'COMPLETED' }).select('provider');
    expect(payments.length).toBeGreaterThan(0);
    expect(new Set(payments.map((p) => p.provider))).toEqual(new Set(['demo']));

    // Unplugged: the terminal reports it OFFLINE; the next run's ticket step names it.
    expect((await report('OFFLINE')).status).toBe(200);
    const unplugged = await runToTheEnd(manager);
    const ticket = stepOf(unplugged, 'dine-in', 'ticket');
    expect(ticket?.status).toBe('fail');
    expect(ticket?.error).toContain(`Kitchen printer "${QA_KITCHEN_PRINTER}" is OFFLINE`);
  });

  it("takes a QA venue guest's card through the demo provider only, while the real venue takes none", async () => {
    const qaVenueId = (await manager.get('/api/admin/smoke-test')).body.venue.id as string;
    const atQa = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    atQa.headers['X-Venue-Id'] = qaVenueId;
    const pay = async (staff: Client, tableId: string, menuItemId: string) => {
      const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, tableId);
      const order = await guest.post('/api/orders', {
        sessionId,
        items: [{ menuItemId, quantity: 1, course: 'drink' }],
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      return (await payInFullByCard(guest, sessionId)).paid;
    };
    // The real venue has no card provider in this cloud: refused.
    const realTable = h.fixture.a.tableIds[2] as string;
    const realDish = h.fixture.a.menu.lemonade;
    expect((await pay(manager, realTable, realDish)).status).toBe(409);
    // The QA venue: paid by the demo provider.
    const tables = (await atQa.get('/api/tables')).body as { id: string; state: string; capacityMax: number }[];
    const free = tables.filter((t) => t.state === 'EMPTY' && t.capacityMax >= 2).at(-2) as { id: string };
    const menu = (await atQa.get('/api/menu')).body.items as { id: string; modifiersSchema: { required: boolean }[] }[];
    const dish = menu.find((m) => !m.modifiersSchema.some((g) => g.required)) as { id: string };
    const paid = await pay(atQa, free.id, dish.id);
    expect(paid.status).toBe(200);
    expect(paid.body.payments.map((p: { provider?: string; status: string }) => p.status)).toEqual(['COMPLETED']);
    const rows = await db()('payments').where({ venue_id: qaVenueId }).orderBy('created_at', 'desc').first('provider');
    expect(rows.provider).toBe('demo');
  });

  it('starts one run for a repeated Run All Tests, and refuses a second while it runs', async () => {
    const key = randomUUID();
    const first = await manager.post('/api/admin/qa-runs', {}, { key });
    const repeat = await manager.post('/api/admin/qa-runs', {}, { key });
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(first.body.id);
    const other = await manager.post('/api/admin/qa-runs', {});
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(QA_TEXTS.runInProgress);
    for (let i = 0; i < 400 && (await manager.get('/api/admin/qa-runs/latest')).body.run.status === 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await manager.get('/api/admin/qa-runs/latest')).body.run.id).toBe(first.body.id);
    expect(await db()('qa_runs').where({ org_id: h.fixture.a.orgId }).count('id as n').first()).toEqual({ n: 4 });
  });
});
