// A plan's staff accounts and tables per venue (issue 24): a FREE organization signed up through
// the API invites up to its five accounts (its owner is one) and publishes up to twenty tables;
// one more is refused with the message naming the limit and the plan, and changes nothing. Its
// usage by month counts the API calls it made.
import { ADMIN_MESSAGES, PLAN_LIMITS } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Harness, loginAs, startHarness } from '../testkit/harness.js';

let h: Harness;
let owner: Client;

beforeAll(async () => {
  h = await startHarness();
  owner = new Client(h.cloud.url);
  const reply = await owner.post('/api/auth/signup', {
    email: 'owner@limits.test',
    password: 'long enough',
    firstName: 'Lena',
    lastName: 'Limit',
    organizationName: 'Limits Group',
    venue: { name: 'Limits Corner', address: '2 Side St', timezone: 'Europe/Rome' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
});
afterAll(async () => {
  await h?.close();
});

describe('staff accounts', () => {
  it('invites up to the FREE plan’s five accounts, counting the owner and open invitations', async () => {
    const limit = PLAN_LIMITS.FREE.staffAccounts as number;
    const invite = (n: number) =>
      owner.post('/api/invitations', { email: `s${n}@limits.test`, role: 'STAFF', duty: 'SERVER' });
    const invited: string[] = [];
    for (let n = 1; n < limit; n++) {
      const reply = await invite(n);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      invited.push(reply.body.id);
    }
    const refused = await invite(limit);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      id: 'plan_limit_reached',
      message: ADMIN_MESSAGES.planLimitReached('FREE', 'staffAccounts', limit),
    });
    expect((await owner.get('/api/invitations')).body).toHaveLength(limit - 1);

    // A revoked invitation gives its seat back.
    expect((await owner.delete(`/api/invitations/${invited[0]}`)).status).toBe(200);
    expect((await invite(limit)).status).toBe(201);
  });
});

describe('tables per venue', () => {
  const tableAt = (n: number) => ({
    id: `c${n}`,
    libraryComponentId: 'round-4',
    name: 'Round Table',
    type: 'table',
    shape: 'round',
    x: (n % 10) * 100,
    y: Math.floor(n / 10) * 120,
    width: 80,
    height: 80,
    number: String(n + 1),
    capacity: 4,
    zone: null,
    tableId: null,
  });
  const layoutOf = (count: number) => ({ zones: [], components: Array.from({ length: count }, (_, n) => tableAt(n)) });
  const head = async () => (await owner.get('/api/floor-layout')).body.current?.version ?? null;

  it('refuses to publish more tables than the plan allows, and publishes up to it', async () => {
    const limit = PLAN_LIMITS.FREE.tables as number;
    const saved = await owner.request('PUT', '/api/floor-layout', {
      body: { baseVersion: await head(), layout: layoutOf(limit + 1) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const refused = await owner.post('/api/floor-layout/publish', { baseVersion: saved.body.version });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      id: 'plan_limit_reached',
      message: ADMIN_MESSAGES.planLimitReached('FREE', 'tables', limit),
    });
    expect((await owner.get('/api/tables')).body).toEqual([]);

    const fits = await owner.request('PUT', '/api/floor-layout', {
      body: { baseVersion: await head(), layout: layoutOf(limit) },
    });
    expect(fits.status).toBe(201);
    const published = await owner.post('/api/floor-layout/publish', { baseVersion: fits.body.version });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await owner.get('/api/tables')).body).toHaveLength(limit);
  });
});

describe('usage by month', () => {
  it("counts the organization's API calls once they are added, and only its administrators read them", async () => {
    const me = (await owner.get('/api/auth/me')).body;
    const orgId = me.principal.organizationId as string;
    await h.cloud.flushUsage();
    const before = (await owner.get(`/api/organizations/${orgId}/usage`)).body[0];
    for (let i = 0; i < 5; i++) expect((await owner.get('/api/tables')).status).toBe(200);
    await h.cloud.flushUsage();
    const reply = await owner.get(`/api/organizations/${orgId}/usage`);
    expect(reply.status).toBe(200);
    const now = new Date();
    // The usage read before them and the five reads; this read is counted at the next flush.
    expect(reply.body[0]).toMatchObject({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, ordersClosed: 0 });
    expect(reply.body[0].apiCalls - before.apiCalls).toBe(6);
    const other = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    expect((await other.get(`/api/organizations/${orgId}/usage`)).status).toBe(404);
  });
});
