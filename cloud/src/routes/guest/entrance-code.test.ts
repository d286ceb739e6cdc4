// Probe finding 1 of issue 27: anyone could take every table with the public venue id alone (a loop
// of fresh cookies held and confirmed 19 tables in 2 seconds). A walk-in now checks in with the
// venue's signed entrance code, which a manager shows (GET /api/venue/entrance-qr) and rotates
// (POST /api/venue/entrance-qr/rotate); the bare venue id, a forged code, another venue's code and
// a rotated one are refused, and a refused check-in changes nothing.
import { randomUUID } from 'node:crypto';
import { EntranceQrAnswer, GUEST_SESSION_COOKIE, MESSAGES, ScanAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEntranceToken, signExitToken } from '../../security/tokens.js';
import { Client, type Harness, loginAs, startHarness, TEST_SECRET } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
beforeAll(async () => {
  h = await startHarness({ holdSweepIntervalMs: 3_600_000 });
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
});
afterAll(async () => {
  await h?.close();
});

const count = async (table: string, venueId: string) =>
  Number((await h.database.db(table).where({ venue_id: venueId }).count({ n: '*' }))[0]?.n);

/** What a refused check-in must leave as it was: sessions, the line, the tables, the feed. */
async function footprint(venueId: string) {
  const tables = await h.database.db('tables').where({ venue_id: venueId }).orderBy('id').select('id', 'state');
  return {
    sessions: await count('sessions', venueId),
    waitlist: await count('waitlist', venueId),
    events: await count('events', venueId),
    tables,
  };
}

const walkIn = (body: Record<string, unknown>) =>
  new Client(h.cloud.url).post('/api/guest/checkin', { guestName: 'Walk-in', partySize: 2, ...body });

describe('GET /api/venue/entrance-qr', () => {
  it("answers the venue's signed check-in link, which checks a walk-in in and sets the guest cookie", async () => {
    const reply = await manager.get('/api/venue/entrance-qr');
    expect(reply.status).toBe(200);
    const code = EntranceQrAnswer.parse(reply.body);
    const venue = await h.database.db('venues').where({ id: h.fixture.a.venueId }).first('name', 'tz');
    expect(code).toMatchObject({ venueName: venue.name, timezone: venue.tz });
    const url = new URL(code.url);
    expect(url.pathname).toBe('/guest/checkin');
    expect(url.searchParams.get('venueId')).toBe(h.fixture.a.venueId);
    expect(url.searchParams.get('token')).toBe(code.token);
    expect(url.searchParams.get('tableId')).toBeNull();

    const guest = new Client(h.cloud.url);
    const checkin = await guest.post('/api/guest/checkin', {
      guestName: 'Door',
      partySize: 2,
      venueId: url.searchParams.get('venueId'),
      token: url.searchParams.get('token'),
    });
    expect(checkin.status, JSON.stringify(checkin.body)).toBe(200);
    expect(checkin.body.success).toBe(true);
    expect(guest.cookies.has(GUEST_SESSION_COOKIE)).toBe(true);
    const session = await h.database.db('sessions').where({ id: checkin.body.sessionId }).first('venue_id', 'table_id');
    expect(session).toEqual({ venue_id: h.fixture.a.venueId, table_id: null });
  });

  it('leads the entrance scanner to the walk-in check-in', async () => {
    const code = EntranceQrAnswer.parse((await manager.get('/api/venue/entrance-qr')).body);
    for (const qrData of [code.url, code.token]) {
      const scan = await new Client(h.cloud.url).post('/api/guest/scan-entrance', { qrData });
      expect(scan.status).toBe(200);
      expect(ScanAnswer.parse(scan.body)).toMatchObject({
        success: true,
        type: 'entrance',
        venueId: h.fixture.a.venueId,
        redirectUrl: new URL(code.url).pathname + new URL(code.url).search,
      });
    }
  });

  it("gives another organization's manager their own venue's code; refuses staff without MANAGE_VENUES", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const theirs = EntranceQrAnswer.parse((await beta.get('/api/venue/entrance-qr')).body);
    expect(new URL(theirs.url).searchParams.get('venueId')).toBe(h.fixture.b.venueId);
    // Beta's code names Beta's venue: it checks nobody in at Alpha's.
    const before = await footprint(h.fixture.a.venueId);
    const crossed = await walkIn({ venueId: h.fixture.a.venueId, token: theirs.token });
    expect(crossed.status).toBe(400);
    expect(crossed.body.id).toBe('invalid_qr_token');
    expect(await footprint(h.fixture.a.venueId)).toEqual(before);

    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await staff.get('/api/venue/entrance-qr')).status).toBe(403);
    expect((await staff.post('/api/venue/entrance-qr/rotate', {}, { key: randomUUID() })).status).toBe(403);
    expect((await new Client(h.cloud.url).get('/api/venue/entrance-qr')).status).toBe(401);
    expect((await new Client(h.cloud.url).post('/api/venue/entrance-qr/rotate', {})).status).toBe(401);
  });
});

