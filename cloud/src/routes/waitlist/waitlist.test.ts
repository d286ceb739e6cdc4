import { randomUUID } from 'node:crypto';
import { MESSAGES, SeatPartyAnswer, WaitlistEntry } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client, type Harness, LiveSocket, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
let host: Client;
beforeAll(async () => {
  h = await startHarness();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const queue = async (who = host) => z.array(WaitlistEntry).parse((await who.get('/api/waitlist')).body);
const rows = () => h.database.db('waitlist').orderBy('position');

describe('the waitlist', () => {
  it("adds parties at the back of the line with the spec's quote for their place, and lists them in order", async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const first = await host.post('/api/waitlist', { guestName: 'Lin', phone: '555 0101', partySize: 2 });
    expect(first.status).toBe(201);
    expect(WaitlistEntry.parse(first.body)).toMatchObject({
      guestName: 'Lin',
      phone: '555 0101',
      partySize: 2,
      status: 'WAITING',
      quotedMinWait: 15,
      quotedMaxWait: 25,
    });
    const second = await host.post('/api/waitlist', { guestName: 'Ade', partySize: 4, needsHighChair: true });
    expect(second.body).toMatchObject({ quotedMinWait: 20, quotedMaxWait: 30, needsHighChair: true });
    // A quote the host gives at the door is kept.
    const third = await host.post('/api/waitlist', {
      guestName: 'Kim',
      partySize: 6,
      quotedMinWait: 40,
      quotedMaxWait: 50,
    });
    expect(third.body).toMatchObject({ quotedMinWait: 40, quotedMaxWait: 50 });
    expect((await queue()).map((e) => e.guestName)).toEqual(['Lin', 'Ade', 'Kim']);
    const heard = await socket.next(
      (m) => m.type === 'waitlist.updated' && 'entry' in m && m.entry.guestName === 'Kim',
    );
    expect(heard).toMatchObject({ entry: { status: 'WAITING' } });
    await socket.close();
  });

  it('takes places in turn when hosts add at once', async () => {
    const before = (await queue()).length;
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => host.post('/api/waitlist', { guestName: `Rush ${i}`, partySize: 2 })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    const positions = (await rows()).map((r) => r.position);
    expect(new Set(positions).size).toBe(positions.length);
    expect((await queue()).length).toBe(before + 8);
  });

  it('adds a party once for a repeated id or Idempotency-Key', async () => {
    const id = randomUUID();
    const body = { id, guestName: 'Once', partySize: 3 };
    const events = async () => (await h.database.db('events').where({ type: 'waitlist.updated' })).length;
    const key = randomUUID();
    const first = await host.post('/api/waitlist', body, { key });
    const after = await events();
    expect((await host.post('/api/waitlist', body, { key })).body).toEqual(first.body);
    expect((await host.post('/api/waitlist', body)).body).toEqual(first.body);
    expect(await events()).toBe(after);
    expect(await h.database.db('waitlist').where({ id })).toHaveLength(1);
  });

  it('notifies, seats and removes as the waitlist rule allows; a refused move answers 409 naming both', async () => {
    const [lin, ade] = await queue();
    const notified = await host.request('PATCH', `/api/waitlist/${lin?.id}/status`, { body: { status: 'NOTIFIED' } });
    expect(notified.status).toBe(200);
    expect(notified.body.notifiedAt).toEqual(expect.any(String));
    const seated = await host.request('PATCH', `/api/waitlist/${lin?.id}/status`, { body: { status: 'SEATED' } });
    expect(seated.body).toMatchObject({ status: 'SEATED', seatedAt: expect.any(String) });
    const again = await host.request('PATCH', `/api/waitlist/${lin?.id}/status`, { body: { status: 'CANCELLED' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.waitlistTransitionRefused('SEATED', 'CANCELLED'));
    const removed = await host.request('PATCH', `/api/waitlist/${ade?.id}/status`, { body: { status: 'CANCELLED' } });
    expect(removed.body.status).toBe('CANCELLED');
    // Undo of the Remove (issue 22): back in its place in line; undone once only.
    const undone = await host.request('PATCH', `/api/waitlist/${ade?.id}/status`, { body: { status: 'WAITING' } });
    expect(undone.body).toMatchObject({ status: 'WAITING', position: ade?.position });
    expect((await queue())[0]?.id).toBe(ade?.id);
    const twice = await host.request('PATCH', `/api/waitlist/${ade?.id}/status`, { body: { status: 'WAITING' } });
    expect([twice.status, twice.body.id]).toEqual([409, 'transition_refused']);
    await host.request('PATCH', `/api/waitlist/${ade?.id}/status`, { body: { status: 'CANCELLED' } });
    // Seated and removed parties leave the queue; the next is now first.
    expect((await queue())[0]?.guestName).toBe('Kim');
  });

  it('seats a party at a free table: the table is theirs, with a session guests at it join, and they leave the line', async () => {
    const party = await host.post('/api/waitlist', { guestName: 'Noor', partySize: 3, needsHighChair: true });
    const tableId = h.fixture.a.tableIds[0] as string;
    // The session id is the client's (a terminal seating offline knows it); a replay answers the same.
    const sessionId = randomUUID();
    const key = randomUUID();
    const reply = await host.post(`/api/waitlist/${party.body.id}/seat`, { tableId, sessionId }, { key });
    expect(reply.status).toBe(200);
    expect((await host.post(`/api/waitlist/${party.body.id}/seat`, { tableId, sessionId }, { key })).body).toEqual(
      reply.body,
    );
    const seated = SeatPartyAnswer.parse(reply.body);
    expect(seated.sessionId).toBe(sessionId);
    expect(seated.entry).toMatchObject({ status: 'SEATED', seatedAt: expect.any(String) });
    expect(seated.table).toMatchObject({ id: tableId, state: 'OCCUPIED', partyName: 'Noor', guestCount: 3 });
    const session = await h.database.db('sessions').where({ id: seated.sessionId }).first();
    expect(session).toMatchObject({ table_id: tableId, party_size: 3, guest_name: 'Noor', status: 'ACTIVE' });
    expect((await h.database.db('waitlist').where({ id: party.body.id }).first()).session_id).toBe(seated.sessionId);
    expect((await queue()).map((e) => e.id)).not.toContain(party.body.id);
    const types = (await h.database.db('events').orderBy('seq', 'desc').limit(3).pluck('type')).reverse();
    expect(types).toEqual(['table.state.changed', 'guest.checkedin', 'waitlist.updated']);

    // The table is taken now, and the party is seated: both refusals name what is in the way.
    const next = await host.post('/api/waitlist', { guestName: 'Late', partySize: 2 });
    const taken = await host.post(`/api/waitlist/${next.body.id}/seat`, { tableId });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(MESSAGES.tableUnavailable('Table 1'));
    expect(taken.body.message).toContain('Occupied');
    const twice = await host.post(`/api/waitlist/${party.body.id}/seat`, { tableId: h.fixture.a.tableIds[1] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MESSAGES.waitlistTransitionRefused('SEATED', 'SEATED'));
    expect((await h.database.db('tables').where({ id: h.fixture.a.tableIds[1] }).first()).state).toBe('EMPTY');
    const nowhere = await host.post(`/api/waitlist/${next.body.id}/seat`, { tableId: h.fixture.b.tableIds[0] });
    expect(nowhere.status).toBe(404);
    expect((await queue()).map((e) => e.id)).toContain(next.body.id);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await rows();
    const cases: [unknown, string][] = [
      [{ partySize: 2 }, 'guestName'],
      [{ guestName: '   ', partySize: 2 }, MESSAGES.reservationGuestNameRequired],
      [{ guestName: 'A', partySize: 21 }, 'partySize'],
      [{ guestName: 'A', partySize: 2, email: 'not-mail' }, MESSAGES.invalidEmail],
      [{ guestName: 'A', partySize: 2, quotedMinWait: 30, quotedMaxWait: 10 }, MESSAGES.waitlistQuoteOrder],
      [{ guestName: 'A', partySize: 2, occasion: 'wake' }, 'occasion'],
      [{ guestName: 'A', partySize: 2, table: 'T1' }, 'table'],
    ];
    for (const [body, message] of cases) {
      const reply = await host.post('/api/waitlist', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toContain(message);
    }
    const [entry] = await queue();
    const bad = await host.request('PATCH', `/api/waitlist/${entry?.id}/status`, { body: { status: 'READY' } });
    expect(bad.status).toBe(400);
    const noTable = await host.post(`/api/waitlist/${entry?.id}/seat`, { tableId: 'T1' });
    expect(noTable.status).toBe(400);
    expect(noTable.body.message).toContain('tableId');
    expect(await rows()).toEqual(before);
  });

  it("reads one party, whatever its status, to the venue's staff and terminals only", async () => {
    const party = await host.post('/api/waitlist', { guestName: 'Read', partySize: 2 });
    await host.request('PATCH', `/api/waitlist/${party.body.id}/status`, { body: { status: 'CANCELLED' } });
    expect((await host.get(`/api/waitlist/${party.body.id}`)).body).toMatchObject({ status: 'CANCELLED' });
    const device = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Host stand');
    expect((await device.client.get(`/api/waitlist/${party.body.id}`)).body).toMatchObject({ guestName: 'Read' });
    const other = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    expect((await other.get(`/api/waitlist/${party.body.id}`)).status).toBe(404);
    expect((await host.get(`/api/waitlist/${randomUUID()}`)).status).toBe(404);
  });

  it("keeps each organization's line its own, and the line to staff", async () => {
    const other = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    const [ours] = await queue();
    expect(await queue(other)).toEqual([]);
    const reply = await other.request('PATCH', `/api/waitlist/${ours?.id}/status`, { body: { status: 'CANCELLED' } });
    expect(reply.status).toBe(404);
    expect((await queue())[0]).toEqual(ours);
    const nobody = new Client(h.cloud.url);
    expect((await nobody.get('/api/waitlist')).status).toBe(401);
    expect((await nobody.get(`/api/waitlist/${ours?.id}`)).status).toBe(401);
    expect((await nobody.post('/api/waitlist', { guestName: 'X', partySize: 2 })).status).toBe(401);
  });
});
