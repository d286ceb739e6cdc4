// Setting up a restaurant (issue 24): sign-up, organizations, venues (with their settings),
// restaurant profiles and their logos, the setup checklist; every message, refusal, plan limit and
// another organization's ids. One database for the file.
import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, MESSAGES, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let owner: Client;
let ownerMe: { principal: { organizationId: string; venueId: string } };
let alphaManager: Client;
let alphaStaff: Client;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  email: 'owner@rossi.test',
  password: 'long enough',
  firstName: 'Rosa',
  lastName: 'Rossi',
  organizationName: 'Rossi Family',
  venue: { name: 'Rossi Downtown', address: '1 Main St', timezone: 'America/New_York', latitude: 40.7, longitude: -74 },
  ...overrides,
});

beforeAll(async () => {
  h = await startHarness();
  owner = new Client(h.cloud.url);
  const reply = await owner.post('/api/auth/signup', signUpBody());
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  ownerMe = reply.body;
  alphaManager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  alphaStaff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/auth/signup', () => {
  it('makes the owner, a FREE organization and its first venue, and signs the owner in to it', async () => {
    const me = await owner.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.principal).toMatchObject({ role: 'OWNER', venueId: ownerMe.principal.venueId });
    const org = await h.database.db('organizations').where({ id: ownerMe.principal.organizationId }).first();
    expect(org).toMatchObject({ name: 'Rossi Family', plan: 'FREE' });
    const venue = await h.database.db('venues').where({ id: ownerMe.principal.venueId }).first();
    expect(venue).toMatchObject({ name: 'Rossi Downtown', tz: 'America/New_York', tax_rate_bps: 875, currency: 'USD' });
    expect(Number(venue.lat)).toBe(40.7);
    // The new owner signs in again with the password they chose.
    const again = new Client(h.cloud.url);
    expect((await again.post('/api/auth/login', { email: 'OWNER@rossi.test', password: 'long enough' })).status).toBe(
      200,
    );
  });

  it.each([
    [{ email: 'not-an-address' }, ADMIN_MESSAGES.invalidEmail],
    [{ email: 'x@rossi.test', password: 'short' }, ADMIN_MESSAGES.passwordTooShort],
    [{ email: 'x@rossi.test', organizationName: 'R' }, ADMIN_MESSAGES.organizationNameTooShort],
    [{ email: 'x@rossi.test', venue: { name: 'V', timezone: 'UTC' } }, ADMIN_MESSAGES.venueNameTooShort],
    [{ email: 'x@rossi.test', venue: { name: 'Venue', timezone: 'Mars/Olympus' } }, ADMIN_MESSAGES.invalidTimeZone],
    [{ email: 'x@rossi.test', venue: { name: 'Venue', timezone: 'UTC', latitude: 91 } }, ADMIN_MESSAGES.latitudeRange],
  ])('refuses %j with its message and makes nothing', async (overrides, message) => {
    const users = await h.database.db('users').count<{ n: string }[]>('* as n');
    const reply = await new Client(h.cloud.url).post('/api/auth/signup', signUpBody(overrides));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(await h.database.db('users').count('* as n')).toEqual(users);
  });

  it('refuses an address that has an account, in any case', async () => {
    const reply = await new Client(h.cloud.url).post('/api/auth/signup', signUpBody({ email: 'Owner@Rossi.test' }));
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ id: 'email_taken', message: ADMIN_MESSAGES.emailTaken });
  });
});

