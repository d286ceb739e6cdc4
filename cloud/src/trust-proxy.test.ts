import { STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyFrom } from './server.js';
import { PASSWORD } from './testkit/fixture.js';
import { Client, type Harness, startHarness } from './testkit/harness.js';

// What a TLS proxy adds: the address it saw (appended to what the client sent) and the protocol.
const FROM_PROXY = { 'x-forwarded-for': '198.51.100.1, 203.0.113.77', 'x-forwarded-proto': 'https' };

let direct: Harness;
let proxied: Harness;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([startHarness(), startHarness({ trustProxy: 1 })]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

const sessionCookie = (headers: Headers) =>
  headers.getSetCookie().find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`)) ?? '';

/** The address a failed sign-in was counted under. */
async function countedAddress(h: Harness, email: string): Promise<string[]> {
  const reply = await new Client(h.cloud.url).post(
    '/api/auth/login',
    { email, password: 'wrong' },
    { headers: FROM_PROXY },
  );
  expect(reply.status).toBe(401);
  return h.database.db('login_throttles').where({ email }).whereNot({ address: '' }).pluck('address');
}

describe('TRUST_PROXY', () => {
  it('reads the number of proxies, refusing anything else', () => {
    expect(trustProxyFrom(undefined)).toBe(0);
    expect(trustProxyFrom('')).toBe(0);
    expect(trustProxyFrom('1')).toBe(1);
    expect(() => trustProxyFrom('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('-1')).toThrow(/TRUST_PROXY/);
  });

  it('behind a trusted proxy: the client is the address the proxy appended, and cookies are Secure over TLS', async () => {
    expect(await countedAddress(proxied, proxied.fixture.a.staffEmail)).toEqual(['203.0.113.77']);
    const tls = await new Client(proxied.cloud.url).post(
      '/api/auth/login',
      { email: proxied.fixture.a.managerEmail, password: PASSWORD },
      { headers: FROM_PROXY },
    );
    expect(tls.status).toBe(200);
    expect(sessionCookie(tls.headers)).toMatch(/;\s*secure/i);
    const plain = await new Client(proxied.cloud.url).post(
      '/api/auth/login',
      { email: proxied.fixture.a.managerEmail, password: PASSWORD },
      { headers: { 'x-forwarded-proto': 'http' } },
    );
    expect(plain.status).toBe(200);
    expect(sessionCookie(plain.headers)).not.toMatch(/secure/i);
  });

  it('without it, X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    const [address] = await countedAddress(direct, direct.fixture.a.staffEmail);
    expect(address).toMatch(/127\.0\.0\.1/);
    const reply = await new Client(direct.cloud.url).post(
      '/api/auth/login',
      { email: direct.fixture.a.managerEmail, password: PASSWORD },
      { headers: FROM_PROXY },
    );
    expect(reply.status).toBe(200);
    expect(sessionCookie(reply.headers)).not.toMatch(/secure/i);
  });
});
