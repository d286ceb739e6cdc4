// The header's venue selector (issue 24): a member whose roles cover several venues of the
// organization picks the one the session works at; every later call is that venue's. A venue no
// role covers, another organization's included, is not found and changes nothing.
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVOKED_CLOSE_CODE } from '../../realtime/live-gate.js';
import { Client, type Harness, LiveSocket, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;

beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  await h.database.db('venues').where({ id: h.fixture.a.otherVenueId }).update({ tz: 'America/Los_Angeles' });
});
afterAll(async () => {
  await h?.close();
});

const tableIdsOf = async (client: Client) =>
  ((await client.get('/api/tables')).body as { id: string }[]).map((t) => t.id).sort();

describe('GET /api/auth/venues and PUT /api/auth/venue', () => {
  it("lists the organization's venues an organization-wide manager may work at, marking the current one", async () => {
    const reply = await manager.get('/api/auth/venues');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: h.fixture.a.venueId, name: 'Alpha Downtown', timezone: 'UTC', current: true },
      { id: h.fixture.a.otherVenueId, name: 'Alpha Uptown', timezone: 'America/Los_Angeles', current: false },
    ]);
  });

  it('moves the session to the chosen venue: its tables, its time zone, and it stays so', async () => {
    expect(await tableIdsOf(manager)).toEqual([...h.fixture.a.tableIds].sort());
    const chosen = await manager.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.otherVenueId } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.principal).toMatchObject({ venueId: h.fixture.a.otherVenueId, role: 'MANAGER' });
    expect(await tableIdsOf(manager)).toEqual([h.fixture.a.otherVenueTableId]);
    expect((await manager.get('/api/auth/me')).body.principal.venueId).toBe(h.fixture.a.otherVenueId);
    expect((await manager.get('/api/reservations/bookable-times')).body.timeZone).toBe('America/Los_Angeles');
    const list = await manager.get('/api/auth/venues');
    expect(list.body.find((v: { current: boolean }) => v.current).id).toBe(h.fixture.a.otherVenueId);
    // Another sign-in of the same member is a session of its own, at its own venue.
    const other = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    expect((await other.get('/api/auth/me')).body.principal.venueId).toBe(h.fixture.a.venueId);
    // And back.
    const back = await manager.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.venueId } });
    expect(back.body.principal.venueId).toBe(h.fixture.a.venueId);
    expect(await tableIdsOf(manager)).toEqual([...h.fixture.a.tableIds].sort());
  });

  it("closes the session's live connections, which were the old venue's; a reconnect is the new venue's", async () => {
    const other = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: manager.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    const bystander = await LiveSocket.open(h.cloud.url, { cookie: other.cookieHeader() });
    await bystander.next((m) => m.type === 'hello');
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    await manager.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.otherVenueId } });
    expect(await closed).toBe(REVOKED_CLOSE_CODE);
    // Another session of the same member keeps its connection.
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);
    await bystander.close();
    const again = await LiveSocket.open(h.cloud.url, { cookie: manager.cookieHeader() });
    const hello = await again.next((m) => m.type === 'hello');
    expect(JSON.stringify(hello)).toContain(h.fixture.a.otherVenueId);
    await again.close();
    await manager.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.venueId } });
  });

  it("answers 404 for another organization's venue, an unknown one or a closed one, and changes nothing", async () => {
    await h.database.db('venues').insert({ id: randomUUID(), org_id: h.fixture.a.orgId, name: 'Alpha Closed' });
    const closed = await h.database.db('venues').where({ name: 'Alpha Closed' }).first();
    await h.database.db('venues').where({ id: closed.id }).update({ is_active: false });
    for (const venueId of [h.fixture.b.venueId, randomUUID(), closed.id]) {
      const reply = await manager.request('PUT', '/api/auth/venue', { body: { venueId } });
      expect(reply.status, venueId).toBe(404);
      expect(reply.body.message).toBe(MESSAGES.notFound('Venue'));
    }
    expect((await manager.get('/api/auth/me')).body.principal.venueId).toBe(h.fixture.a.venueId);
    expect((await manager.get('/api/auth/venues')).body.map((v: { name: string }) => v.name)).toEqual([
      'Alpha Downtown',
      'Alpha Uptown',
    ]);
    const bad = await manager.request('PUT', '/api/auth/venue', { body: { venueId: 'downtown' } });
    expect(bad.status).toBe(400);
  });

  it('offers a member with one venue role only that venue, and refuses the others', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const list = await staff.get('/api/auth/venues');
    expect(list.body.map((v: { id: string }) => v.id)).toEqual([h.fixture.a.venueId]);
    const reply = await staff.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.otherVenueId } });
    expect(reply.status).toBe(404);
    expect((await staff.get('/api/auth/me')).body.principal.venueId).toBe(h.fixture.a.venueId);
  });

  it('is refused without a session', async () => {
    const stranger = new Client(h.cloud.url);
    expect((await stranger.get('/api/auth/venues')).status).toBe(401);
    expect((await stranger.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.venueId } })).status).toBe(
      401,
    );
  });
});
