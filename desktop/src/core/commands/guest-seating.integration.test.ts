// A party that checked in on a phone and was sent to the line, seated by the host at the terminal
// while the cloud is away: the terminal seats the guest's own session, as the cloud does, so the
// phone follows its party to the table and no second session is made for it.
import { GuestCheckinAnswer, SeatPartyAnswer, type WaitlistEntry } from '@tablewise/shared';
import { expect, it } from 'vitest';
import { walkIn } from '../../../../cloud/src/testkit/harness.js';
import { startHostStand } from '../test/core-on-cloud.js';

it("seats a phone's waiting party with its guest's session offline, and the cloud seats that session once", async () => {
  const { harness, terminal, tab } = await startHostStand();
  let back: Awaited<ReturnType<typeof harness.startAnother>> | null = null;
  try {
    const a = harness.fixture.a;
    // No table of the fixture's seats 20: the party goes to the line with its session.
    const { reply } = await walkIn(harness.cloud.url, a, { guestName: 'Noor', partySize: 20 });
    const checkin = GuestCheckinAnswer.parse(reply.body);
    expect(checkin.type).toBe('waitlist');
    const waiting = async () =>
      ((await tab.get('/api/waitlist')).body as WaitlistEntry[]).find((e) => e.id === checkin.waitlistId);
    await expect.poll(async () => (await waiting())?.sessionId, { timeout: 10_000 }).toBe(checkin.sessionId);

    await harness.cloud.close();
    await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
    const tableId = a.tableIds[2] as string;
    const seat = await tab.post(`/api/waitlist/${checkin.waitlistId}/seat`, { tableId });
    expect(seat.status).toBe(200);
    expect(SeatPartyAnswer.parse(seat.body).sessionId).toBe(checkin.sessionId);

    back = await harness.startAnother();
    await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
    const db = harness.database.db;
    expect(await db('sessions').where({ table_id: tableId }).select('id')).toEqual([{ id: checkin.sessionId }]);
    expect((await db('waitlist').where({ id: checkin.waitlistId }).first()).status).toBe('SEATED');
    expect((await db('tables').where({ id: tableId }).first()).state).toBe('OCCUPIED');
  } finally {
    await terminal.close();
    await back?.close();
    await harness.close();
  }
});
