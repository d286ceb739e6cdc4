// Operate it (issue 27): the cloud's log lines are JSON with the request id of the request that
// caused them; a 5xx is logged with its stack; a password, a cookie, and a guest's phone and e-mail
// never reach the log, whether they arrive as fields (a request, an error's details) or as text
// (an error's message).
import { randomUUID } from 'node:crypto';
import { STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../objects/store.js';
import { Client, type Harness, loginAs, startHarness } from '../testkit/harness.js';
import { captureLogger, inRequest } from './logger.js';

const SECRET_PASSWORD = 'Correct-Horse-4417';
const GUEST_PHONE = '+1 415 555 0199';
const GUEST_EMAIL = 'rosa.diaz@example.org';
const COOKIE_VALUE = `cookie-${randomUUID()}`;

const FAILING = randomUUID();
const objectStore: ObjectStore = {
  async put() {},
  async get(key) {
    if (key !== FAILING) return null;
    // An error that carries personal data both in its text and in a field, as a driver's might.
    throw Object.assign(new Error(`upstream refused ${GUEST_EMAIL} at ${GUEST_PHONE}`), {
      details: { password: SECRET_PASSWORD, phone: GUEST_PHONE, email: GUEST_EMAIL },
    });
  },
};

const captured = captureLogger('debug');
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ objectStore, log: captured.logger });
});
afterAll(async () => {
  await h?.close();
});

describe('the cloud log', () => {
  it('names the request on every line, logs a 500 with its stack, and keeps secrets and personal data out', async () => {
    // A wrong password, a login, a session cookie on a request, a guest's phone and e-mail in a body.
    const stranger = new Client(h.cloud.url);
    expect(
      (await stranger.post('/api/auth/login', { email: h.fixture.a.managerEmail, password: SECRET_PASSWORD })).status,
    ).toBe(401);
    const host = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const added = await host.post('/api/waitlist', {
      guestName: 'Rosa Diaz',
      partySize: 2,
      phone: GUEST_PHONE,
      email: GUEST_EMAIL,
    });
    expect(added.status).toBe(201);
    const withCookie = await new Client(h.cloud.url).get('/api/menu', {
      headers: { cookie: `${STAFF_SESSION_COOKIE}=${COOKIE_VALUE}`, 'x-request-id': 'probe-cookie' },
    });
    expect(withCookie.status).toBeGreaterThanOrEqual(400);
    // An unexpected error with the same data in its message and its fields.
    await h.database
      .db('stored_objects')
      .insert({ id: FAILING, org_id: h.fixture.a.orgId, content_type: 'image/png', size: 8, created_at: new Date() });
    const failed = await new Client(h.cloud.url).get(`/api/objects/${FAILING}`, {
      headers: { 'x-request-id': 'probe-500' },
    });
    expect(failed.status).toBe(500);

    const text = captured.text();
    for (const secret of [SECRET_PASSWORD, GUEST_PHONE, GUEST_EMAIL, COOKIE_VALUE, '555 0199', 'rosa.diaz']) {
      expect(text).not.toContain(secret);
    }
    const lines = captured.lines;
    // Every request line names its request; the one a client chose is kept.
    const answered = lines.filter((l) => l.msg === 'request answered');
    expect(answered.length).toBeGreaterThanOrEqual(5);
    for (const line of answered) expect(line.reqId).toEqual(expect.any(String));
    expect(answered.find((l) => l.reqId === 'probe-cookie')).toMatchObject({ route: '/api/menu', method: 'GET' });
    // The 500: its stack, its request id, and the redacted fields still there to show they existed.
    const failure = lines.find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, reqId: 'probe-500', path: `/api/objects/${FAILING}` });
    const err = failure?.err as { message: string; stack: string; details: Record<string, string> };
    expect(err.stack).toMatch(/at .*logging\.test\.ts/);
    expect(err.message).toBe('upstream refused [email] at [phone]');
    expect(err.details).toEqual({ password: '[redacted]', phone: '[redacted]', email: '[redacted]' });
    expect(lines.find((l) => l.reqId === 'probe-500' && l.msg === 'request answered')).toMatchObject({
      level: 50,
      status: 500,
      route: '/api/objects/:id',
    });
  });

  it('redacts by field name at any depth it is given, and scrubs free text', () => {
    const local = captureLogger('info');
    inRequest('req-1', () => {
      local.logger.info(
        {
          headers: { cookie: 'tw_staff=abc', authorization: 'Terminal xyz' },
          body: { guest: { phone: '415-555-0123', email: 'a@b.co', guestName: 'Ann' } },
          password: 'pw-1',
        },
        'guest 415-555-0123 <a@b.co> said tw_staff=abc',
      );
    });
    const [line] = local.lines;
    expect(line).toMatchObject({
      reqId: 'req-1',
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      body: { guest: { phone: '[redacted]', email: '[redacted]', guestName: '[redacted]' } },
      password: '[redacted]',
      msg: 'guest [phone] <[email]> said tw_staff=[redacted]',
    });
    // Ids, sequence numbers and times are not mistaken for phone numbers.
    local.logger.info(`seq 1234567890 of ${'5b9f0c4e-1234-4567-8901-123456789012'} at 2026-11-29T13:57:16.000Z`);
    expect(local.lines[1]?.msg).toBe(
      'seq 1234567890 of 5b9f0c4e-1234-4567-8901-123456789012 at 2026-11-29T13:57:16.000Z',
    );
  });
});