describe('organizations', () => {
  it('lists only the organizations the member administers', async () => {
    const mine = await owner.get('/api/organizations');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        id: ownerMe.principal.organizationId,
        name: 'Rossi Family',
        plan: 'FREE',
        venueCount: 1,
      }),
    ]);
    const alpha = await alphaManager.get('/api/organizations');
    expect(alpha.body.map((o: { id: string }) => o.id)).toEqual([h.fixture.a.orgId]);
  });

  it('renames and changes the plan; a short name is refused with the spec message', async () => {
    const id = ownerMe.principal.organizationId;
    const short = await owner.request('PUT', `/api/organizations/${id}`, { body: { name: ' R ' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(ADMIN_MESSAGES.organizationNameTooShort);
    const bad = await owner.request('PUT', `/api/organizations/${id}`, { body: { name: 'Rossi', plan: 'GOLD' } });
    expect(bad.status).toBe(400);
    const ok = await owner.request('PUT', `/api/organizations/${id}`, { body: { name: 'Rossi Family Group' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Rossi Family Group', plan: 'FREE' });
  });

  it("answers 404 for another organization's id and changes nothing", async () => {
    const reply = await owner.request('PUT', `/api/organizations/${h.fixture.a.orgId}`, {
      body: { name: 'Taken over' },
    });
    expect(reply.status).toBe(404);
    expect((await h.database.db('organizations').where({ id: h.fixture.a.orgId }).first()).name).toBe('Alpha Group');
  });

  it('is refused to staff without MANAGE_ORGANIZATION', async () => {
    const reply = await alphaStaff.get('/api/organizations');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(MESSAGES.permissionDenied);
    expect((await alphaStaff.post('/api/organizations', { name: 'Mine' })).status).toBe(403);
  });

  it('creates an organization whose owner is its creator', async () => {
    const reply = await alphaManager.post('/api/organizations', { name: 'Alpha Two', plan: 'BASIC' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ name: 'Alpha Two', plan: 'BASIC', venueCount: 0 });
    const role = await h.database.db('user_roles').where({ organization_id: reply.body.id }).first();
    expect(role).toMatchObject({ role: 'OWNER', venue_id: null });
    const short = await alphaManager.post('/api/organizations', { name: 'A' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(ADMIN_MESSAGES.organizationNameTooShort);
  });
});

describe('venues', () => {
  it('validates with the spec messages', async () => {
    const noOrg = await owner.post('/api/venues', { name: 'Second' });
    expect(noOrg.body.message).toBe(ADMIN_MESSAGES.organizationRequired);
    const short = await owner.post('/api/venues', { organizationId: ownerMe.principal.organizationId, name: 'S' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(ADMIN_MESSAGES.venueNameTooShort);
  });

  it("refuses a second venue on the FREE plan, naming the limit and the plan, and another organization's", async () => {
    const before = await h.database.db('venues').count('* as n');
    const reply = await owner.post('/api/venues', {
      organizationId: ownerMe.principal.organizationId,
      name: 'Rossi Uptown',
      timezone: 'America/New_York',
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      id: 'plan_limit_reached',
      message: ADMIN_MESSAGES.planLimitReached('FREE', 'venues', 1),
    });
    expect(reply.body.message).toBe('The FREE plan allows 1 venue. Choose a larger plan to add more.');
    const other = await owner.post('/api/venues', { organizationId: h.fixture.a.orgId, name: 'Sneaky' });
    expect(other.status).toBe(404);
    expect(await h.database.db('venues').count('* as n')).toEqual(before);
  });

  it('adds a venue once the plan allows it, and lists it', async () => {
    const id = ownerMe.principal.organizationId;
    await owner.request('PUT', `/api/organizations/${id}`, { body: { name: 'Rossi Family Group', plan: 'BASIC' } });
    const reply = await owner.post('/api/venues', {
      organizationId: id,
      name: 'Rossi Uptown',
      timezone: 'America/Chicago',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      organizationId: id,
      name: 'Rossi Uptown',
      timezone: 'America/Chicago',
      isActive: true,
    });
    const list = await owner.get(`/api/venues?organizationId=${id}`);
    expect(list.body.map((v: { name: string }) => v.name)).toEqual(['Rossi Downtown', 'Rossi Uptown']);
    expect(
      (await alphaManager.get('/api/venues')).body.every((v: { organizationId: string }) => v.organizationId !== id),
    ).toBe(true);
  });

  it('saves settings: the tax rate, service charge and currency, with a venue.updated event', async () => {
    const venueId = ownerMe.principal.venueId;
    const reply = await owner.request('PUT', `/api/venues/${venueId}`, {
      body: { taxRatePercent: 7.25, serviceChargePercent: 10, currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      taxRateBps: 725,
      serviceChargeBps: 1000,
      currency: 'EUR',
      timezone: 'Europe/Rome',
    });
    const event = await h.database.db('events').where({ venue_id: venueId, type: 'venue.updated' }).first();
    expect(event.payload_json.venue).toMatchObject({ taxRateBps: 725, serviceChargeBps: 1000, currency: 'EUR' });
  });

  it.each([
    [{ taxRatePercent: 31 }, ADMIN_MESSAGES.taxRateRange],
    [{ taxRatePercent: 8.755 }, ADMIN_MESSAGES.taxRateRange],
    [{ serviceChargePercent: -1 }, ADMIN_MESSAGES.serviceChargeRange],
    [{ currency: 'eur' }, ADMIN_MESSAGES.invalidCurrency],
    [{ name: 'X' }, ADMIN_MESSAGES.venueNameTooShort],
    [{ timezone: 'Nowhere' }, ADMIN_MESSAGES.invalidTimeZone],
  ])('refuses the setting %j with its message', async (body, message) => {
    const reply = await owner.request('PUT', `/api/venues/${ownerMe.principal.venueId}`, { body });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    const venue = await h.database.db('venues').where({ id: ownerMe.principal.venueId }).first();
    expect(venue).toMatchObject({
      tax_rate_bps: 725,
      service_charge_bps: 1000,
      currency: 'EUR',
      name: 'Rossi Downtown',
    });
  });

  it("answers 404 for another organization's venue and is refused to staff", async () => {
    const reply = await owner.request('PUT', `/api/venues/${h.fixture.a.venueId}`, { body: { taxRatePercent: 0 } });
    expect(reply.status).toBe(404);
    expect((await h.database.db('venues').where({ id: h.fixture.a.venueId }).first()).tax_rate_bps).toBe(875);
    const staff = await alphaStaff.request('PUT', `/api/venues/${h.fixture.a.venueId}`, {
      body: { taxRatePercent: 0 },
    });
    expect(staff.status).toBe(403);
  });
});

describe("the venue's tax rate on orders and bills", () => {
  it('prices a new order and the bill at the rate the manager set, and says the rate', async () => {
    const set = await alphaManager.request('PUT', `/api/venues/${h.fixture.a.venueId}`, {
      body: { taxRatePercent: 10 },
    });
    expect(set.status).toBe(200);
    const { guest, sessionId } = await checkInGuest(h.cloud.url, alphaManager, h.fixture.a.tableIds[0] as string);
    const order = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer' }],
    });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ subtotal: '4.00', tax: '0.40', total: '4.40' });
    const bill = await guest.get(`/api/orders/payment/${sessionId}`);
    expect(bill.body).toMatchObject({ subtotal: '4.00', tax: '0.40', taxRateBps: 1000, total: '4.40' });
  });
});

describe('restaurant profiles', () => {
  let profileId: string;

  it('validates: organization required, name required, venue of the organization, email, website', async () => {
    const orgId = ownerMe.principal.organizationId;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Rossi' }, ADMIN_MESSAGES.organizationRequired],
      [{ organizationId: orgId, name: '  ' }, ADMIN_MESSAGES.restaurantNameTooShort],
      [{ organizationId: orgId, name: 'R' }, ADMIN_MESSAGES.restaurantNameTooShort],
      [{ organizationId: orgId, name: 'Rossi', venueId: h.fixture.a.venueId }, ADMIN_MESSAGES.venueNotInOrganization],
      [{ organizationId: orgId, name: 'Rossi', email: 'nope' }, ADMIN_MESSAGES.restaurantInvalidEmail],
      [{ organizationId: orgId, name: 'Rossi', website: 'rossi' }, ADMIN_MESSAGES.invalidWebsite],
    ];
    for (const [body, message] of cases) {
      const reply = await owner.post('/api/restaurants', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    expect(Number((await h.database.db('restaurants').where({ org_id: orgId }).count('* as n'))[0]?.n)).toBe(0);
  });

  it('creates, lists and edits a profile', async () => {
    const orgId = ownerMe.principal.organizationId;
    const reply = await owner.post('/api/restaurants', {
      organizationId: orgId,
      venueId: ownerMe.principal.venueId,
      name: 'Trattoria Rossi',
      description: 'Fresh pasta',
      phone: '555-0100',
      email: 'hello@rossi.test',
      website: 'https://rossi.test',
    });
    expect(reply.status).toBe(201);
    profileId = reply.body.id;
    expect(reply.body).toMatchObject({
      name: 'Trattoria Rossi',
      venueId: ownerMe.principal.venueId,
      isActive: true,
      logoUrl: null,
    });
    expect((await owner.get('/api/restaurants')).body.map((r: { id: string }) => r.id)).toEqual([profileId]);
    expect((await alphaManager.get('/api/restaurants')).body.map((r: { id: string }) => r.id)).not.toContain(profileId);
    const edit = await owner.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: orgId, venueId: null, name: 'Trattoria Rossi', isActive: false },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ venueId: null, isActive: false, description: null });
  });

  it('keeps to the plan: BASIC allows 5 profiles', async () => {
    const orgId = ownerMe.principal.organizationId;
    for (let i = 2; i <= 5; i++) {
      expect((await owner.post('/api/restaurants', { organizationId: orgId, name: `Rossi ${i}` })).status).toBe(201);
    }
    const sixth = await owner.post('/api/restaurants', { organizationId: orgId, name: 'Rossi 6' });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toBe('The BASIC plan allows 5 restaurant profiles. Choose a larger plan to add more.');
  });

  it("uploads a logo through the signed link and saves it; another organization's upload or profile is refused", async () => {
    const link = await owner.post('/api/objects/upload');
    expect(link.status).toBe(200);
    const put = await fetch(`${h.cloud.url}${link.body.uploadURL}`, {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const saved = await owner.request('PUT', `/api/restaurants/${profileId}/logo`, {
      body: { logoUrl: link.body.uploadURL },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toBe(link.body.objectUrl);

    const alphaLink = await alphaManager.post('/api/objects/upload');
    await fetch(`${h.cloud.url}${alphaLink.body.uploadURL}`, { method: 'PUT', body: PNG });
    const foreign = await owner.request('PUT', `/api/restaurants/${profileId}/logo`, {
      body: { logoUrl: alphaLink.body.objectUrl },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(SERVICE_MESSAGES.imageNotUploaded);
    const notMine = await alphaManager.request('PUT', `/api/restaurants/${profileId}/logo`, {
      body: { logoUrl: null },
    });
    expect(notMine.status).toBe(404);
    expect((await h.database.db('restaurants').where({ id: profileId }).first()).logo_url).toBe(link.body.objectUrl);
    const unknown = await owner.request('PUT', `/api/restaurants/${randomUUID()}`, {
      body: { organizationId: ownerMe.principal.organizationId, name: 'Ghost' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('paired terminals within the plan', () => {
  it('pairs two on the FREE plan and refuses a third, naming the limit and the plan', async () => {
    await h.database.db('organizations').where({ id: ownerMe.principal.organizationId }).update({ plan: 'FREE' });
    for (const name of ['Host PC', 'Kitchen PC'])
      expect((await owner.post('/api/terminals', { name })).status).toBe(201);
    const third = await owner.post('/api/terminals', { name: 'Bar PC' });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({
      id: 'plan_limit_reached',
      message: ADMIN_MESSAGES.planLimitReached('FREE', 'terminals', 2),
    });
    expect(
      await h.database.db('terminals').where({ org_id: ownerMe.principal.organizationId }).pluck('name'),
    ).toHaveLength(2);
    await h.database
      .db('terminals')
      .where({ org_id: ownerMe.principal.organizationId })
      .update({ revoked_at: new Date() });
    await h.database.db('organizations').where({ id: ownerMe.principal.organizationId }).update({ plan: 'BASIC' });
  });
});

describe('setup checklist', () => {
  it("is done step by step by the venue's data", async () => {
    const first = await owner.get('/api/setup/checklist');
    expect(first.status).toBe(200);
    const done = (body: { steps: { id: string; done: boolean }[] }) =>
      body.steps.filter((s) => s.done).map((s) => s.id);
    // The settings were saved above; nothing else is there yet.
    expect(done(first.body)).toEqual(['venue-settings']);
    expect((await owner.post('/api/setup/qr-sheet')).status).toBe(200);
    expect(done((await owner.get('/api/setup/checklist')).body)).toEqual(['venue-settings', 'table-qr']);
    // The fixture venue has tables, a menu, a staff member besides its manager (no owner is set),
    // its settings saved and a guest's order at the kitchen (above).
    const alpha = done((await alphaManager.get('/api/setup/checklist')).body);
    // The guest's order above waits for its course to fire: it has not reached the kitchen yet.
    expect(alpha).toEqual(['venue-settings', 'tables', 'menu', 'staff']);
    await h.database.db('order_items').where({ venue_id: h.fixture.a.venueId }).update({ status: 'SENT_TO_KITCHEN' });
    expect(done((await alphaManager.get('/api/setup/checklist')).body)).toContain('test-order');
    expect((await alphaStaff.get('/api/setup/checklist')).status).toBe(403);
  });
});
