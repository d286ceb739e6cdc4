import { AVAILABLE_TABLE_STATES, MESSAGES, rotateTableQr, TablesAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/tables?available=1', () => {
  it('lists the tables free for a new party, the states where a guest may check in', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const [first, second, third] = h.fixture.a.tableIds as [string, string, string];
    await h.database.db('tables').where({ id: first }).update({ state: 'RESERVED' });
    await h.database.db('tables').where({ id: second }).update({ state: 'HOLD_SOFT' });
    const available = TablesAnswer.parse((await staff.get('/api/tables?available=1')).body);
    expect(available.map((t) => t.name)).toEqual(['Table 3']);
    expect(available.every((t) => AVAILABLE_TABLE_STATES.includes(t.state))).toBe(true);

    // A table listed as available is one a guest can check in at; once seated it leaves the list.
    const { guest } = await checkInGuest(h.cloud.url, staff, third);
    expect(TablesAnswer.parse((await guest.get('/api/tables?available=1')).body)).toEqual([]);
    expect(TablesAnswer.parse((await staff.get('/api/tables')).body)).toHaveLength(3);
  });
});

describe('POST /api/tables/:id/qr/rotate', () => {
  const generationOf = async (id: string) =>
    Number((await h.database.db('tables').where({ id }).first('qr_generation')).qr_generation);
  const checkIn = (token: string, tableId: string) =>
    new Client(h.cloud.url).post('/api/guest/checkin', { guestName: 'Old Photo', partySize: 2, tableId, token });

  it('retires the old code at scan, entrance scan and check-in, and answers a new one that works', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const tableId = h.fixture.a.tableIds[0] as string;
    await h.database.db('tables').where({ id: tableId }).update({ state: 'EMPTY' });
    const old = (await manager.get(`/api/tables/${tableId}/qr`)).body;
    const before = await generationOf(tableId);

    const reply = await manager.post(`/api/tables/${tableId}/qr/rotate`);
    expect(reply.status).toBe(200);
    const fresh = rotateTableQr.answer.parse(reply.body);
    expect(fresh.token).not.toBe(old.token);
    expect(new URL(fresh.url).searchParams.get('token')).toBe(fresh.token);
    expect(await generationOf(tableId)).toBe(before + 1);
    // The code staff print from now on is the new one.
    expect((await manager.get(`/api/tables/${tableId}/qr`)).body.token).toBe(fresh.token);

    const sessionsBefore = (await h.database.db('sessions')).length;
    const eventsBefore = (await h.database.db('events')).length;
    for (const qrData of [old.url, old.token]) {
      const scanned = await new Client(h.cloud.url).post('/api/guest/scan-table', { qrData, expectedTableId: tableId });
      expect(scanned.status).toBe(400);
      expect(scanned.body.message).toBe(MESSAGES.invalidQrToken);
      const entrance = await new Client(h.cloud.url).post('/api/guest/scan-entrance', { qrData });
      expect(entrance.status).toBe(400);
      expect(entrance.body.message).toBe(MESSAGES.invalidQrToken);
    }
    const refused = await checkIn(old.token, tableId);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: MESSAGES.invalidQrToken, id: 'invalid_qr_token' });
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await h.database.db('sessions')).length).toBe(sessionsBefore);
    expect((await h.database.db('events')).length).toBe(eventsBefore);
    expect((await h.database.db('tables').where({ id: tableId }).first()).state).toBe('EMPTY');

    const scanned = await new Client(h.cloud.url).post('/api/guest/scan-table', { qrData: fresh.url });
    expect(scanned.body).toMatchObject({ success: true, tableId });
    expect((await checkIn(fresh.token, tableId)).status).toBe(200);
  });

  it('rotates once for a repeated Idempotency-Key, answering the same code', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const tableId = h.fixture.a.tableIds[1] as string;
    const before = await generationOf(tableId);
    const first = await manager.post(`/api/tables/${tableId}/qr/rotate`, undefined, { key: 'rotate-once' });
    const again = await manager.post(`/api/tables/${tableId}/qr/rotate`, undefined, { key: 'rotate-once' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await generationOf(tableId)).toBe(before + 1);
  });

  it("answers 404 for another organization's table, 403 to staff who do not manage tables, 401 to anyone else", async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const foreign = h.fixture.b.tableIds[0] as string;
    const own = h.fixture.a.tableIds[2] as string;
    const [foreignBefore, ownBefore] = [await generationOf(foreign), await generationOf(own)];

    const notFound = await manager.post(`/api/tables/${foreign}/qr/rotate`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe(MESSAGES.notFound('Table'));
    expect((await manager.post(`/api/tables/${h.fixture.a.otherVenueTableId}/qr/rotate`)).status).toBe(404);
    expect((await manager.post('/api/tables/not-an-id/qr/rotate')).status).toBe(404);
    const forbidden = await staff.post(`/api/tables/${own}/qr/rotate`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MESSAGES.permissionDenied);
    expect((await new Client(h.cloud.url).post(`/api/tables/${own}/qr/rotate`)).status).toBe(401);

    // A staff member granted MANAGE_TABLES may rotate.
    await h.database
      .db('user_roles')
      .whereIn('user_id', h.database.db('users').where({ email: h.fixture.a.staffEmail }).select('id'))
      .update({
        permissions: ['MANAGE_ORDERS', 'MANAGE_TABLES'],
      });
    expect((await staff.post(`/api/tables/${own}/qr/rotate`)).status).toBe(200);
    expect(await generationOf(foreign)).toBe(foreignBefore);
    expect(await generationOf(own)).toBe(ownBefore + 1);
  });
});
