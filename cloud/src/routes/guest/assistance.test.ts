// POST /api/guest/assistance against a real cloud on PostgreSQL: the guest's own session sends one
// HIGH staff.alert naming the table; another party's session id, a closed session and a stranger
// are refused and send nothing; repeats within the window (taps, or the same Idempotency-Key) are
// answered OK and send no second alert.
import { randomUUID } from 'node:crypto';
import { MESSAGES, PAYMENT_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let host: Client;
beforeAll(async () => {
  h = await startHarness();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const alerts = async () =>
  (await h.database.db('events').where({ type: 'staff.alert' }).orderBy('seq')).map(
    (row: { payload_json: { alert: { message: string } } }) => row.payload_json,
  );

describe('POST /api/guest/assistance', () => {
  it('sends one HIGH alert naming the table; a repeat within the window sends nothing more', async () => {
    const tableId = h.fixture.a.tableIds[0] as string;
    const { guest, sessionId } = await checkInGuest(h.cloud.url, host, tableId);
    const before = (await alerts()).length;

    const first = await guest.post('/api/guest/assistance', { sessionId, reason: 'exit' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, alreadyAsked: false });
    const sent = (await alerts()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.alert).toMatchObject({
      message: PAYMENT_MESSAGES.guestAssistanceAlert('exit', '1'),
      urgency: 'HIGH',
      tableId,
      tableNumber: '1',
      sentBy: 'Guest',
    });
    expect(sent[0]?.alert.message).toBe('Table 1: guest needs help to exit');

    // Tapping again, with a new key or the same one, is answered and sends no second alert.
    const again = await guest.post('/api/guest/assistance', { sessionId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, alreadyAsked: true });
    expect(new Date(again.body.askedAt).getTime()).toBeLessThanOrEqual(Date.now());
    const key = randomUUID();
    const keyed = await guest.post('/api/guest/assistance', { sessionId }, { key });
    const repeat = await guest.post('/api/guest/assistance', { sessionId }, { key });
    expect(repeat.body).toEqual(keyed.body);
    expect((await alerts()).slice(before)).toHaveLength(1);
  });

  it("refuses another party's session id, a stranger and bad input, and sends nothing", async () => {
    const mine = await checkInGuest(h.cloud.url, host, h.fixture.a.tableIds[1] as string);
    const theirs = await checkInGuest(h.cloud.url, host, h.fixture.a.tableIds[2] as string);
    const before = (await alerts()).length;

    const other = await mine.guest.post('/api/guest/assistance', { sessionId: theirs.sessionId });
    expect(other.status).toBe(404);
    const stranger = await new Client(h.cloud.url).post('/api/guest/assistance', { sessionId: mine.sessionId });
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe(MESSAGES.guestSessionRequired);
    const badReason = await mine.guest.post('/api/guest/assistance', { sessionId: mine.sessionId, reason: 'dessert' });
    expect(badReason.status).toBe(400);
    expect(badReason.body.message).toContain('reason');
    expect((await alerts()).slice(before)).toHaveLength(0);

    // The refusals used up nothing: the party can still ask.
    const asked = await mine.guest.post('/api/guest/assistance', { sessionId: mine.sessionId });
    expect(asked.body).toMatchObject({ alreadyAsked: false });
    await theirs.guest.post('/api/guest/assistance', { sessionId: theirs.sessionId, reason: 'other' });
    expect((await alerts()).slice(before).map((e) => e.alert.message)).toEqual([
      'Table 2: guest needs help to exit',
      'Table 3: guest needs help',
    ]);
  });

  it('refuses a closed session: its cookie grants nothing', async () => {
    // A fresh table, since the fixture's three hold open sessions by now.
    const tableId = h.fixture.a.tableIds[0] as string;
    await h.database.db('sessions').where({ table_id: tableId }).update({ status: 'CLOSED', closed_at: new Date() });
    await h.database.db('tables').where({ id: tableId }).update({ state: 'EMPTY' });
    const { guest, sessionId } = await checkInGuest(h.cloud.url, host, tableId);
    await h.database.db('sessions').where({ id: sessionId }).update({ status: 'CLOSED', closed_at: new Date() });
    const before = (await alerts()).length;
    const reply = await guest.post('/api/guest/assistance', { sessionId });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(MESSAGES.guestSessionRequired);
    expect((await alerts()).slice(before)).toHaveLength(0);
  });
});
