import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { LIVE_LIMITS, type LiveEvent, MESSAGES, type ServerMessage, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { captureLogger } from '../log/logger.js';
import { appendVenueEvents } from '../repositories/events.js';
import { sha256Hex } from '../security/tokens.js';
import { startCloud } from '../server.js';
import {
  type Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  pairTerminal,
  seqOf,
  startHarness,
  TEST_SECRET,
} from '../testkit/harness.js';
import { REVOKED_CLOSE_CODE } from './live-gate.js';

/** Short, so a socket outlives a change of its access by a fraction of a second in these tests. */
const REVALIDATE_MS = 200;

let h: Harness;
let staff: Client;

const isEvent = (type: LiveEvent['type']) => (m: { type: string }) => m.type === type;
type TableStateChanged = Extract<LiveEvent, { type: 'table.state.changed' }>;

/** The status and JSON body of an upgrade the hub refuses. */
function refusedUpgrade(query: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const ws = new WebSocket(`${h.cloud.url.replace('http', 'ws')}/ws${query}`, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('upgrade was accepted')));
    ws.once('unexpected-response', (_q, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
}

function closeCodeOf(socket: LiveSocket): Promise<number> {
  return new Promise((resolve) => socket.ws.once('close', (code) => resolve(code)));
}

/** Every text frame the socket receives, as sent; a binary frame fails the test. */
function rawFrames(socket: LiveSocket): string[] {
  const frames: string[] = [];
  socket.ws.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    frames.push(data.toString());
  });
  return frames;
}

const venueSeq = async (venueId: string) =>
  Number((await h.database.db('venues').where({ id: venueId }).first()).event_seq);

async function placeOrder(guest: Client, sessionId: string, menuItemId = h.fixture.a.menu.lemonade) {
  const reply = await guest.post('/api/orders', { sessionId, items: [{ menuItemId, quantity: 1, course: 'drink' }] });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; items: Array<{ id: string }> };
}

