// The host answers guests from the terminal (issue 27): with the venue's approval switch on, a
// guest's table choice waits; the host at the terminal lists it, approves it, and the cloud seats
// the party once; a phone asking to join a seated party is let in from the terminal too. With the
// cloud away the terminal says what needs it, and nothing changes.
import { randomUUID } from 'node:crypto';
import { type PartyPhone, SERVICE_MESSAGES, SeatRequestsAnswer, TableRequest } from '@tablewise/shared';
import { expect, it } from 'vitest';
import { Client, walkIn } from '../../../../../../cloud/src/testkit/harness.js';
import { startHostStand } from '../../../test/core-on-cloud.js';

it('lists, switches and decides guests’ table requests and joining phones through the cloud', async () => {
  const { harness, terminal, tab } = await startHostStand();
  try {
    const a = harness.fixture.a;
    const db = harness.database.db;
    const turnOn = await tab.request('PUT', '/api/seat-requests/approval', {
      body: { hostApproves: true },
      key: randomUUID(),
    });
    expect(turnOn.status, JSON.stringify(turnOn.body)).toBe(200);
    expect((await db('venues').where({ id: a.venueId }).first()).host_approves_self_seating).toBe(true);

    const { guest, reply: checkin } = await walkIn(harness.cloud.url, a, { guestName: 'Rush', partySize: 2 });
    expect(checkin.status, JSON.stringify(checkin.body)).toBe(200);
    const tableId = a.tableIds[0] as string;
    expect((await guest.post('/api/guest/hold-table', { tableId })).status).toBe(200);
    const confirmed = await guest.post('/api/guest/confirm-table', { tableId }, { key: randomUUID() });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ awaitingHost: true, tableId });

    const listed = SeatRequestsAnswer.parse((await tab.get('/api/seat-requests')).body);
    expect(listed.hostApproves).toBe(true);
    expect(listed.requests.map((r) => r.sessionId)).toEqual([checkin.body.sessionId]);
    const request = listed.requests[0] as TableRequest;
    const approved = await tab.post(
      `/api/seat-requests/${request.id}/decision`,
      { approve: true },
      { key: randomUUID() },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(TableRequest.parse(approved.body).status).toBe('APPROVED');
    expect((await db('tables').where({ id: tableId }).first()).state).toBe('OCCUPIED');
    // Answered once: the same decision again is refused and changes nothing.
    const again = await tab.post(
      `/api/seat-requests/${request.id}/decision`,
      { approve: false },
      { key: randomUUID() },
    );
    expect(again.status).toBe(409);
    expect((await db('tables').where({ id: tableId }).first()).state).toBe('OCCUPIED');

    // An old photo of the table's code: the phone waits until the host at the terminal lets it in.
    const qr = (await tab.get(`/api/tables/${tableId}/qr`)).body as { token: string };
    const stranger = new Client(harness.cloud.url);
    const scan = await stranger.post('/api/guest/checkin', {
      guestName: 'Late',
      partySize: 1,
      tableId,
      token: qr.token,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    expect(scan.body).toMatchObject({ joinPending: true });
    const joins = (await tab.get('/api/phone-joins')).body as { phones: PartyPhone[] };
    expect(joins.phones).toHaveLength(1);
    const phone = joins.phones[0] as PartyPhone;
    const letIn = await tab.post(`/api/phone-joins/${phone.id}/decision`, { approve: true }, { key: randomUUID() });
    expect(letIn.status, JSON.stringify(letIn.body)).toBe(200);
    const row = await db('party_phones').where({ id: phone.id }).first();
    expect(row.status).toBe('APPROVED');

    // The cloud away: the terminal says what needs it, and the switch stays as it was.
    await harness.cloud.close();
    await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
    const offline = await tab.get('/api/seat-requests');
    expect(offline.status).toBe(503);
    expect(offline.body.message).toBe(SERVICE_MESSAGES.guestRequestsNeedCloud);
    const off = await tab.request('PUT', '/api/seat-requests/approval', {
      body: { hostApproves: false },
      key: randomUUID(),
    });
    expect(off.status).toBe(503);
    expect((await db('venues').where({ id: a.venueId }).first()).host_approves_self_seating).toBe(true);
  } finally {
    await terminal.close();
    await harness.close();
  }
});
