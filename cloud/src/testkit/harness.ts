// A started cloud on its own database, real HTTP and WebSocket clients with cookie jars.
import {
  Bill,
  IDEMPOTENCY_HEADER,
  type SelfSeatingLimits,
  type ServerMessage,
  TERMINAL_MUTATION_SEQ_HEADER,
} from '@tablewise/shared';
import WebSocket from 'ws';
import { LocalMailbox } from '../mail/mailer.js';
import { type RunningCloud, type StartCloudOptions, startCloud } from '../server.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { type Fixture, PASSWORD, seedFixture } from './fixture.js';

export const TEST_SECRET = 'test-secret-for-signing';

/**
 * Self-seating limits no test meets by accident: every test's phones share one address and one
 * venue. The limits themselves are tested with SELF_SEATING_LIMITS (guest/self-seating-limits.test.ts).
 */
const ROOMY_SELF_SEATING: SelfSeatingLimits = {
  windowSeconds: 60,
  walkIn: { perAddress: 100_000, perVenue: 100_000 },
  hold: { perAddress: 100_000, perVenue: 100_000 },
  seat: { perAddress: 100_000, perVenue: 100_000 },
};

interface Clock {
  /** Added to the real time; tests move it forward instead of waiting. */
  offsetMs: number;
  now(): Date;
}

export interface Harness {
  database: TestDatabase;
  fixture: Fixture;
  clock: Clock;
  cloud: RunningCloud;
  /** Every mail the cloud sent (invitations, password resets). */
  mailbox: LocalMailbox;
  startAnother(): Promise<RunningCloud>;
  close(): Promise<void>;
}

export async function startHarness(opts: Partial<StartCloudOptions> = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const fixture = await seedFixture(database.db);
  const clock: Clock = {
    offsetMs: 0,
    now() {
      return new Date(Date.now() + this.offsetMs);
    },
  };
  const clouds: RunningCloud[] = [];
  const mailbox = new LocalMailbox();
  const start = async () => {
    const cloud = await startCloud({
      db: database.db,
      databaseUrl: database.url,
      secret: TEST_SECRET,
      now: () => clock.now(),
      // Tests fire courses explicitly with fireDueCourses().
      fireIntervalMs: 3_600_000,
      // and run the stuck-state check with checkStuckTables(), so it never writes mid-test.
      stuckCheckPollMs: 3_600_000,
      mail: mailbox,
      // and expire cash shares with expireCashShares().
      cashShareSweepIntervalMs: 3_600_000,
      selfSeatingLimits: ROOMY_SELF_SEATING,
      // and add the API calls counted to the month's usage with flushUsage().
      usageFlushIntervalMs: 3_600_000,
      // and archive old events with archiveEvents().
      eventsArchivePollMs: 3_600_000,
      ...opts,
    });
    clouds.push(cloud);
    return cloud;
  };
  const cloud = await start();
  return {
    database,
    fixture,
    clock,
    cloud,
    mailbox,
    startAnother: start,
    async close() {
      for (const c of clouds) await c.close();
      await database.drop();
    },
  };
}

// Test replies are asserted field by field, so their bodies are loosely typed.
// biome-ignore lint/suspicious/noExplicitAny: see above
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  key?: string;
  seq?: number;
}

/** An HTTP client with a cookie jar, like a browser tab (or a terminal with its credential). */
export class Client {
  readonly cookies = new Map<string, string>();
  readonly headers: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  // biome-ignore lint/suspicious/noExplicitAny: loosely typed test replies
  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...this.headers, ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.key) headers[IDEMPOTENCY_HEADER] = opts.key;
    if (opts.seq !== undefined) headers[TERMINAL_MUTATION_SEQ_HEADER] = String(opts.seq);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(opts.body !== undefined
        ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }
        : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  // biome-ignore lint/suspicious/noExplicitAny: loosely typed test replies
  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts);
  }
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed test replies
  post<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...opts, body: body ?? {} });
  }
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed test replies
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', path, opts);
  }
}