// Every property of the hub holds whether it feeds its sockets on the API's process or on a
// fan-out process of its own (the gate, on the API's process, hands the sockets over).
describe.each(['inline', 'process'] as const)('live hub, fan-out %s', (liveFanout) => {
  beforeAll(async () => {
    h = await startHarness({ hubRevalidateMs: REVALIDATE_MS, liveFanout });
    staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('greets with hello and pushes a committed order.created to a staff socket', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    const hello = await socket.next((m) => m.type === 'hello');
    expect(socket.messages[0]).toEqual(hello);
    expect(hello).toMatchObject({ venueId: h.fixture.a.venueId });
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const order = await placeOrder(guest, sessionId);
    const created = await socket.next(isEvent('order.created'));
    expect(created).toMatchObject({ type: 'order.created', order: { id: order.id }, venueId: h.fixture.a.venueId });
    // Seats, check-in and order arrive in sequence, each once.
    const seqs = socket.messages.map(seqOf).filter((s) => s > 0);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    await socket.close();
  });

  it('sends every missed event after the cursor on subscribe, then live ones, without gaps', async () => {
    const { client: terminal, credential } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail);
    const cursor = Number((await h.database.db('venues').where({ id: h.fixture.a.venueId }).first()).event_seq);
    // Events the terminal misses while away.
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    await placeOrder(guest, sessionId);
    const socket = await LiveSocket.open(h.cloud.url, { headers: { authorization: `Terminal ${credential}` } });
    await socket.next((m) => m.type === 'hello');
    socket.send({ type: 'subscribe', after: cursor });
    const missed = await socket.next(isEvent('order.created'));
    expect(seqOf(missed)).toBe(cursor + 3);
    // A live one after the catch-up.
    const order = await placeOrder(guest, sessionId, h.fixture.a.menu.lemonade);
    await socket.next((m) => m.type === 'order.created' && m.order.id === order.id);
    const seqs = socket.messages.map(seqOf).filter((s) => s > 0);
    expect(seqs).toEqual([cursor + 1, cursor + 2, cursor + 3, cursor + 4]);
    expect(terminal).toBeDefined();
    await socket.close();
  });

  it('refuses an unauthenticated upgrade with 401', async () => {
    await expect(LiveSocket.open(h.cloud.url)).rejects.toThrow('upgrade refused: 401');
    const forged = new WebSocket(`${h.cloud.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: `${STAFF_SESSION_COOKIE}=nope` },
    });
    const status = await new Promise<number>((resolve) =>
      forged.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('answers a malformed message with an error and keeps the socket', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    socket.send('not json');
    expect(await socket.next((m) => m.type === 'error')).toEqual({ type: 'error', message: MESSAGES.invalidJsonBody });
    socket.send({ type: 'subscribe', after: -4 });
    const second = await socket.next((m) => m.type === 'error' && m.message.includes('after'));
    expect(second.type).toBe('error');
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();
  });

  it("gives a guest only their own session's events", async () => {
    const first = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: first.guest.cookieHeader() });
    const hello = await socket.next((m) => m.type === 'hello');
    socket.send({ type: 'subscribe', after: 0 });
    // Another party's order at another table, then this party's.
    const other = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const foreign = await placeOrder(other.guest, other.sessionId);
    const own = await placeOrder(first.guest, first.sessionId);
    await staff.post(`/api/order-items/${own.items[0]?.id}/status`, { status: 'IN_PREP' });
    await staff.post(`/api/order-items/${foreign.items[0]?.id}/status`, { status: 'IN_PREP' });
    // A last move of the party's own item: once it arrives, every earlier event has been weighed.
    await staff.post(`/api/order-items/${own.items[0]?.id}/status`, { status: 'READY_FOR_RUN' });
    await socket.next((m) => m.type === 'order.item.status.changed' && m.to === 'READY_FOR_RUN');
    const lastSeq = Number((await h.database.db('venues').where({ id: h.fixture.a.venueId }).first()).event_seq);
    const events = socket.messages.filter((m) => seqOf(m) > 0) as LiveEvent[];
    for (const event of events) {
      switch (event.type) {
        case 'order.created':
          expect(event.order.sessionId).toBe(first.sessionId);
          break;
        case 'order.item.status.changed':
          expect(event.item.orderId).toBe(own.id);
          break;
        // Every table's moves reach seat selection, in the guest view: never who sits there.
        case 'table.state.changed':
        case 'table.selected':
          expect(event.table).toMatchObject({ partyName: null, guestCount: null, timeSeated: null });
          break;
        case 'guest.checkedin':
          expect(event.session.id).toBe(first.sessionId);
          break;
        case 'order.priority.changed':
        case 'order.item.cancelled':
          expect(event.order.sessionId).toBe(first.sessionId);
          break;
        case 'menu.item.updated':
          break;
        case 'order.ready_for_run':
        case 'order.delivered':
          expect(event.orderId).toBe(own.id);
          break;
        case 'runner.status.changed':
        case 'runner.order.updated':
          throw new Error(`a guest got the staff event ${event.type}`);
        // Payments and the exit of the party's own session only (this test makes none).
        case 'payment.status.changed':
          expect(event.payment.sessionId).toBe(first.sessionId);
          break;
        case 'payment.completed':
        case 'guest.departed':
          throw new Error(`a guest got ${event.type} of a session that made none`);
        case 'waitlist.updated':
        case 'printer.updated':
        case 'printer.status':
        case 'print.job.updated':
        case 'print.completed':
        case 'reservation.created':
        case 'reservation.checkin':
        case 'reservation.updated':
        case 'task.created':
        case 'staff.alert':
        case 'printer.removed':
        case 'task.updated':
        case 'table.stuck':
        case 'receipt.print_requested':
        case 'staff.access.changed':
        case 'floor.layout.saved':
        case 'venue.updated':
        case 'guest.data.erased':
        case 'seating.approval.changed':
          throw new Error(`a guest got the staff event ${event.type}`);
        // A table choice waiting for the host: only the guest's own (this test makes none).
        case 'seat.request.updated':
          expect(event.request.sessionId).toBe(first.sessionId);
          break;
        case 'party.phone.updated':
          expect(event.phone.sessionId).toBe(first.sessionId);
          break;
        // Seat selection draws the published floor, without who sits where (this test publishes none).
        case 'floor.published':
          expect(event.tables.every((t) => t.partyName === null)).toBe(true);
          break;
        default: {
          const never: never = event;
          throw new Error(`unexpected ${String(never)}`);
        }
      }
    }
    const ownTable = (e: LiveEvent) => e.type !== 'table.state.changed' || e.tableId === h.fixture.a.tableIds[2];
    expect(events.filter(ownTable).map((e) => e.type)).toEqual([
      'table.state.changed',
      'guest.checkedin',
      'order.created',
      'order.item.status.changed',
      'order.item.status.changed',
    ]);
    expect(lastSeq).toBeGreaterThan(hello.type === 'hello' ? hello.lastSeq : 0);
    await socket.close();
  });

  it("keeps another organization's events away from a socket", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: beta.cookieHeader() });
    const hello = await socket.next((m) => m.type === 'hello');
    expect(hello).toMatchObject({ venueId: h.fixture.b.venueId, lastSeq: 0 });
    socket.send({ type: 'subscribe', after: 0 });
    await checkInGuest(h.cloud.url, beta, h.fixture.b.tableIds[0] as string);
    const event = await socket.next(isEvent('table.state.changed'));
    expect(event).toMatchObject({ venueId: h.fixture.b.venueId, seq: 1 });
    expect(
      socket.messages.filter((m) => seqOf(m) > 0).every((m) => 'venueId' in m && m.venueId === h.fixture.b.venueId),
    ).toBe(true);
    await socket.close();
  });

  it("closes a terminal's socket when the terminal is revoked, and a staff socket on logout", async () => {
    const { id, credential } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Doomed PC');
    const terminalSocket = await LiveSocket.open(h.cloud.url, { headers: { authorization: `Terminal ${credential}` } });
    await terminalSocket.next((m) => m.type === 'hello');
    const closed = new Promise<number>((resolve) => terminalSocket.ws.once('close', (code) => resolve(code)));
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    expect((await manager.delete(`/api/terminals/${id}`)).status).toBe(200);
    expect(await closed).toBe(REVOKED_CLOSE_CODE);

    const leaving = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const staffSocket = await LiveSocket.open(h.cloud.url, { cookie: leaving.cookieHeader() });
    await staffSocket.next((m) => m.type === 'hello');
    const staffClosed = new Promise<number>((resolve) => staffSocket.ws.once('close', (code) => resolve(code)));
    await leaving.post('/api/auth/logout');
    expect(await staffClosed).toBe(REVOKED_CLOSE_CODE);
  });

  it('fans out across instances: a write on one reaches a socket on the other', async () => {
    const other = await h.startAnother();
    expect(other.port).not.toBe(h.cloud.port);
    const socket = await LiveSocket.open(other.url, { cookie: staff.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    const order = await placeOrder(guest, sessionId);
    const created = await socket.next((m) => m.type === 'order.created' && m.order.id === order.id);
    expect(created.type).toBe('order.created');
    await socket.close();
  });

  it('sends a guest socket tables in the guest view: no party name, count or seating time', async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const tableId = h.fixture.b.tableIds[2] as string;
    const cursor = Number((await h.database.db('venues').where({ id: h.fixture.b.venueId }).first()).event_seq);
    const { guest } = await checkInGuest(h.cloud.url, beta, tableId, 4);
    const staffSocket = await LiveSocket.open(h.cloud.url, { cookie: beta.cookieHeader() });
    const guestSocket = await LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() });
    for (const socket of [staffSocket, guestSocket]) {
      await socket.next((m) => m.type === 'hello');
      socket.send({ type: 'subscribe', after: cursor });
    }
    const seated = (m: ServerMessage) => m.type === 'table.state.changed' && m.tableId === tableId;
    const toStaff = await staffSocket.next<TableStateChanged>(seated);
    const toGuest = await guestSocket.next<TableStateChanged>(seated);
    expect(toStaff.table).toMatchObject({ partyName: 'Ada', guestCount: 4, state: 'OCCUPIED' });
    expect(toStaff.table.timeSeated).not.toBeNull();
    expect(toGuest).toEqual({
      ...toStaff,
      table: { ...toStaff.table, partyName: null, guestCount: null, timeSeated: null },
    });
    expect(JSON.stringify(guestSocket.messages)).not.toContain('"partyName":"Ada"');
    await Promise.all([staffSocket.close(), guestSocket.close()]);
  });

  it('refuses a cookie from a foreign origin with 403 before upgrading; a terminal needs no Origin', async () => {
    const foreign = { origin: 'https://evil.example' };
    const { guest } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    for (const cookie of [staff.cookieHeader(), guest.cookieHeader()]) {
      expect(await refusedUpgrade('', { cookie, ...foreign })).toEqual({
        status: 403,
        body: { message: MESSAGES.forbiddenOrigin, id: 'forbidden' },
      });
    }
    // The page's own origin, the public URL's, and no Origin at all (not a browser) may use it.
    for (const headers of [{ origin: h.cloud.url }, {}] as Array<Record<string, string>>) {
      const socket = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader(), headers });
      await socket.next((m) => m.type === 'hello');
      await socket.close();
    }
    const { credential } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Origin PC');
    const terminal = await LiveSocket.open(h.cloud.url, { headers: { authorization: `Terminal ${credential}` } });
    await terminal.next((m) => m.type === 'hello');
    await terminal.close();
  });

  it('refuses a credential in the URL with 401, even a valid one', async () => {
    const { credential } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'URL PC');
    const token = staff.cookies.get(STAFF_SESSION_COOKIE) as string;
    for (const query of [`?credential=${encodeURIComponent(credential)}`, `?token=${token}`]) {
      expect(await refusedUpgrade(query, {})).toEqual({
        status: 401,
        body: { message: MESSAGES.liveCredentialInUrl, id: 'unauthorized' },
      });
    }
  });

  it('closes a socket that sends a frame over 64 KB (1009) and keeps serving others', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    // Just under the limit is an ordinary malformed message.
    socket.send('x'.repeat(LIVE_LIMITS.maxPayloadBytes - 1));
    await socket.next((m) => m.type === 'error');
    const closed = closeCodeOf(socket);
    socket.send('x'.repeat(LIVE_LIMITS.maxPayloadBytes + 1));
    expect(await closed).toBe(1009);
    const next = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    next.send({ type: 'ping' });
    await next.next((m) => m.type === 'pong');
    await next.close();
  });

  it('limits subscribes per socket: refusals get an error, a flood closes the socket (1008)', async () => {
    const { perWindow, refusalsBeforeClose } = LIVE_LIMITS.subscribe;
    const calm = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await calm.next((m) => m.type === 'hello');
    for (let i = 0; i < perWindow; i++) calm.send({ type: 'subscribe', after: 0 });
    calm.send({ type: 'ping' });
    await calm.next((m) => m.type === 'pong');
    expect(calm.messages.filter((m) => m.type === 'error')).toEqual([]);
    await calm.close();

    const flood = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await flood.next((m) => m.type === 'hello');
    const closed = closeCodeOf(flood);
    for (let i = 0; i < perWindow + refusalsBeforeClose; i++) flood.send({ type: 'subscribe', after: 0 });
    expect(await closed).toBe(LIVE_LIMITS.policyCloseCode);
    const refusals = flood.messages.filter((m) => m.type === 'error');
    expect(refusals).toHaveLength(refusalsBeforeClose);
    expect(refusals[0]).toEqual({ type: 'error', message: MESSAGES.liveSubscribeTooOften });
  });

  it('answers a few messages a second; a ping flood or malformed frames close the socket (1008, issue 27)', async () => {
    const { perWindow, ignoredBeforeClose, malformedBeforeClose } = LIVE_LIMITS.messages;
    const pinger = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await pinger.next((m) => m.type === 'hello');
    const pingerClosed = closeCodeOf(pinger);
    for (let i = 0; i < perWindow + ignoredBeforeClose; i++) pinger.send({ type: 'ping' });
    expect(await pingerClosed).toBe(LIVE_LIMITS.policyCloseCode);
    expect(pinger.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(perWindow);

    const garbled = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await garbled.next((m) => m.type === 'hello');
    const garbledClosed = closeCodeOf(garbled);
    for (let i = 0; i < malformedBeforeClose; i++) garbled.send(i % 2 ? '{"type":"nope"}' : 'not json');
    expect(await garbledClosed).toBe(LIVE_LIMITS.policyCloseCode);
    expect(garbled.messages.filter((m) => m.type === 'error')).toHaveLength(malformedBeforeClose - 1);
  });

  it("closes a staff socket when its login expires or its user's role changes (4401)", async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const managerSocket = await LiveSocket.open(h.cloud.url, { cookie: manager.cookieHeader() });
    await managerSocket.next((m) => m.type === 'hello');

    const expiring = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: expiring.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    const closed = closeCodeOf(socket);
    const authSessionId = sha256Hex(expiring.cookies.get(STAFF_SESSION_COOKIE) as string);
    await h.database
      .db('auth_sessions')
      .where({ id: authSessionId })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await closed).toBe(REVOKED_CLOSE_CODE);

    // The re-check that closed it looked at the manager's socket too (one re-check takes every
    // socket, and the manager's was open before the login expired), with nothing changed for it:
    // it is still served. A close from that re-check would reach it before an answer to this ping.
    const demoted = closeCodeOf(managerSocket);
    expect(managerSocket.ws.readyState).toBe(WebSocket.OPEN);
    managerSocket.send({ type: 'ping' });
    const served = managerSocket.next((m) => m.type === 'pong').then(() => 'served');
    expect(await Promise.race([served, demoted.then((code) => `closed (${code})`)])).toBe('served');
    const { user_id: userId } = await h.database
      .db('auth_sessions')
      .where({ id: sha256Hex(manager.cookies.get(STAFF_SESSION_COOKIE) as string) })
      .first();
    const roles = h.database.db('user_roles').where({ user_id: userId });
    await roles.clone().update({ role: 'STAFF' });
    try {
      expect(await demoted).toBe(REVOKED_CLOSE_CODE);
    } finally {
      await roles.clone().update({ role: 'MANAGER' });
    }
  });

  it('closes a guest socket when its dining session is no longer ACTIVE (4401)', async () => {
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    const closed = closeCodeOf(socket);
    await h.database.db('sessions').where({ id: sessionId }).update({ status: 'CLOSED', closed_at: new Date() });
    expect(await closed).toBe(REVOKED_CLOSE_CODE);
    await expect(LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() })).rejects.toThrow(
      'upgrade refused: 401',
    );
  });

  it('sends every staff and terminal socket the same frame, and guests their own view of it', async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const tableId = h.fixture.b.tableIds[1] as string;
    const cursor = await venueSeq(h.fixture.b.venueId);
    const { guest, sessionId } = await checkInGuest(h.cloud.url, beta, tableId, 3);
    const { credential } = await pairTerminal(h.cloud.url, h.fixture.b.managerEmail, 'Frames PC');
    const staffSockets = await Promise.all(
      [1, 2, 3].map(() => LiveSocket.open(h.cloud.url, { cookie: beta.cookieHeader() })),
    );
    const terminal = await LiveSocket.open(h.cloud.url, { headers: { authorization: `Terminal ${credential}` } });
    const guestSocket = await LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() });
    const sockets = [...staffSockets, terminal, guestSocket];
    const frames = sockets.map(rawFrames);
    for (const socket of sockets) {
      await socket.next((m) => m.type === 'hello');
      socket.send({ type: 'subscribe', after: cursor });
    }
    const order = await placeOrder(guest, sessionId, h.fixture.b.menu.lemonade);
    for (const socket of sockets) await socket.next((m) => m.type === 'order.created' && m.order.id === order.id);

    // Each socket's event frames as received (hello may come before the recording starts).
    const events = frames.map((seen) => seen.filter((f) => seqOf(JSON.parse(f)) > cursor));
    const staffView = events.slice(0, 4);
    const guestView = events[4] as string[];
    // The seat, check-in and order, in that order, byte for byte the same on every staff socket.
    for (const seen of staffView) expect(seen).toEqual(staffView[0]);
    const staffEvents = (staffView[0] as string[]).map((f) => JSON.parse(f) as LiveEvent);
    expect(staffEvents.map((e) => e.type)).toEqual(['table.state.changed', 'guest.checkedin', 'order.created']);
    const [seated, checkedIn, created] = staffEvents as [TableStateChanged, LiveEvent, LiveEvent];
    expect(seated.table).toMatchObject({ partyName: 'Ada', guestCount: 3 });
    expect(guestView.map((f) => JSON.parse(f))).toEqual([
      { ...seated, table: { ...seated.table, partyName: null, guestCount: null, timeSeated: null } },
      checkedIn,
      created,
    ]);
    // The order is the same text for the guest: only tables have a view of their own.
    expect(guestView[2]).toBe((staffView[0] as string[])[2]);
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it('drops a socket that stops reading once its unsent frames pass the bound; it catches up on reconnect', async () => {
    const venueId = h.fixture.a.venueId;
    const captured = captureLogger();
    const bounded = await startCloud({
      db: h.database.db,
      databaseUrl: h.database.url,
      secret: TEST_SECRET,
      hubMaxBufferedBytes: 512 * 1024,
      liveFanout,
      log: captured.logger,
    });
    try {
      const reader = await LiveSocket.open(bounded.url, { cookie: staff.cookieHeader() });
      const stalled = await LiveSocket.open(bounded.url, {
        cookie: staff.cookieHeader(),
        headers: { 'x-request-id': 'stalled-socket' },
      });
      const stalledClosed = closeCodeOf(stalled);
      await Promise.all([reader, stalled].map((socket) => socket.next((m) => m.type === 'hello')));
      const cursor = await venueSeq(venueId);
      // The client stops reading its TCP socket, as a phone on a dead link would: what the hub sends
      // fills the kernel's buffers and then waits in the hub's process.
      (stalled.ws as unknown as { _socket: Socket })._socket.pause();

      // 10 MB of events (64 KB each, two a transaction): more than loopback's buffers hold.
      const count = 160;
      const pad = 'x'.repeat(64 * 1024);
      for (let i = 0; i < count; i += 2) {
        await h.database.db.transaction((trx) =>
          appendVenueEvents(
            trx,
            venueId,
            [0, 1].map(() => ({
              id: randomUUID(),
              org_id: h.fixture.a.orgId,
              user_id: null,
              terminal_id: null,
              type: 'order.created',
              payload_json: { type: 'order.created', venueId, order: { id: randomUUID(), sessionId: 'nobody', pad } },
              created_at: new Date(),
            })),
          ),
        );
      }
      await reader.next((m) => seqOf(m) === cursor + count);
      expect(reader.messages.map(seqOf).filter((s) => s > cursor)).toEqual(
        Array.from({ length: count }, (_, i) => cursor + i + 1),
      );
      // Logged under the upgrade's request id, by whichever process fed the socket.
      expect(captured.lines.find((line) => String(line.msg).includes('dropped'))).toMatchObject({
        reqId: 'stalled-socket',
        ...(liveFanout === 'process' ? { proc: 'fanout' } : {}),
      });

      (stalled.ws as unknown as { _socket: Socket })._socket.resume();
      expect(await stalledClosed).toBe(1006);
      // What reached it before the cut is a gap-free start of the feed; the rest comes on reconnect.
      const got = stalled.messages.map(seqOf).filter((s) => s > cursor);
      expect(got.length).toBeLessThan(count);
      expect(got).toEqual(Array.from({ length: got.length }, (_, i) => cursor + i + 1));
      const again = await LiveSocket.open(bounded.url, { cookie: staff.cookieHeader() });
      await again.next((m) => m.type === 'hello');
      again.send({ type: 'subscribe', after: cursor + got.length });
      await again.next((m) => seqOf(m) === cursor + count);
      expect(again.messages.map(seqOf).filter((s) => s > 0)).toEqual(
        Array.from({ length: count - got.length }, (_, i) => cursor + got.length + i + 1),
      );
      await Promise.all([reader.close(), again.close()]);
    } finally {
      await bounded.close();
    }
  });
});

describe('live hub heartbeat', () => {
  const HEARTBEAT_MS = 1000;
  let hb: Harness;
  let manager: Client;
  beforeAll(async () => {
    hb = await startHarness({ hubHeartbeatMs: HEARTBEAT_MS, liveFanout: 'inline' });
    manager = await loginAs(hb.cloud.url, hb.fixture.a.staffEmail);
  });
  afterAll(async () => {
    await hb?.close();
  });

  it('pings every socket once a period, a tenth of them at a time rather than all at once', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 10 }, () => LiveSocket.open(hb.cloud.url, { cookie: manager.cookieHeader() })),
    );
    const firstPing: number[] = [];
    const pings = sockets.map(() => 0);
    for (const [i, socket] of sockets.entries()) {
      socket.ws.on('ping', () => {
        pings[i] = (pings[i] ?? 0) + 1;
        if (pings[i] === 1) firstPing.push(performance.now());
      });
    }
    await expect.poll(() => firstPing.length, { timeout: 3 * HEARTBEAT_MS }).toBe(10);
    // Ten sockets in ten slots: their first pings come a tick (a tenth of the period) apart.
    expect(Math.max(...firstPing) - Math.min(...firstPing)).toBeGreaterThan(HEARTBEAT_MS / 2);
    expect(Math.max(...pings)).toBeLessThanOrEqual(2);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('cuts a socket that stops answering pings within two periods, and keeps one that answers', async () => {
    const url = `${hb.cloud.url.replace('http', 'ws')}/ws`;
    const silent = new WebSocket(url, { headers: { cookie: manager.cookieHeader() }, autoPong: false });
    const closed = new Promise<number>((resolve) => silent.once('close', () => resolve(performance.now())));
    await new Promise((resolve, reject) => {
      silent.once('open', resolve);
      silent.once('error', reject);
    });
    const opened = performance.now();
    const answering = await LiveSocket.open(hb.cloud.url, { cookie: manager.cookieHeader() });
    // Its first ping comes within a period of joining, and the cut at its slot's next turn.
    expect((await closed) - opened).toBeLessThan(3 * HEARTBEAT_MS);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    await answering.close();
  });
});
