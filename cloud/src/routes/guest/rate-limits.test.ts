import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { GUEST_RATE_LIMITS, GUEST_SESSION_COOKIE, IDEMPOTENCY_HEADER, MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGuestCookie } from '../../security/tokens.js';
import { type Client, type Harness, loginAs, startHarness, TEST_SECRET } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
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

/**
 * A phone on its own network: requests leave from `address` (a loopback address of its own), so
 * each test counts against an address no other test uses. Keeps the guest cookie it is given.
 */
class Phone {
  cookie: string | undefined;
  constructor(readonly address: string) {}

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
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
            ...headers,
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
            const retryAfter = res.headers['retry-after'];
            resolve({ status: res.statusCode ?? 0, retryAfter, body: data ? JSON.parse(data) : undefined });
          });
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }
}

const tokenOf = async (tableId: string) => (await staff.get(`/api/tables/${tableId}/qr`)).body.token as string;
const counts = async () => ({
  sessions: (await h.database.db('sessions')).length,
  orders: (await h.database.db('orders')).length,
  events: (await h.database.db('events')).length,
});

function expectLimited(reply: Reply): void {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({ message: MESSAGES.tooManyRequests, id: 'rate_limited' });
  const seconds = Number(reply.retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(GUEST_RATE_LIMITS.windowSeconds);
}

describe('guest rate limits', () => {
  it('lets a full table of phones behind one venue address scan, check in and order', async () => {
    const tableId = h.fixture.a.tableIds[0] as string;
    const token = await tokenOf(tableId);
    const phones = Array.from({ length: 8 }, () => new Phone('127.0.0.2'));
    const joined: string[] = [];
    for (const phone of phones) {
      expect((await phone.post('/api/guest/scan-entrance', { qrData: token })).status).toBe(200);
      expect((await phone.post('/api/guest/scan-table', { qrData: token, expectedTableId: tableId })).status).toBe(200);
      // The party fits its table of 4 (a larger one would be sent to choose another table).
      const checkin = await phone.post('/api/guest/checkin', { guestName: 'Ada', partySize: 4, tableId, token });
      expect(checkin.status).toBe(200);
      if (checkin.body.phoneId) joined.push(checkin.body.phoneId);
    }
    // Every phone joined the one party; the first lets the others in (issue 27); each orders a
    // round, then another.
    expect(new Set(phones.map((p) => p.cookie?.split('.')[0]?.split('~')[0]))).toHaveLength(1);
    expect(joined).toHaveLength(phones.length - 1);
    for (const phoneId of joined) {
      expect((await phones[0]?.post(`/api/guest/phones/${phoneId}/decision`, { approve: true }))?.status).toBe(200);
    }
    const sessionId = (await h.database.db('sessions').where({ table_id: tableId }).first()).id;
    for (const round of [1, 2]) {
      for (const phone of phones) {
        const reply = await phone.post('/api/orders', {
          sessionId,
          items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: round, course: 'drink' }],
        });
        expect(reply.status).toBe(201);
      }
    }
  });

  it('answers a burst of scans from one address with 429 and Retry-After; other addresses still scan', async () => {
    const token = await tokenOf(h.fixture.a.tableIds[1] as string);
    const script = new Phone('127.0.0.3');
    const replies = await Promise.all(
      Array.from({ length: GUEST_RATE_LIMITS.scan.perAddress + 20 }, (_, i) =>
        script.post(i % 2 ? '/api/guest/scan-table' : '/api/guest/scan-entrance', { qrData: token }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(GUEST_RATE_LIMITS.scan.perAddress);
    const limited = replies.filter((r) => r.status !== 200);
    expect(limited).toHaveLength(20);
    for (const reply of limited) expectLimited(reply);
    expect((await new Phone('127.0.0.4').post('/api/guest/scan-entrance', { qrData: token })).status).toBe(200);
  });

  it('refuses check-ins past the address limit, changing nothing', async () => {
    const tableId = h.fixture.a.tableIds[1] as string;
    const script = new Phone('127.0.0.5');
    // Guessing codes: each wrong one counts.
    for (let i = 0; i < GUEST_RATE_LIMITS.checkin.perAddress; i += 1) {
      const guess = await script.post('/api/guest/checkin', { partySize: 2, tableId, token: `guess-${i}` });
      expect(guess.status).toBe(400);
    }
    const before = await counts();
    const limited = await script.post('/api/guest/checkin', { partySize: 2, tableId, token: await tokenOf(tableId) });
    expectLimited(limited);
    expect(script.cookie).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect((await h.database.db('tables').where({ id: tableId }).first()).state).toBe('EMPTY');
  });

  it("limits a guest session's orders, whatever address they come from, and a refused order writes nothing", async () => {
    const tableId = h.fixture.a.tableIds[2] as string;
    const first = new Phone('127.0.0.6');
    const checkin = await first.post('/api/guest/checkin', { partySize: 2, tableId, token: await tokenOf(tableId) });
    const order = {
      sessionId: checkin.body.sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
    };
    // The same cookie from two networks (Wi-Fi, then mobile data) shares one allowance.
    const second = new Phone('127.0.0.7');
    second.cookie = first.cookie;
    const perSession = GUEST_RATE_LIMITS.order.perSession;
    for (let i = 0; i < perSession; i += 1) {
      expect((await (i % 2 ? second : first).post('/api/orders', order)).status).toBe(201);
    }
    const before = await counts();
    expectLimited(await first.post('/api/orders', order));
    expectLimited(await second.post('/api/orders', order));
    expect(await counts()).toEqual(before);
    // Another party ordering from the same address is not held back.
    const other = new Phone('127.0.0.6');
    const otherTable = h.fixture.a.tableIds[1] as string;
    const seated = await other.post('/api/guest/checkin', {
      partySize: 2,
      tableId: otherTable,
      token: await tokenOf(otherTable),
    });
    const reply = await other.post('/api/orders', { ...order, sessionId: seated.body.sessionId });
    expect(reply.status).toBe(201);
  });

  // The guest app sends every order with an Idempotency-Key: such an order counts its limits in the
  // round trip that begins it (commands/orders.ts, placeOrderAtOnce), in the same rows as the rest.
  describe('keyed orders', () => {
    /** A party seated straight in the database at the first table, and a phone holding its cookie. */
    async function seatedPhone(address: string): Promise<{ phone: Phone; sessionId: string }> {
      const sessionId = randomUUID();
      await h.database.db('sessions').insert({
        id: sessionId,
        org_id: h.fixture.a.orgId,
        venue_id: h.fixture.a.venueId,
        table_id: h.fixture.a.tableIds[0],
        party_size: 2,
        guest_name: 'Limits',
      });
      const phone = new Phone(address);
      phone.cookie = `${GUEST_SESSION_COOKIE}=${signGuestCookie(TEST_SECRET, sessionId)}`;
      return { phone, sessionId };
    }
    const orderOf = (sessionId: string) => ({
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
    });
    const keyed = (key = randomUUID()) => ({ [IDEMPOTENCY_HEADER]: key });
    const rateRow = async (key: string) => h.database.db('rate_limits').where({ key }).first();

    it("counts a session's keyed and unkeyed orders in one allowance; past it, a keyed order writes nothing and leaves its key free", async () => {
      const { phone, sessionId } = await seatedPhone('127.0.0.8');
      const perSession = GUEST_RATE_LIMITS.order.perSession;
      for (let i = 0; i < perSession; i += 1) {
        const reply = await phone.post('/api/orders', orderOf(sessionId), i % 2 ? keyed() : {});
        expect(reply.status).toBe(201);
      }
      expect(await rateRow(`order:session:${sessionId}`)).toMatchObject({ points: perSession });
      expect(await rateRow('order:address:127.0.0.8')).toMatchObject({ points: perSession });
      const before = await counts();
      const key = randomUUID();
      expectLimited(await phone.post('/api/orders', orderOf(sessionId), keyed(key)));
      expectLimited(await phone.post('/api/orders', orderOf(sessionId), keyed(key)));
      expect(await counts()).toEqual(before);
      expect(await h.database.db('idempotency_keys').where({ key })).toEqual([]);
      // Each refused order counted, as the store's limiter counts them.
      expect(await rateRow(`order:session:${sessionId}`)).toMatchObject({ points: perSession + 2 });
      expect(await rateRow('order:address:127.0.0.8')).toMatchObject({ points: perSession + 2 });
    });

    it('counts an address over its limit first, and then not its sessions; a bad order still counts', async () => {
      const perAddress = GUEST_RATE_LIMITS.order.perAddress;
      const perSession = GUEST_RATE_LIMITS.order.perSession;
      const parties = await Promise.all(
        Array.from({ length: Math.ceil(perAddress / (perSession - 1)) + 1 }, () => seatedPhone('127.0.0.9')),
      );
      let placed = 0;
      for (const { phone, sessionId } of parties) {
        for (let i = 0; i < perSession - 1 && placed < perAddress; i += 1, placed += 1) {
          // Every fifth one refused for what it sent: counted all the same.
          const body = placed % 5 === 4 ? { sessionId, items: [] } : orderOf(sessionId);
          const reply = await phone.post('/api/orders', body, keyed());
          expect(reply.status).toBe(placed % 5 === 4 ? 400 : 201);
        }
      }
      const last = parties.at(-1) as { phone: Phone; sessionId: string };
      const sessionPoints = (await rateRow(`order:session:${last.sessionId}`))?.points ?? 0;
      const before = await counts();
      expectLimited(await last.phone.post('/api/orders', orderOf(last.sessionId), keyed()));
      expectLimited(await last.phone.post('/api/orders', { sessionId: last.sessionId, items: [] }, keyed()));
      expect(await counts()).toEqual(before);
      expect(await rateRow('order:address:127.0.0.9')).toMatchObject({ points: perAddress + 2 });
      expect((await rateRow(`order:session:${last.sessionId}`))?.points ?? 0).toBe(sessionPoints);
      // The same party from another network still orders.
      const elsewhere = new Phone('127.0.0.10');
      elsewhere.cookie = last.phone.cookie;
      expect((await elsewhere.post('/api/orders', orderOf(last.sessionId), keyed())).status).toBe(201);
    });
  });
});
