// POST /api/alerts against a real cloud: an alert reaches every staff socket of the venue as a
// staff.alert event and never a guest's or another venue's; each validation message; another
// organization's table; a repeat with the same Idempotency-Key sends once; a terminal's alert names
// the staff member it says is signed in there.
import { randomUUID } from 'node:crypto';
import { SHELL_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../testkit/harness.js';

let h: Harness;
let host: Client;
beforeAll(async () => {
  h = await startHarness();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const alertEvents = () => h.database.db('events').where({ type: 'staff.alert' });

async function subscribed(cookie: string): Promise<LiveSocket> {
  const socket = await LiveSocket.open(h.cloud.url, { cookie });
  socket.send({ type: 'subscribe' });
  await socket.next((m) => m.type === 'hello');
  return socket;
}

describe('POST /api/alerts', () => {
  it("reaches every staff screen of the venue, names the sender and the table, and never a guest's", async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const tableId = h.fixture.a.tableIds[0] as string;
    const { guest } = await checkInGuest(h.cloud.url, manager, tableId);
    const staffSocket = await subscribed(manager.cookieHeader());
    const guestSocket = await subscribed(guest.cookieHeader());
    const otherOrg = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    const otherSocket = await subscribed(otherOrg.cookieHeader());

    const reply = await host.post('/api/alerts', { message: 'Allergy at table 1', urgency: 'HIGH', tableId });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      message: 'Allergy at table 1',
      urgency: 'HIGH',
      tableId,
      tableNumber: '1',
      sentBy: expect.stringMatching(/\S/),
      reach: 'venue',
    });
    const heard = await staffSocket.next((m) => m.type === 'staff.alert');
    expect(heard).toMatchObject({ alert: { id: reply.body.id, message: 'Allergy at table 1' } });
    // A later event proves the guest's and the other venue's sockets were passed over, not slow.
    await host.post('/api/alerts', { message: 'Second' });
    await staffSocket.next((m) => m.type === 'staff.alert' && 'alert' in m && m.alert.message === 'Second');
    expect(guestSocket.messages.some((m) => m.type === 'staff.alert')).toBe(false);
    expect(otherSocket.messages.some((m) => m.type === 'staff.alert')).toBe(false);
    for (const s of [staffSocket, guestSocket, otherSocket]) await s.close();
    // the default urgency
    expect((await host.post('/api/alerts', { message: 'Default' })).body.urgency).toBe('MEDIUM');
  });

  it.each([
    [{}, 'message', null],
    [{ message: '   ' }, 'message', SHELL_MESSAGES.alertMessageRequired],
    [{ message: 'x'.repeat(201) }, 'message', null],
    [{ message: 'Hi', urgency: 'URGENT' }, 'urgency', SHELL_MESSAGES.alertUrgencyInvalid],
    [{ message: 'Hi', tableId: 'table-1' }, 'tableId', null],
    [{ message: 'Hi', extra: true }, null, null],
  ])('refuses %j with 400 (%s) and sends nothing', async (body, field, message) => {
    const before = (await alertEvents()).length;
    const reply = await host.post('/api/alerts', body);
    expect(reply.status).toBe(400);
    if (field) expect(reply.body.message).toContain(field);
    if (message) expect(reply.body.message).toContain(message);
    expect(await alertEvents()).toHaveLength(before);
  });

  it("refuses another organization's or venue's table (404) and a guest or nobody (401/403)", async () => {
    const before = (await alertEvents()).length;
    expect((await host.post('/api/alerts', { message: 'Hi', tableId: h.fixture.b.tableIds[0] })).status).toBe(404);
    expect((await host.post('/api/alerts', { message: 'Hi', tableId: h.fixture.a.otherVenueTableId })).status).toBe(
      404,
    );
    expect((await new Client(h.cloud.url).post('/api/alerts', { message: 'Hi' })).status).toBe(401);
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const { guest } = await checkInGuest(h.cloud.url, manager, h.fixture.a.tableIds[1] as string);
    expect([401, 403]).toContain((await guest.post('/api/alerts', { message: 'Hi' })).status);
    expect(await alertEvents()).toHaveLength(before);
  });

  it('sends once for repeats of the same Idempotency-Key, and a terminal names its signed-in staff', async () => {
    const key = randomUUID();
    const first = await host.post('/api/alerts', { message: 'Once' }, { key });
    const again = await host.post('/api/alerts', { message: 'Once' }, { key });
    expect(again.body).toEqual(first.body);
    expect(
      await h.database
        .db('events')
        .where({ type: 'staff.alert' })
        .whereRaw("payload_json->'alert'->>'message' = 'Once'"),
    ).toHaveLength(1);

    const terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Bar PC');
    const named = await terminal.client.post(
      '/api/alerts',
      { message: 'From the bar', sentBy: 'Ada Host' },
      { key: randomUUID() },
    );
    expect(named.body.sentBy).toBe('Ada Host');
    const unnamed = await terminal.client.post('/api/alerts', { message: 'From the bar' }, { key: randomUUID() });
    expect(unnamed.body.sentBy).toBe('Bar PC');
    // staff cannot pass as someone else
    const claimed = await host.post('/api/alerts', { message: 'Hi', sentBy: 'The Owner' });
    expect(claimed.body.sentBy).not.toBe('The Owner');
  });
});