describe('POST /api/venue/entrance-qr/rotate', () => {
  it('retires the old code at check-in and at the entrance scanner; the new one works', async () => {
    const venueId = h.fixture.a.venueId;
    const old = EntranceQrAnswer.parse((await manager.get('/api/venue/entrance-qr')).body);
    const key = randomUUID();
    const rotated = await manager.post('/api/venue/entrance-qr/rotate', {}, { key });
    expect(rotated.status).toBe(200);
    const fresh = EntranceQrAnswer.parse(rotated.body);
    expect(fresh.token).not.toBe(old.token);
    // A repeat of the same request answers the same code; it does not rotate again.
    const repeat = await manager.post('/api/venue/entrance-qr/rotate', {}, { key });
    expect(repeat.body.token).toBe(fresh.token);
    expect(EntranceQrAnswer.parse((await manager.get('/api/venue/entrance-qr')).body).token).toBe(fresh.token);

    const before = await footprint(venueId);
    const photo = await walkIn({ venueId, token: old.token });
    expect(photo.status).toBe(403);
    expect(photo.body).toMatchObject({ id: 'entrance_code_retired', message: MESSAGES.entranceCodeRetired });
    const scan = await new Client(h.cloud.url).post('/api/guest/scan-entrance', { qrData: old.url });
    expect(scan.status).toBe(403);
    expect(await footprint(venueId)).toEqual(before);

    expect((await walkIn({ venueId, token: fresh.token })).status).toBe(200);
  });

  it("does not retire another organization's code", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const betaCode = EntranceQrAnswer.parse((await beta.get('/api/venue/entrance-qr')).body);
    expect((await manager.post('/api/venue/entrance-qr/rotate', {}, { key: randomUUID() })).status).toBe(200);
    expect((await walkIn({ venueId: h.fixture.b.venueId, token: betaCode.token })).status).toBe(200);
  });
});

describe("the probe's attack: fresh cookies with only the venue id", () => {
  it('refuses every one with a clear message, sets no cookie and takes no table', async () => {
    const venueId = h.fixture.a.venueId;
    const before = await footprint(venueId);
    for (let i = 0; i < 20; i += 1) {
      const phone = new Client(h.cloud.url);
      const reply = await phone.post('/api/guest/checkin', { guestName: `Loop ${i}`, partySize: 2, venueId });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ id: 'entrance_code_required', message: MESSAGES.checkinNeedsEntranceCode });
      expect(phone.cookies.has(GUEST_SESSION_COOKIE)).toBe(false);
      // Without a session cookie there is nothing to hold or confirm with.
      const tableId = h.fixture.a.tableIds[i % h.fixture.a.tableIds.length];
      expect((await phone.post('/api/guest/hold-table', { tableId })).status).toBe(401);
    }
    expect(await footprint(venueId)).toEqual(before);
  });

  it('refuses a forged code, an exit code in its place, and a code naming a venue that does not exist', async () => {
    const venueId = h.fixture.a.venueId;
    const before = await footprint(venueId);
    const forged = signEntranceToken('not-the-secret', { venueId, generation: 1 });
    const exit = signExitToken(TEST_SECRET, venueId);
    for (const token of [forged, exit, `${forged}x`, 'entrance']) {
      const reply = await walkIn({ venueId, token });
      expect(reply.status, token).toBe(400);
      expect(reply.body.id).toBe('invalid_qr_token');
    }
    const ghost = signEntranceToken(TEST_SECRET, { venueId: randomUUID(), generation: 1 });
    expect((await walkIn({ token: ghost })).status).toBe(400);
    expect(await footprint(venueId)).toEqual(before);
  });
});
