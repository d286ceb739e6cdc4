import { type LiveEvent, MESSAGES, type ServerMessage, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  pairTerminal,
  seqOf,
  startHarness,
} from '../testkit/harness.js';
import { REVOKED_CLOSE_CODE } from './hub.js';

let h: Harness;
let staff: Client;
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const isEvent = (type: LiveEvent['type']) => (m: { type: string }) => m.type === type;
type TableStateChanged = Extract<LiveEvent, { type: 'table.state.changed' }>;

async function placeOrder(guest: Client, sessionId: string, menuItemId = h.fixture.a.menu.lemonade) {
  const reply = await guest.post('/api/orders', { sessionId, items: [{ menuItemId, quantity: 1, course: 'drink' }] });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; items: Array<{ id: string }> };
}

describe('live hub', () => {
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
    const socket = await LiveSocket.open(h.cloud.url, { query: `?credential=${encodeURIComponent(credential)}` });
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
        case 'table.state.changed':
          expect(event.tableId).toBe(h.fixture.a.tableIds[2]);
          break;
        case 'guest.checkedin':
          expect(event.session.id).toBe(first.sessionId);
          break;
        default: {
          const never: never = event;
          throw new Error(`unexpected ${String(never)}`);
        }
      }
    }
    expect(events.map((e) => e.type)).toEqual([
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
});
