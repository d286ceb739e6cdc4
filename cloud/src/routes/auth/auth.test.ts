import { MESSAGES, MeAnswer, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../testkit/fixture.js';
import { Client, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('staff auth', () => {
  it('logs in with an HttpOnly SameSite=Lax cookie and answers the principal', async () => {
    const client = new Client(h.cloud.url);
    const reply = await client.post('/api/auth/login', { email: h.fixture.a.managerEmail, password: PASSWORD });
    expect(reply.status).toBe(200);
    const me = MeAnswer.parse(reply.body);
    expect(me.principal).toMatchObject({
      organizationId: h.fixture.a.orgId,
      venueId: h.fixture.a.venueId,
      role: 'MANAGER',
    });
    const cookie = reply.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    // Only the token's SHA-256 is stored.
    const token = client.cookies.get(STAFF_SESSION_COOKIE) ?? '';
    const rows = await h.database.db('auth_sessions').select('id');
    expect(rows.map((r) => r.id)).not.toContain(token);
    expect((await client.get('/api/auth/me')).body).toEqual(reply.body);
  });

  it('refuses a wrong password or an unknown email with the same 401', async () => {
    const client = new Client(h.cloud.url);
    for (const body of [
      { email: h.fixture.a.managerEmail, password: 'wrong' },
      { email: 'nobody@example.test', password: PASSWORD },
    ]) {
      const reply = await client.post('/api/auth/login', body);
      expect(reply.status).toBe(401);
      expect(reply.body.message).toBe(MESSAGES.invalidCredentials);
    }
    expect(client.cookies.size).toBe(0);
  });

  it('answers 400 naming the missing field', async () => {
    const reply = await new Client(h.cloud.url).post('/api/auth/login', { password: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('email');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const reply = await new Client(h.cloud.url).request('POST', '/api/auth/login', {
      body: '{not json',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(MESSAGES.invalidJsonBody);
  });

  it('answers 401 to /me without a session and after logout', async () => {
    expect((await new Client(h.cloud.url).get('/api/auth/me')).status).toBe(401);
    const client = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const token = client.cookies.get(STAFF_SESSION_COOKIE);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    // Even the old token, replayed, is dead.
    const replay = new Client(h.cloud.url);
    replay.cookies.set(STAFF_SESSION_COOKIE, token ?? '');
    const me = await replay.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(MESSAGES.authenticationRequired);
  });

  it('lets an organization-wide role pick a venue of its organization with X-Venue-Id, and only those', async () => {
    const client = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const other = await client.get('/api/auth/me', { headers: { 'X-Venue-Id': h.fixture.a.otherVenueId } });
    expect(other.body.principal.venueId).toBe(h.fixture.a.otherVenueId);
    const foreign = await client.get('/api/auth/me', { headers: { 'X-Venue-Id': h.fixture.b.venueId } });
    expect(foreign.body.principal.venueId).toBe(h.fixture.a.venueId);
    // A venue-scoped role stays on its venue whatever the header says.
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const pinned = await staff.get('/api/auth/me', { headers: { 'X-Venue-Id': h.fixture.a.otherVenueId } });
    expect(pinned.body.principal.venueId).toBe(h.fixture.a.venueId);
  });

  it('refuses further sign-ins after ten failures for one email, even with the right password', async () => {
    const client = new Client(h.cloud.url);
    for (let i = 0; i < 10; i += 1) {
      expect((await client.post('/api/auth/login', { email: h.fixture.b.staffEmail, password: 'guess' })).status).toBe(
        401,
      );
    }
    const blocked = await client.post('/api/auth/login', { email: h.fixture.b.staffEmail, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.tooManySignInAttempts);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(client.cookies.size).toBe(0);
    // Another account is not affected.
    expect((await client.post('/api/auth/login', { email: h.fixture.b.managerEmail, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('refuses writes from a foreign origin', async () => {
    const reply = await new Client(h.cloud.url).post(
      '/api/auth/login',
      { email: h.fixture.a.managerEmail, password: PASSWORD },
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(MESSAGES.forbiddenOrigin);
  });

  it("answers the floor duty on the staff member's role, and a manager's as none", async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    expect(MeAnswer.parse((await manager.get('/api/auth/me')).body).principal.duty).toBeNull();
    const staffIds = h.database.db('users').where({ email: h.fixture.a.staffEmail }).select('id');
    await h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty: 'KITCHEN' });
    try {
      const kitchen = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
      expect(MeAnswer.parse((await kitchen.get('/api/auth/me')).body).principal).toMatchObject({
        role: 'STAFF',
        duty: 'KITCHEN',
      });
      // A duty the product does not know is refused by the database.
      await expect(h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty: 'CHEF' })).rejects.toThrow(
        /user_roles_duty_check/,
      );
    } finally {
      await h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty: null });
    }
  });
});
