// Probe finding 1 of issue 27: a loop of fresh cookies from one address held and confirmed 19
// tables in 2 seconds. Walk-in check-ins, holds and self-seating are now limited per client address
// and per venue (SELF_SEATING_LIMITS), through the cloud's limit store (PostgreSQL's rate_limits
// table, shared by every instance); a fresh cookie buys nothing. Refused attempts change nothing.

import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { GUEST_SESSION_COOKIE, MESSAGES, SELF_SEATING_LIMITS } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entranceCode, type Harness, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ selfSeatingLimits: SELF_SEATING_LIMITS, holdSweepIntervalMs: 3_600_000 });
});
afterAll(async () => {
  await h?.close();
});

interface Reply {
  status: number;
  retryAfter: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are asserted field by field
  body: any;
}

/** A phone whose requests leave from `address` (a loopback address of its own); keeps its guest cookie. */
class Phone {
  cookie: string | undefined;
  constructor(readonly address: string) {}

  post(path: string, body: unknown): Promise<Reply> {
    const url = new URL(path, h.cloud.url);
    const text = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: this.address,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
            ...(this.cookie ? { cookie: this.cookie } : {}),
          },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            data += chunk;
          });
          res.on('end', () => {
            const guest = res.headers['set-cookie']?.find((c) => c.startsWith(`${GUEST_SESSION_COOKIE}=`));
            if (guest) this.cookie = guest.split(';')[0];
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers['retry-after'],
              body: data ? JSON.parse(data) : undefined,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }
}

/** A free table of the venue for one test. */
async function addTable(org: { orgId: string; venueId: string }): Promise<string> {
  const id = randomUUID();
  const number = `S${id.slice(0, 6)}`;
  await h.database.db('tables').insert({
    id,
    org_id: org.orgId,
    venue_id: org.venueId,
    number,
    name: `Table ${number}`,
    capacity: 4,
    capacity_max: 4,
    zone: 'Patio',
    is_accessible: false,
    has_view: false,
    x_position: 100,
    y_position: 100,
    state: 'EMPTY',
  });
  return id;
}

const entranceCodes = new Map<string, string>();

/** The venue's entrance code, as scanned at its door (a walk-in needs it: issue 27). */
async function entranceTokenOf(venueId: string): Promise<string> {
  const known = entranceCodes.get(venueId);
  if (known) return known;
  const org = [h.fixture.a, h.fixture.b].find((o) => o.venueId === venueId);
  if (!org) throw new Error(`No fixture venue ${venueId}`);
  const { token } = await entranceCode(h.cloud.url, org.managerEmail);
  entranceCodes.set(venueId, token);
  return token;
}

/** A fresh phone (fresh cookie) from `address` that walks in at the venue by its entrance code. */
async function walkIn(address: string, venueId: string): Promise<{ phone: Phone; reply: Reply }> {
  const phone = new Phone(address);
  const token = await entranceTokenOf(venueId);
  const reply = await phone.post('/api/guest/checkin', { guestName: 'Loop', partySize: 2, venueId, token });
  return { phone, reply };
}

function expectRefused(reply: Reply, message: string): void {
  expect(reply.status).toBe(429);
  expect(reply.body).toMatchObject({ id: 'rate_limited', message });
  expect(Number(reply.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(reply.retryAfter)).toBeLessThanOrEqual(SELF_SEATING_LIMITS.windowSeconds);
}

describe('self-seating limits', () => {
  it('gives one address its walk-ins a window, whatever its cookies; another address still walks in', async () => {
    const venueId = h.fixture.a.venueId;
    const sessionsBefore = (await h.database.db('sessions').where({ venue_id: venueId }).count('* as n'))[0]?.n;
    const allowed = SELF_SEATING_LIMITS.walkIn.perAddress;
    for (let i = 0; i < allowed; i += 1) expect((await walkIn('127.0.2.1', venueId)).reply.status).toBe(200);
    const refused = await walkIn('127.0.2.1', venueId);
    expectRefused(refused.reply, MESSAGES.tooManyRequests);
    expect(refused.phone.cookie).toBeUndefined();
    const sessionsAfter = (await h.database.db('sessions').where({ venue_id: venueId }).count('* as n'))[0]?.n;
    expect(Number(sessionsAfter) - Number(sessionsBefore)).toBe(allowed);
    expect((await walkIn('127.0.2.2', venueId)).reply.status).toBe(200);
  });

  it('lets one address seat itself at most seat.perAddress times a window; the rest stay free', async () => {
    const org = h.fixture.a;
    const address = '127.0.3.1';
    const allowed = SELF_SEATING_LIMITS.seat.perAddress;
    const tries = allowed + 2;
    const outcomes: { table: string; status: number; reply: Reply }[] = [];
    for (let i = 0; i < tries; i += 1) {
      const table = await addTable(org);
      const { phone, reply } = await walkIn(address, org.venueId);
      expect(reply.status).toBe(200);
      expect((await phone.post('/api/guest/hold-table', { tableId: table })).status).toBe(200);
      const confirmed = await phone.post('/api/guest/confirm-table', { tableId: table });
      outcomes.push({ table, status: confirmed.status, reply: confirmed });
    }
    expect(outcomes.map((o) => o.status)).toEqual([...Array(allowed).fill(200), 429, 429]);
    for (const o of outcomes.filter((x) => x.status === 429)) {
      expectRefused(o.reply, MESSAGES.tooManyRequests);
      const table = await h.database.db('tables').where({ id: o.table }).first();
      expect(table.state).not.toBe('OCCUPIED');
      expect(await h.database.db('sessions').where({ table_id: o.table, status: 'ACTIVE' }).first()).toBeUndefined();
    }
  });

  it('lets many addresses together seat at most seat.perVenue parties at one venue a window', async () => {
    const org = h.fixture.b;
    const allowed = SELF_SEATING_LIMITS.seat.perVenue;
    const statuses: number[] = [];
    let last: Reply | undefined;
    for (let i = 0; i < allowed + 2; i += 1) {
      const table = await addTable(org);
      // Each from an address of its own: per address, every one of them is allowed.
      const { phone } = await walkIn(`127.0.4.${i + 1}`, org.venueId);
      expect((await phone.post('/api/guest/hold-table', { tableId: table })).status).toBe(200);
      last = await phone.post('/api/guest/confirm-table', { tableId: table });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(allowed).fill(200), 429, 429]);
    expectRefused(last as Reply, MESSAGES.selfSeatingBusy);
    // Another venue's guests are not held back by this one's rush.
    const table = await addTable(h.fixture.a);
    const { phone } = await walkIn('127.0.5.1', h.fixture.a.venueId);
    expect((await phone.post('/api/guest/hold-table', { tableId: table })).status).toBe(200);
    expect((await phone.post('/api/guest/confirm-table', { tableId: table })).status).toBe(200);
  });

  it('limits holds per address: a loop holding and releasing cannot churn the floor', async () => {
    const org = h.fixture.a;
    const table = await addTable(org);
    const { phone } = await walkIn('127.0.6.1', org.venueId);
    const statuses: number[] = [];
    for (let i = 0; i < SELF_SEATING_LIMITS.hold.perAddress + 1; i += 1) {
      statuses.push((await phone.post('/api/guest/hold-table', { tableId: table })).status);
      await phone.post('/api/guest/release-table', { tableId: table });
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
