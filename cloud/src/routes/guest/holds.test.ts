// Seat selection on the server (issue 9, spec 3 sections 2, 4 and 7): check-in routing, the guest
// view of the tables, the hold, its race and its expiry, confirmation, and the guest's waitlist read.
import { randomUUID } from 'node:crypto';
import {
  ConfirmTableAnswer,
  GuestCheckinAnswer,
  GuestTable,
  GuestWaitlistStatus,
  HoldTableAnswer,
  MESSAGES,
  TABLE_HOLD_MS,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, entranceCode, type Harness, LiveSocket, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let venueId: string;
/** Venue A's entrance code: a walk-in checks in with it (issue 27). */
let entrance: string;
beforeAll(async () => {
  h = await startHarness({ holdSweepIntervalMs: 3_600_000 });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  venueId = h.fixture.a.venueId;
  entrance = (await entranceCode(h.cloud.url, h.fixture.a.managerEmail)).token;
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;
const eventsOf = (id: string) => db()('events').where({ venue_id: id }).orderBy('seq');

/** A table of venue A, for one test's use: other tests' tables stay out of its way. */
async function addTable(opts: { capacity?: number; accessible?: boolean; zone?: string; state?: string } = {}) {
  const id = randomUUID();
  const number = `T${id.slice(0, 6)}`;
  await db()('tables').insert({
    id,
    org_id: h.fixture.a.orgId,
    venue_id: venueId,
    number,
    name: `Table ${number}`,
    capacity: opts.capacity ?? 4,
    capacity_max: opts.capacity ?? 4,
    zone: opts.zone ?? 'Patio',
    is_accessible: opts.accessible ?? false,
    has_view: true,
    x_position: 900,
    y_position: 120,
    state: opts.state ?? 'EMPTY',
  });
  return { id, name: `Table ${number}` };
}

/** A walk-in at venue A: a guest with a session and no table yet. */
async function walkIn(partySize = 2, extra: Record<string, unknown> = {}) {
  const guest = new Client(h.cloud.url);
  const reply = await guest.post('/api/guest/checkin', {
    guestName: 'Noor',
    partySize,
    venueId,
    token: entrance,
    ...extra,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { guest, answer: GuestCheckinAnswer.parse(reply.body) };
}

async function seatedGuest() {
  const { guest } = await walkIn(2);
  const table = await addTable();
  expect((await guest.post('/api/guest/hold-table', { tableId: table.id })).status).toBe(200);
  expect((await guest.post('/api/guest/confirm-table', { tableId: table.id })).status).toBe(200);
  return { guest, table };
}

describe('check-in routing', () => {
  it('lets a walk-in choose when a free table fits: a session without a table and the guest cookie', async () => {
    await addTable({ capacity: 6 });
    const { guest, answer } = await walkIn(3, { needsAccessibility: false });
    expect(answer).toMatchObject({ success: true, type: 'seat_selection' });
    expect(answer.redirectUrl).toBe('/guest/seat-selection?partySize=3&accessibility=0');
    const session = await db()('sessions').where({ id: answer.sessionId }).first();
    expect(session).toMatchObject({ venue_id: venueId, table_id: null, party_size: 3, status: 'ACTIVE' });
    expect((await guest.get('/api/guest/session')).body.session).toMatchObject({ id: answer.sessionId, tableId: null });
  });

  it('refuses a walk-in without a venue, or naming a table without its code, changing nothing', async () => {
    const before = (await db()('sessions')).length;
    const noVenue = await new Client(h.cloud.url).post('/api/guest/checkin', { guestName: 'X', partySize: 2 });
    expect(noVenue.status).toBe(400);
    expect(noVenue.body.message).toBe(MESSAGES.checkinNeedsVenue);
    // The venue id alone, known or not, checks nobody in: it is public (issue 27).
    for (const id of [venueId, randomUUID()]) {
      const bare = await new Client(h.cloud.url).post('/api/guest/checkin', { partySize: 2, venueId: id });
      expect(bare.status).toBe(403);
      expect(bare.body).toMatchObject({ id: 'entrance_code_required', message: MESSAGES.checkinNeedsEntranceCode });
    }
    const tableOnly = await new Client(h.cloud.url).post('/api/guest/checkin', {
      partySize: 2,
      venueId,
      tableId: h.fixture.a.tableIds[0],
    });
    expect(tableOnly.status).toBe(400);
    expect(tableOnly.body.message).toBe(MESSAGES.invalidQrToken);
    expect((await db()('sessions')).length).toBe(before);
  });

  it('sends a party no free table fits to the waitlist: place, 15 min plus 5 a place, on the staff waitlist', async () => {
    const before = (await eventsOf(venueId)).length;
    const first = await walkIn(20, { guestName: 'Big Party', phone: '555-0100', occasion: 'birthday' });
    expect(first.answer).toMatchObject({ type: 'waitlist', position: 1, estimatedWait: 15 });
    expect(first.answer.redirectUrl).toBe(`/guest/waitlist?id=${first.answer.waitlistId}`);
    const second = await walkIn(19, { guestName: 'Second', needsHighChair: true });
    expect(second.answer).toMatchObject({ type: 'waitlist', position: 2, estimatedWait: 20 });

    const queue = (await staff.get('/api/waitlist')).body as { id: string; guestName: string }[];
    expect(queue.map((e) => e.id)).toEqual(expect.arrayContaining([first.answer.waitlistId, second.answer.waitlistId]));
    const row = await db()('waitlist').where({ id: first.answer.waitlistId }).first();
    expect(row).toMatchObject({ guest_name: 'Big Party', phone: '555-0100', occasion: 'birthday', status: 'WAITING' });
    expect(row.session_id).toBe(first.answer.sessionId);
    const types = (await eventsOf(venueId)).slice(before).map((e) => e.type);
    expect(types).toEqual(['guest.checkedin', 'waitlist.updated', 'guest.checkedin', 'waitlist.updated']);
  });

  it('lets accessibility and a high chair decide what fits', async () => {
    // Every table of the venue is taken but one of 4 seats that is not accessible.
    const h2 = await startHarness();
    try {
      const vid = h2.fixture.a.venueId;
      const token = (await entranceCode(h2.cloud.url, h2.fixture.a.managerEmail)).token;
      await h2.database.db('tables').where({ venue_id: vid }).update({ state: 'OCCUPIED' });
      await h2.database.db('tables').where({ id: h2.fixture.a.tableIds[0] }).update({ state: 'EMPTY' });
      const route = async (body: object) =>
        (await new Client(h2.cloud.url).post('/api/guest/checkin', { partySize: 3, venueId: vid, token, ...body })).body
          .type;
      expect(await route({})).toBe('seat_selection');
      expect(await route({ needsHighChair: true })).toBe('seat_selection');
      expect(await route({ partySize: 4, needsHighChair: true })).toBe('waitlist');
      expect(await route({ needsAccessibility: true })).toBe('waitlist');
      await h2.database.db('tables').where({ id: h2.fixture.a.tableIds[0] }).update({ is_accessible: true });
      expect(await route({ needsAccessibility: true })).toBe('seat_selection');
    } finally {
      await h2.close();
    }
  });
});

describe('the guest view of the tables', () => {
  it("shows a guest its venue's tables with what they offer and whether they are free, never who sits there", async () => {
    const taken = await addTable({ capacity: 8, state: 'OCCUPIED', accessible: true });
    await db()('tables').where({ id: taken.id }).update({ party_name: 'Secret Party', guest_count: 7 });
    const { guest } = await walkIn(2);
    const reply = await guest.get('/api/guest/tables');
    expect(reply.status).toBe(200);
    const tables = reply.body.map((t: unknown) => GuestTable.strict().parse(t));
    const shown = tables.find((t: GuestTable) => t.id === taken.id);
    expect(shown).toMatchObject({ available: false, capacity: 8, isAccessible: true, hasView: true, x: 800, y: 120 });
    expect(JSON.stringify(reply.body)).not.toContain('Secret Party');
    expect(tables.some((t: GuestTable) => t.id === h.fixture.b.tableIds[0])).toBe(false);

    const available = (await guest.get('/api/guest/tables?available=1&capacity=8&accessibility=1'))
      .body as GuestTable[];
    expect(available.every((t) => t.available && t.capacity >= 8 && t.isAccessible)).toBe(true);
    expect(available.some((t) => t.id === taken.id)).toBe(false);
    const bad = await guest.get('/api/guest/tables?capacity=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('capacity');
    expect((await new Client(h.cloud.url).get('/api/guest/tables')).status).toBe(401);
  });
});

describe('holding a table', () => {
  it('holds a free table for 3 minutes, answers the same hold on a repeat, and says so live', async () => {
    const table = await addTable();
    const { guest, answer } = await walkIn(2);
    const before = (await eventsOf(venueId)).length;
    const reply = await guest.post('/api/guest/hold-table', { tableId: table.id }, { key: randomUUID() });
    expect(reply.status).toBe(200);
    const hold = HoldTableAnswer.parse(reply.body);
    expect(hold).toMatchObject({ success: true, tableId: table.id, tableName: table.name });
    const ms = new Date(hold.expiresAt).getTime() - h.clock.now().getTime();
    expect(ms).toBeGreaterThan(TABLE_HOLD_MS - 10_000);
    expect(ms).toBeLessThanOrEqual(TABLE_HOLD_MS);
    const row = await db()('tables').where({ id: table.id }).first();
    expect(row).toMatchObject({ state: 'HOLD_SOFT', held_by_session_id: answer.sessionId });
    const events = (await eventsOf(venueId)).slice(before);
    expect(events.map((e) => e.type)).toEqual(['table.state.changed', 'table.selected']);
    expect(events[0].payload_json).toMatchObject({ tableId: table.id, state: 'HOLD_SOFT' });
    expect(events[1].payload_json).toMatchObject({ tableId: table.id, expiresAt: hold.expiresAt });

    // A refreshed page asks again: the same hold, not a longer one, and no new event.
    const again = await guest.post('/api/guest/hold-table', { tableId: table.id });
    expect(again.body.expiresAt).toBe(hold.expiresAt);
    expect((await eventsOf(venueId)).length).toBe(before + 2);
    const listed = (await guest.get('/api/guest/tables?available=1')).body as GuestTable[];
    expect(listed.find((t) => t.id === table.id)?.heldByYouUntil).toBe(hold.expiresAt);
  });

  it("refuses another guest's held table and a second table while a hold is live with 'Table Already Reserved'", async () => {
    const table = await addTable();
    const other = await addTable();
    const first = await walkIn(2);
    const second = await walkIn(2);
    expect((await first.guest.post('/api/guest/hold-table', { tableId: table.id })).status).toBe(200);
    const taken = await second.guest.post('/api/guest/hold-table', { tableId: table.id });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: MESSAGES.tableAlreadyReserved, id: 'table_already_reserved' });
    const twice = await first.guest.post('/api/guest/hold-table', { tableId: other.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MESSAGES.tableAlreadyReserved);
    expect((await db()('tables').where({ id: other.id }).first()).state).toBe('EMPTY');
    const listed = (await second.guest.get('/api/guest/tables')).body as GuestTable[];
    expect(listed.find((t) => t.id === table.id)).toMatchObject({ available: false, heldByYouUntil: null });
  });

  it('refuses a table the state machine does not let a guest hold, naming both states, and one too small', async () => {
    const busy = await addTable({ state: 'CLEANING' });
    const small = await addTable({ capacity: 2 });
    const { guest } = await walkIn(3);
    const refused = await guest.post('/api/guest/hold-table', { tableId: busy.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: `${MESSAGES.tableUnavailable(busy.name)}: ${MESSAGES.tableTransitionRefused('move to Hold', 'Cleaning')}`,
      id: 'transition_refused',
    });
    const tooSmall = await guest.post('/api/guest/hold-table', { tableId: small.id });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body.message).toBe(MESSAGES.tableTooSmall(small.name, 2));
    expect((await db()('tables').whereIn('id', [busy.id, small.id]).orderBy('state')).map((t) => t.state)).toEqual([
      'CLEANING',
      'EMPTY',
    ]);
  });

  it("answers 404 for another organization's table, 400 for a bad id, 401 without a guest", async () => {
    const { guest } = await walkIn(2);
    const foreign = await guest.post('/api/guest/hold-table', { tableId: h.fixture.b.tableIds[0] });
    expect(foreign.status).toBe(404);
    expect((await db()('tables').where({ id: h.fixture.b.tableIds[0] }).first()).state).toBe('EMPTY');
    const bad = await guest.post('/api/guest/hold-table', { tableId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('tableId');
    expect((await new Client(h.cloud.url).post('/api/guest/hold-table', { tableId: randomUUID() })).status).toBe(401);
    // Staff are not guests: the hold is a guest's.
    expect((await staff.post('/api/guest/hold-table', { tableId: h.fixture.a.tableIds[0] })).status).toBe(401);
  });

  it('lets exactly one of many guests racing for one table hold it', async () => {
    const table = await addTable();
    const guests = await Promise.all(Array.from({ length: 6 }, () => walkIn(2)));
    const replies = await Promise.all(
      guests.map(({ guest }) => guest.post('/api/guest/hold-table', { tableId: table.id })),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409 && r.body.message === MESSAGES.tableAlreadyReserved)).toHaveLength(5);
    const winner = guests[replies.indexOf(won[0] as (typeof replies)[number])];
    const row = await db()('tables').where({ id: table.id }).first();
    expect(row.held_by_session_id).toBe(winner?.answer.sessionId);
  });

  it('releases its hold on Cancel, and leaves a table it does not hold alone', async () => {
    const table = await addTable();
    const first = await walkIn(2);
    const second = await walkIn(2);
    await first.guest.post('/api/guest/hold-table', { tableId: table.id });
    expect((await second.guest.post('/api/guest/release-table', { tableId: table.id })).status).toBe(200);
    expect((await db()('tables').where({ id: table.id }).first()).state).toBe('HOLD_SOFT');
    const released = await first.guest.post('/api/guest/release-table', { tableId: table.id });
    expect(released.body).toEqual({ success: true, tableId: table.id });
    expect(await db()('tables').where({ id: table.id }).first()).toMatchObject({
      state: 'EMPTY',
      hold_expires_at: null,
      held_by_session_id: null,
    });
    expect((await second.guest.post('/api/guest/hold-table', { tableId: table.id })).status).toBe(200);
  });
});

describe('a hold running out', () => {
  it('is freed by the sweep with a live event; its guest can no longer confirm and another may hold it', async () => {
    const table = await addTable();
    const first = await walkIn(2);
    const second = await walkIn(2);
    await first.guest.post('/api/guest/hold-table', { tableId: table.id });
    expect(await h.cloud.releaseExpiredHolds()).toBe(0);
    const staffSocket = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await staffSocket.next((m) => m.type === 'hello');
    staffSocket.send({ type: 'subscribe' });
    h.clock.offsetMs += TABLE_HOLD_MS + 1_000;
    try {
      expect(await h.cloud.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
      expect(await db()('tables').where({ id: table.id }).first()).toMatchObject({
        state: 'EMPTY',
        held_by_session_id: null,
      });
      const freed = await staffSocket.next(
        (m) => m.type === 'table.state.changed' && m.tableId === table.id && m.state === 'EMPTY',
      );
      expect(freed).toMatchObject({ state: 'EMPTY' });
      const late = await first.guest.post('/api/guest/confirm-table', { tableId: table.id });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ message: MESSAGES.unableToConfirmTable, id: 'hold_not_live' });
      expect((await second.guest.post('/api/guest/hold-table', { tableId: table.id })).status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
      await staffSocket.close();
    }
  });

  it('counts as run out at the confirm even before the sweep has freed the table', async () => {
    const table = await addTable();
    const first = await walkIn(2);
    const second = await walkIn(2);
    await first.guest.post('/api/guest/hold-table', { tableId: table.id });
    h.clock.offsetMs += TABLE_HOLD_MS + 1_000;
    try {
      expect((await first.guest.post('/api/guest/confirm-table', { tableId: table.id })).status).toBe(409);
      const taken = await second.guest.post('/api/guest/hold-table', { tableId: table.id });
      expect(taken.status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});

describe('confirming the table', () => {
  it('seats the guest at the table it holds, in one transaction with the hold check, once', async () => {
    const table = await addTable();
    const { guest, answer } = await walkIn(2);
    await guest.post('/api/guest/hold-table', { tableId: table.id });
    const before = (await eventsOf(venueId)).length;
    const body = { tableId: table.id, partySize: 3, guestName: 'Noor A', guestEmail: 'noor@example.com' };
    const reply = await guest.post('/api/guest/confirm-table', body, { key: 'confirm-1' });
    expect(reply.status).toBe(200);
    expect(ConfirmTableAnswer.parse(reply.body)).toEqual({
      success: true,
      sessionId: answer.sessionId,
      tableId: table.id,
      tableName: table.name,
      redirectUrl: `/guest/table-confirmation?sessionId=${answer.sessionId}&tableId=${table.id}`,
    });
    expect(await db()('tables').where({ id: table.id }).first()).toMatchObject({
      state: 'OCCUPIED',
      party_name: 'Noor A',
      guest_count: 3,
      held_by_session_id: null,
      hold_expires_at: null,
    });
    expect(await db()('sessions').where({ id: answer.sessionId }).first()).toMatchObject({
      table_id: table.id,
      party_size: 3,
      guest_email: 'noor@example.com',
    });
    expect((await eventsOf(venueId)).slice(before).map((e) => e.type)).toEqual([
      'table.state.changed',
      'guest.checkedin',
    ]);
    const replay = await guest.post('/api/guest/confirm-table', body, { key: 'confirm-1' });
    expect(replay.body).toEqual(reply.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // Without the key, the seated guest confirming the same table hears the same answer.
    expect((await guest.post('/api/guest/confirm-table', { tableId: table.id })).body).toEqual(reply.body);
    expect((await eventsOf(venueId)).length).toBe(before + 2);
    const again = await guest.post('/api/guest/hold-table', { tableId: h.fixture.a.tableIds[0] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.guestAlreadySeated(table.name));
  });

  it('refuses a confirm without this guest holding the table, and checks the input, changing nothing', async () => {
    const table = await addTable();
    const holder = await walkIn(2);
    const other = await walkIn(2);
    const unheld = await other.guest.post('/api/guest/confirm-table', { tableId: table.id });
    expect(unheld.status).toBe(409);
    expect(unheld.body.message).toBe(MESSAGES.unableToConfirmTable);
    await holder.guest.post('/api/guest/hold-table', { tableId: table.id });
    const stolen = await other.guest.post('/api/guest/confirm-table', { tableId: table.id });
    expect(stolen.status).toBe(409);
    for (const [body, field] of [
      [{ tableId: table.id, partySize: 0 }, 'partySize'],
      [{ tableId: table.id, guestEmail: 'not-an-email' }, 'guestEmail'],
      [{ tableId: table.id, guestName: '' }, 'guestName'],
      [{}, 'tableId'],
    ] as const) {
      const reply = await holder.guest.post('/api/guest/confirm-table', body);
      expect(reply.status, field).toBe(400);
      expect(reply.body.message, field).toContain(field);
    }
    expect((await holder.guest.post('/api/guest/confirm-table', { tableId: h.fixture.b.tableIds[0] })).status).toBe(
      404,
    );
    expect(await db()('tables').where({ id: table.id }).first()).toMatchObject({
      state: 'HOLD_SOFT',
      held_by_session_id: holder.answer.sessionId,
    });
    expect((await db()('sessions').where({ id: holder.answer.sessionId }).first()).table_id).toBeNull();
  });

  it('confirms through PATCH /api/guest/sessions/{id} for its own session only', async () => {
    const table = await addTable();
    const { guest, answer } = await walkIn(2);
    await guest.post('/api/guest/hold-table', { tableId: table.id });
    const foreign = await guest.request('PATCH', `/api/guest/sessions/${randomUUID()}`, {
      body: { tableId: table.id },
    });
    expect(foreign.status).toBe(404);
    const reply = await guest.request('PATCH', `/api/guest/sessions/${answer.sessionId}`, {
      body: { tableId: table.id },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ sessionId: answer.sessionId, tableId: table.id });
    expect((await db()('tables').where({ id: table.id }).first()).state).toBe('OCCUPIED');
  });

  it('seats a seated guest nowhere else', async () => {
    const { guest, table } = await seatedGuest();
    const other = await addTable();
    const reply = await guest.post('/api/guest/confirm-table', { tableId: other.id });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(MESSAGES.guestAlreadySeated(table.name));
  });
});

describe("the guest's waitlist status", () => {
  it('reads its place by id, follows the host live, and READY once the host seats the party', async () => {
    const ahead = await walkIn(20, { guestName: 'Ahead' });
    const { guest, answer } = await walkIn(20, { guestName: 'Mina', needsAccessibility: true });
    const id = answer.waitlistId as string;
    const read = async () =>
      GuestWaitlistStatus.strict().parse((await new Client(h.cloud.url).get(`/api/waitlist/status/${id}`)).body);
    const first = await read();
    expect(first).toMatchObject({ status: 'WAITING', guestName: 'Mina', partySize: 20, needsAccessibility: true });
    expect(first.estimatedWait).toBe(15 + 5 * (first.position - 1));
    expect(first).not.toHaveProperty('phone');

    const socket = await LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    socket.send({ type: 'subscribe' });
    // The party ahead leaves the line: this party moves up one place (a read, as that is not its event).
    expect(
      (
        await staff.request('PATCH', `/api/waitlist/${ahead.answer.waitlistId}/status`, {
          body: { status: 'CANCELLED' },
        })
      ).status,
    ).toBe(200);
    expect((await read()).position).toBe(first.position - 1);
    expect((await new Client(h.cloud.url).get(`/api/waitlist/status/${ahead.answer.waitlistId}`)).status).toBe(404);

    await staff.request('PATCH', `/api/waitlist/${id}/status`, { body: { status: 'NOTIFIED' } });
    await socket.next((m) => m.type === 'waitlist.updated' && m.entry.id === id && m.entry.status === 'NOTIFIED');
    expect(await read()).toMatchObject({ status: 'NOTIFIED' });
    await staff.request('PATCH', `/api/waitlist/${id}/status`, { body: { status: 'SEATED' } });
    await socket.next((m) => m.type === 'waitlist.updated' && m.entry.id === id && m.entry.status === 'SEATED');
    expect(await read()).toMatchObject({ status: 'READY', position: 0, estimatedWait: 0 });
    // Only its own party's moves reached the guest's socket.
    const waitlistEvents = socket.messages.filter((m) => m.type === 'waitlist.updated');
    expect(waitlistEvents.every((m) => m.type === 'waitlist.updated' && m.entry.id === id)).toBe(true);
    await socket.close();

    // READY: the party chooses its table with the session it checked in with.
    const table = await addTable({ capacity: 20 });
    expect((await guest.post('/api/guest/hold-table', { tableId: table.id })).status).toBe(200);
    expect((await guest.post('/api/guest/confirm-table', { tableId: table.id })).status).toBe(200);
  });

  it('seats a party the host seats at a table with the session its guest checked in with', async () => {
    const { guest, answer } = await walkIn(20, { guestName: 'Ines' });
    const table = await addTable({ capacity: 20 });
    const sessionsBefore = await db()('sessions').where({ venue_id: venueId }).count<{ count: string }[]>('* as n');
    const seat = await staff.request('POST', `/api/waitlist/${answer.waitlistId}/seat`, {
      body: { tableId: table.id, sessionId: randomUUID() },
    });
    expect(seat.status, JSON.stringify(seat.body)).toBe(200);
    expect((seat.body as { sessionId: string }).sessionId).toBe(answer.sessionId);
    // The guest's phone now has the table; no second session was made for the party.
    const own = (await guest.get('/api/guest/session')).body as { session: { id: string; tableId: string | null } };
    expect(own.session).toMatchObject({ id: answer.sessionId, tableId: table.id });
    const sessionsAfter = await db()('sessions').where({ venue_id: venueId }).count<{ count: string }[]>('* as n');
    expect(sessionsAfter).toEqual(sessionsBefore);
    expect((await db()('tables').where({ id: table.id }).first()).state).toBe('OCCUPIED');
  });

  it('takes a party that confirms a table out of the line', async () => {
    const { guest, answer } = await walkIn(20, { guestName: 'Impatient' });
    const table = await addTable({ capacity: 20 });
    await guest.post('/api/guest/hold-table', { tableId: table.id });
    await guest.post('/api/guest/confirm-table', { tableId: table.id });
    expect((await db()('waitlist').where({ id: answer.waitlistId }).first()).status).toBe('SEATED');
  });

  it('answers 404 for an unknown id, and for one that is not an id', async () => {
    const unknown = await new Client(h.cloud.url).get(`/api/waitlist/status/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.notFound('Waitlist entry'));
    const malformed = await new Client(h.cloud.url).get('/api/waitlist/status/123');
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe(MESSAGES.notFound('Waitlist entry'));
  });
});
