// The admin calls take the spec's own payloads (issue 23, spec 3 sections 3, 5 and 7): the venue
// form's latitude and longitude as strings (empty for none), its organizationId on update too, the
// restaurant form's `logo` beside the profile's `logoUrl` (the upload's uploadURL), and GET
// /api/analytics without a range. A tenant field naming another organization answers 404 and
// changes nothing. One database for the file.
import { ADMIN_MESSAGES, MESSAGES, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let alpha: Client;
let beta: Client;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An image uploaded by `client` through the signed link: its uploadURL and objectUrl. */
async function upload(client: Client): Promise<{ uploadURL: string; objectUrl: string }> {
  const link = await client.post('/api/objects/upload');
  expect(link.status).toBe(200);
  const put = await fetch(`${h.cloud.url}${link.body.uploadURL}`, {
    method: 'PUT',
    body: PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  return link.body;
}

beforeAll(async () => {
  h = await startHarness();
  alpha = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
  // The fixture's managers administer their organization's venues and profiles.
  await h.database
    .db('user_roles')
    .whereNull('venue_id')
    .update({ permissions: ['MANAGE_ORDERS', 'MANAGE_VENUES', 'MANAGE_RESTAURANTS', 'VIEW_ANALYTICS'] });
});
afterAll(async () => {
  await h?.close();
});

const venueForm = (overrides: Record<string, unknown> = {}) => ({
  organizationId: h.fixture.a.orgId,
  name: 'Alpha Riverside',
  address: '9 River Rd',
  timezone: 'America/Chicago',
  latitude: '41.8781',
  longitude: '-87.6298',
  ...overrides,
});

describe("the venue form's payload (spec 3 sections 5 and 7)", () => {
  it('converts latitude and longitude strings to numbers, and empty ones to null', async () => {
    const made = await alpha.post('/api/venues', venueForm());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ latitude: 41.8781, longitude: -87.6298, timezone: 'America/Chicago' });
    const blank = await alpha.post('/api/venues', venueForm({ name: 'Alpha Lakeside', latitude: '', longitude: '' }));
    expect(blank.status).toBe(201);
    expect(blank.body).toMatchObject({ latitude: null, longitude: null });
    const numbers = await alpha.post('/api/venues', venueForm({ name: 'Alpha Hill', latitude: 40, longitude: -3.5 }));
    expect(numbers.body).toMatchObject({ latitude: 40, longitude: -3.5 });
  });

  it('refuses a coordinate that is not a number, or out of range, with a message, adding nothing', async () => {
    const before = await h.database.db('venues').count('* as n');
    const words = await alpha.post('/api/venues', venueForm({ name: 'Alpha Words', latitude: 'north' }));
    expect(words.status).toBe(400);
    expect(words.body.message).toContain(ADMIN_MESSAGES.coordinateNotANumber);
    const far = await alpha.post('/api/venues', venueForm({ name: 'Alpha Far', latitude: '91' }));
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(ADMIN_MESSAGES.latitudeRange);
    expect(await h.database.db('venues').count('* as n')).toEqual(before);
  });

  it("updates with the form's whole payload, its organization included", async () => {
    const reply = await alpha.request('PUT', `/api/venues/${h.fixture.a.otherVenueId}`, {
      body: venueForm({ name: 'Alpha Uptown', latitude: '', longitude: '12.5' }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ name: 'Alpha Uptown', latitude: null, longitude: 12.5, address: '9 River Rd' });
  });

  it("answers 404 for another organization's id in the payload or the path, and changes nothing", async () => {
    const row = () => h.database.db('venues').where({ id: h.fixture.a.otherVenueId }).first();
    const before = await row();
    const foreignOrg = await alpha.request('PUT', `/api/venues/${h.fixture.a.otherVenueId}`, {
      body: venueForm({ organizationId: h.fixture.b.orgId, name: 'Moved' }),
    });
    expect(foreignOrg.status).toBe(404);
    const foreignVenue = await beta.request('PUT', `/api/venues/${h.fixture.a.otherVenueId}`, {
      body: venueForm({ organizationId: h.fixture.b.orgId, name: 'Taken' }),
    });
    expect(foreignVenue.status).toBe(404);
    expect(await row()).toEqual(before);
    const create = await beta.post('/api/venues', venueForm({ name: 'Planted' }));
    expect(create.status).toBe(404);
    expect(await h.database.db('venues').where({ name: 'Planted' }).first()).toBeUndefined();
  });

  it('refuses moving a venue to another organization the member also administers, with a message', async () => {
    // Beta's manager also administers Alpha: both organizations are theirs, and still a venue stays.
    const betaUser = await h.database.db('users').where({ email: h.fixture.b.managerEmail }).first();
    const alphaRole = await h.database.db('user_roles').where({ organization_id: h.fixture.a.orgId }).first();
    await h.database.db('user_roles').insert({
      ...alphaRole,
      id: crypto.randomUUID(),
      user_id: betaUser.id,
      venue_id: null,
    });
    const reply = await beta.request('PUT', `/api/venues/${h.fixture.b.venueId}`, {
      body: venueForm({ organizationId: h.fixture.a.orgId, name: 'Beta Downtown' }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ADMIN_MESSAGES.venueStaysInItsOrganization);
    expect((await h.database.db('venues').where({ id: h.fixture.b.venueId }).first()).org_id).toBe(h.fixture.b.orgId);
    await h.database.db('user_roles').where({ user_id: betaUser.id, organization_id: h.fixture.a.orgId }).delete();
  });
});

describe("the restaurant form's payload (spec 3 sections 3 and 7)", () => {
  let profileId: string;

  it("creates with the form's `logo` set to the upload's uploadURL", async () => {
    const image = await upload(alpha);
    const reply = await alpha.post('/api/restaurants', {
      organizationId: h.fixture.a.orgId,
      venueId: h.fixture.a.venueId,
      name: 'Alpha Bistro',
      description: '',
      phone: null,
      email: null,
      website: null,
      logo: image.uploadURL,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ name: 'Alpha Bistro', logoUrl: image.objectUrl, description: null });
    profileId = reply.body.id;
  });

  it("updates with the profile's `logoUrl`, and a null logo leaves the logo as it is", async () => {
    const image = await upload(alpha);
    const set = await alpha.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.a.orgId, name: 'Alpha Bistro', logoUrl: image.uploadURL },
    });
    expect(set.status).toBe(200);
    expect(set.body.logoUrl).toBe(image.objectUrl);
    const kept = await alpha.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.a.orgId, name: 'Alpha Bistro Two', logo: null },
    });
    expect(kept.body).toMatchObject({ name: 'Alpha Bistro Two', logoUrl: image.objectUrl });
  });

  it('takes the logo call with the uploadURL under `logoUrl` or `logo`, and clears it with null', async () => {
    const image = await upload(alpha);
    for (const key of ['logoUrl', 'logo']) {
      const reply = await alpha.request('PUT', `/api/restaurants/${profileId}/logo`, {
        body: { [key]: image.uploadURL },
      });
      expect(reply.status, key).toBe(200);
      expect(reply.body.logoUrl).toBe(image.objectUrl);
    }
    const cleared = await alpha.request('PUT', `/api/restaurants/${profileId}/logo`, { body: { logoUrl: null } });
    expect(cleared.body.logoUrl).toBeNull();
  });

  it("refuses another organization's upload, organization or profile, changing nothing", async () => {
    const row = () => h.database.db('restaurants').where({ id: profileId }).first();
    const before = await row();
    const betaImage = await upload(beta);
    const foreignLogo = await alpha.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.a.orgId, name: 'Alpha Stolen', logo: betaImage.uploadURL },
    });
    expect(foreignLogo.status).toBe(400);
    expect(foreignLogo.body.message).toBe(SERVICE_MESSAGES.imageNotUploaded);
    const foreignOrg = await alpha.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.b.orgId, name: 'Alpha Moved' },
    });
    expect(foreignOrg.status).toBe(404);
    const foreignVenue = await alpha.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.a.orgId, venueId: h.fixture.b.venueId, name: 'Alpha Elsewhere' },
    });
    expect(foreignVenue.status).toBe(400);
    expect(foreignVenue.body.message).toBe(ADMIN_MESSAGES.venueNotInOrganization);
    const foreignProfile = await beta.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.b.orgId, name: 'Beta Took It' },
    });
    expect(foreignProfile.status).toBe(404);
    const foreignProfileLogo = await beta.request('PUT', `/api/restaurants/${profileId}/logo`, {
      body: { logoUrl: betaImage.uploadURL },
    });
    expect(foreignProfileLogo.status).toBe(404);
    const notAnUpload = await alpha.request('PUT', `/api/restaurants/${profileId}`, {
      body: { organizationId: h.fixture.a.orgId, name: 'Alpha Bistro', logo: 'https://elsewhere.example/x.png' },
    });
    expect(notAnUpload.status).toBe(400);
    expect(await row()).toEqual(before);
    // Beta's list never shows Alpha's profile.
    const list = await beta.get('/api/restaurants');
    expect(list.body.map((r: { id: string }) => r.id)).not.toContain(profileId);
  });
});

describe('GET /api/analytics as the spec declares it (no range)', () => {
  it("answers the venue's day with the spec's figures beside the comparison", async () => {
    const reply = await alpha.get('/api/analytics');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      occupancy: 0,
      averageOrderValue: null,
      totalRevenue: '0.00',
      orderCount: 0,
      lastHour: { orders: 0, revenue: '0.00' },
      revenueSplit: [],
      turnover: 0,
      activeSessions: 0,
      timeZone: 'UTC',
    });
    const now = h.clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    expect(reply.body.current.from).toBe(midnight.toISOString());
    expect(reply.body.current.to).toBe(new Date(midnight.getTime() + 86_400_000).toISOString());
  });

  it('still refuses a backwards range, and a member without VIEW_ANALYTICS', async () => {
    const backwards = await alpha.get('/api/analytics?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain(MESSAGES.analyticsRangeInvalid);
    const onlyTo = await alpha.get('/api/analytics?to=2000-01-01T00:00:00Z');
    expect(onlyTo.status).toBe(400);
    expect(onlyTo.body.message).toContain(MESSAGES.analyticsRangeInvalid);
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await staff.get('/api/analytics')).status).toBe(403);
  });
});