export async function loginAs(baseUrl: string, email: string): Promise<Client> {
  const client = new Client(baseUrl);
  const reply = await client.post('/api/auth/login', { email, password: PASSWORD });
  if (reply.status !== 200) throw new Error(`Login as ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return client;
}

/** Pairs a terminal (as the manager) and returns a client that sends its credential. */
export async function pairTerminal(
  baseUrl: string,
  managerEmail: string,
  name = 'Kitchen PC',
): Promise<{ client: Client; id: string; credential: string }> {
  const manager = await loginAs(baseUrl, managerEmail);
  const reply = await manager.post('/api/terminals', { name });
  if (reply.status !== 201) throw new Error(`Pairing failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  const client = new Client(baseUrl);
  client.headers.authorization = `Terminal ${reply.body.credential}`;
  return { client, id: reply.body.terminal.id, credential: reply.body.credential };
}

/**
 * Checks a guest in at a table by its QR code; the returned client holds the guest cookie. At a
 * table whose party sits there already the phone asks to join it (issue 27): `staff` lets it in,
 * as the host would, so the phone is the party's (party-phones.test.ts tests the asking itself).
 */
export async function checkInGuest(baseUrl: string, staff: Client, tableId: string, partySize = 2) {
  const qr = await staff.get(`/api/tables/${tableId}/qr`);
  if (qr.status !== 200) throw new Error(`QR failed: ${qr.status} ${JSON.stringify(qr.body)}`);
  const url = new URL(qr.body.url);
  const guest = new Client(baseUrl);
  const reply = await guest.post('/api/guest/checkin', {
    guestName: 'Ada',
    partySize,
    tableId: url.searchParams.get('tableId'),
    venueId: url.searchParams.get('venueId'),
    token: qr.body.token,
  });
  if (reply.status !== 200) throw new Error(`Check-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  if (reply.body.joinPending) {
    const letIn = await staff.post(`/api/phone-joins/${reply.body.phoneId}/decision`, { approve: true });
    if (letIn.status !== 200)
      throw new Error(`Letting the phone in failed: ${letIn.status} ${JSON.stringify(letIn.body)}`);
  }
  return { guest, sessionId: reply.body.sessionId as string, token: qr.body.token as string };
}

/** The venue's entrance code, as its manager reads it for the door's QR code (issue 27). */
export async function entranceCode(baseUrl: string, managerEmail: string): Promise<{ url: string; token: string }> {
  const reply = await (await loginAs(baseUrl, managerEmail)).get('/api/venue/entrance-qr');
  if (reply.status !== 200) throw new Error(`Entrance code failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { url: reply.body.url as string, token: reply.body.token as string };
}

/** A walk-in by the venue's entrance code, on a phone of its own: the phone and the check-in's reply. */
export async function walkIn(
  baseUrl: string,
  venue: { venueId: string; managerEmail: string },
  party: { guestName: string; partySize: number },
) {
  const { token } = await entranceCode(baseUrl, venue.managerEmail);
  const guest = new Client(baseUrl);
  const reply = await guest.post('/api/guest/checkin', { ...party, venueId: venue.venueId, token });
  return { guest, reply };
}

/** Pays the session's whole bill with one card (a network's test Visa, for the demo provider): the bill paid and the reply. */
export async function payInFullByCard(guest: Client, sessionId: string) {
  const bill = Bill.parse((await guest.get(`/api/orders/payment/${sessionId}`)).body);
  const paid = await guest.post('/api/payments/process', {
    sessionId,
    billVersion: bill.version,
    totalAmount: bill.total,
    splits: [{ id: 'all', amount: bill.total, paymentMethod: 'card' }],
    card: { number: '4242 4242 4242 4242' },
  });
  return { bill, paid };
}

/** A live socket that records every message and lets a test wait for one that matches. */
export class LiveSocket {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<{ match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; from: number }> =
    [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static open(
    baseUrl: string,
    opts: { cookie?: string; headers?: Record<string, string>; query?: string } = {},
  ): Promise<LiveSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws${opts.query ?? ''}`;
    const ws = new WebSocket(url, { headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers } });
    const socket = new LiveSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Resolves with the first message (already received or still to come) that matches. */
  next<T extends ServerMessage = ServerMessage>(match: (m: ServerMessage) => boolean): Promise<T> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen as T);
    return new Promise((resolve) =>
      this.waiters.push({ match, resolve: resolve as (m: ServerMessage) => void, from: this.messages.length }),
    );
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close(1000);
    });
  }
}

export function seqOf(m: ServerMessage): number {
  return 'seq' in m ? m.seq : -1;
}
