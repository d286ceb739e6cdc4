import { randomUUID } from 'node:crypto';
import {
  BookableTimesAnswer,
  MESSAGES,
  Reservation,
  SeatReservationAnswer,
  venueDate,
  venueDayBounds,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client, type Harness, LiveSocket, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
let host: Client;
let times: BookableTimesAnswer;
/** Tomorrow at the venue: all its times are bookable whatever the hour of the run. */
let tomorrow: BookableTimesAnswer['times'];
let tomorrowDate: string;

beforeAll(async () => {
  h = await startHarness();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  times = BookableTimesAnswer.parse((await host.get('/api/reservations/bookable-times')).body);
  tomorrow = times.times.filter((t) => t.day === 'Tomorrow');
  tomorrowDate = venueDate(new Date(tomorrow[0]?.value as string), times.timeZone);
});
afterAll(async () => {
  await h?.close();
});

const booking = (overrides: Record<string, unknown> = {}, slot = 0) => ({
  guestContact: { name: 'Ada Park', phone: '555 0101', email: 'ada@example.com' },
  slotStart: tomorrow[slot]?.value,
  partySize: 4,
  preferencesJson: { needsAccessibility: true, needsHighChair: false, occasion: 'birthday', specialRequests: 'Window' },
  ...overrides,
});
const dayList = async (who = host, date = tomorrowDate) =>
  z.array(Reservation).parse((await who.get(`/api/reservations?date=${date}`)).body);
const rows = () => h.database.db('reservations').orderBy('id');

describe('bookable times', () => {
  it('offers every 30 minutes from 17:00 to 22:30, Today (not yet begun) and all of Tomorrow, in the venue zone', async () => {
    expect(times.today).toBe(venueDate(h.clock.now(), times.timeZone));
    expect(tomorrow.map((t) => t.time)).toEqual([
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
    ]);
    for (const t of times.times.filter((t) => t.day === 'Today')) {
      expect(new Date(t.value).getTime()).toBeGreaterThanOrEqual(h.clock.now().getTime() - 60_000);
    }
    expect(tomorrow[0]?.label).toBe('Tomorrow 5:00 PM');
  });
});

describe('reservations', () => {
  it('books a two-hour CONFIRMED, DIRECT reservation, announces it and lists it for its day', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const reply = await host.post('/api/reservations', booking({}, 4));
    expect(reply.status).toBe(201);
    const made = Reservation.parse(reply.body);
    expect(made).toMatchObject({
      status: 'CONFIRMED',
      source: 'DIRECT',
      partySize: 4,
      guestContact: { name: 'Ada Park', phone: '555 0101', email: 'ada@example.com' },
      preferencesJson: { needsAccessibility: true, occasion: 'birthday', specialRequests: 'Window' },
      lockedTableIds: [],
      checkedInAt: null,
    });
    expect(new Date(made.slotEnd).getTime() - new Date(made.slotStart).getTime()).toBe(2 * 3600_000);
    const heard = await socket.next((m) => m.type === 'reservation.created');
    expect(heard).toMatchObject({ reservation: { id: made.id } });
    await socket.close();

    // An earlier one the same day comes first; another day's is not in the list.
    const early = await host.post('/api/reservations', booking({ guestContact: { name: 'Bo' } }, 0));
    expect(early.status).toBe(201);
    expect(early.body.guestContact).toEqual({ name: 'Bo', phone: '', email: '' });
    expect((await dayList()).map((r) => r.guestContact.name)).toEqual(['Bo', 'Ada Park']);
    const { start } = venueDayBounds(tomorrowDate, times.timeZone);
    const dayAfter = venueDate(new Date(start.getTime() + 36 * 3600_000), times.timeZone);
    expect(await dayList(host, dayAfter)).toEqual([]);
    // Without a date: today at the venue.
    const today = z.array(Reservation).parse((await host.get('/api/reservations')).body);
    expect(today.map((r) => r.id)).not.toContain(made.id);
    // The spec's client puts the date in the path (issue 23); an id there is still one reservation.
    const inPath = await host.get(`/api/reservations/${tomorrowDate}`);
    expect(inPath.status).toBe(200);
    expect(inPath.body).toEqual(await dayList());
    expect((await host.get(`/api/reservations/${made.id}`)).body).toMatchObject({ id: made.id });
    expect((await host.get('/api/reservations/2026-13-45')).status).toBe(404);
  });

  it('books once for a repeated id or Idempotency-Key', async () => {
    const id = randomUUID();
    const body = booking({ id, guestContact: { name: 'Once' } }, 2);
    const events = async () => (await h.database.db('events').where({ type: 'reservation.created' })).length;
    const key = randomUUID();
    const first = await host.post('/api/reservations', body, { key });
    expect(first.status).toBe(201);
    const after = await events();
    expect((await host.post('/api/reservations', body, { key })).body).toEqual(first.body);
    expect((await host.post('/api/reservations', body)).body).toEqual(first.body);
    expect(await events()).toBe(after);
    expect(await h.database.db('reservations').where({ id })).toHaveLength(1);
  });

  it("refuses bad input with 400 and the form's messages, and writes nothing", async () => {
    const before = await rows();
    const slot = tomorrow[1]?.value as string;
    const offGrid = new Date(new Date(slot).getTime() + 15 * 60_000).toISOString();
    const threeDays = new Date(new Date(slot).getTime() + 2 * 24 * 3600_000).toISOString();
    const cases: [unknown, string][] = [
      [booking({ guestContact: { name: '  ' } }), MESSAGES.reservationGuestNameRequired],
      [booking({ guestContact: { phone: '1' } }), 'guestContact.name'],
      [booking({ slotStart: undefined }), MESSAGES.reservationTimeRequired],
      [booking({ slotStart: '' }), MESSAGES.reservationTimeRequired],
      [booking({ slotStart: 'tonight' }), MESSAGES.reservationTimeNotBookable],
      [booking({ slotStart: offGrid }), MESSAGES.reservationTimeNotBookable],
      [booking({ slotStart: threeDays }), MESSAGES.reservationTimeNotBookable],
      [booking({ guestContact: { name: 'A', email: 'not-mail' } }), MESSAGES.invalidEmail],
      [booking({ partySize: 0 }), MESSAGES.partySizeMin(1)],
      [booking({ partySize: 21 }), MESSAGES.partySizeMax(20)],
      [booking({ partySize: 'four' }), MESSAGES.partySizeNotNumber],
      [booking({ slotEnd: slot }), MESSAGES.reservationSlotLength],
      [booking({ status: 'SEATED' }), 'status'],
      [booking({ source: 'PHONE' }), 'source'],
      [booking({ preferencesJson: { occasion: 'wake' } }), 'occasion'],
      [booking({ table: 'T1' }), 'table'],
    ];
    for (const [body, message] of cases) {
      const reply = await host.post('/api/reservations', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message, JSON.stringify(body)).toContain(message);
    }
    expect((await host.get('/api/reservations?date=25-11-2026')).body.message).toContain(
      MESSAGES.reservationDateInvalid,
    );
    expect(await rows()).toEqual(before);
  });

  it('checks a CONFIRMED party in once, announced; a second check-in answers 409 naming the status', async () => {
    const made = (await host.post('/api/reservations', booking({ guestContact: { name: 'Cy' } }, 6))).body;
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const key = randomUUID();
    const checked = await host.post(`/api/reservations/${made.id}/checkin`, undefined, { key });
    expect(checked.status).toBe(200);
    expect(Reservation.parse(checked.body)).toMatchObject({ status: 'CHECKED_IN', checkedInAt: expect.any(String) });
    expect((await socket.next((m) => m.type === 'reservation.checkin')) as unknown).toMatchObject({
      reservation: { id: made.id, status: 'CHECKED_IN' },
    });
    await socket.close();
    // The same request again answers the same; a new one is refused.
    expect((await host.post(`/api/reservations/${made.id}/checkin`, undefined, { key })).body).toEqual(checked.body);
    const again = await host.post(`/api/reservations/${made.id}/checkin`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.reservationTransitionRefused('check in', 'Checked In'));
    expect((await host.post(`/api/reservations/${randomUUID()}/checkin`)).status).toBe(404);
  });

  it('seats a checked-in party at a free table: the table is theirs with a session, the reservation SEATED at it', async () => {
    const made = (await host.post('/api/reservations', booking({ guestContact: { name: 'Dee' }, partySize: 3 }, 7)))
      .body;
    const tableId = h.fixture.a.tableIds[0] as string;
    // Not checked in yet: Seat is not offered, and the call refuses it.
    const early = await host.post(`/api/reservations/${made.id}/seat`, { tableId });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MESSAGES.reservationTransitionRefused('seat', 'Confirmed'));
    await host.post(`/api/reservations/${made.id}/checkin`);
    const sessionId = randomUUID();
    const key = randomUUID();
    const reply = await host.post(`/api/reservations/${made.id}/seat`, { tableId, sessionId }, { key });
    expect(reply.status).toBe(200);
    // The same request again (a replay) answers the same and seats nobody twice.
    expect((await host.post(`/api/reservations/${made.id}/seat`, { tableId, sessionId }, { key })).body).toEqual(
      reply.body,
    );
    expect(await h.database.db('sessions').where({ reservation_id: made.id })).toHaveLength(1);
    const seated = SeatReservationAnswer.parse(reply.body);
    expect(seated.sessionId).toBe(sessionId);
    expect(seated.reservation).toMatchObject({ status: 'SEATED', lockedTableIds: [tableId] });
    expect(seated.table).toMatchObject({ id: tableId, state: 'OCCUPIED', partyName: 'Dee', guestCount: 3 });
    const session = await h.database.db('sessions').where({ id: sessionId }).first();
    expect(session).toMatchObject({ table_id: tableId, reservation_id: made.id, party_size: 3, status: 'ACTIVE' });
    const types = (await h.database.db('events').orderBy('seq', 'desc').limit(3).pluck('type')).reverse();
    expect(types).toEqual(['table.state.changed', 'guest.checkedin', 'reservation.updated']);

    // The table is taken: the refusal names the table's state and the move, and changes nothing.
    const other = (await host.post('/api/reservations', booking({ guestContact: { name: 'Eve' } }, 8))).body;
    await host.post(`/api/reservations/${other.id}/checkin`);
    const taken = await host.post(`/api/reservations/${other.id}/seat`, { tableId });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      `${MESSAGES.tableUnavailable('Table 1')}: ${MESSAGES.tableTransitionRefused('move to Occupied', 'Occupied')}`,
    );
    expect((await host.get(`/api/reservations/${other.id}`)).body.status).toBe('CHECKED_IN');
    const twice = await host.post(`/api/reservations/${made.id}/seat`, { tableId: h.fixture.a.tableIds[1] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MESSAGES.reservationTransitionRefused('seat', 'Seated'));
    expect((await h.database.db('tables').where({ id: h.fixture.a.tableIds[1] }).first()).state).toBe('EMPTY');
    // Another organization's table is no table here.
    const nowhere = await host.post(`/api/reservations/${other.id}/seat`, { tableId: h.fixture.b.tableIds[0] });
    expect(nowhere.status).toBe(404);
    const bad = await host.post(`/api/reservations/${other.id}/seat`, { tableId: 'T1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('tableId');
  });

  it("keeps each organization's reservations its own, and reservations to staff and the venue's terminals", async () => {
    const ours = (await host.post('/api/reservations', booking({ guestContact: { name: 'Fay' } }, 9))).body;
    const other = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    expect(await dayList(other)).toEqual([]);
    expect((await other.get(`/api/reservations/${ours.id}`)).status).toBe(404);
    expect((await other.post(`/api/reservations/${ours.id}/checkin`)).status).toBe(404);
    const theirTable = await other.post(`/api/reservations/${ours.id}/seat`, { tableId: h.fixture.b.tableIds[0] });
    expect(theirTable.status).toBe(404);
    // An id another organization booked under is not theirs to read back.
    const clash = await other.post('/api/reservations', booking({ id: ours.id }, 9));
    expect(clash.status).toBe(409);
    expect((await host.get(`/api/reservations/${ours.id}`)).body.status).toBe('CONFIRMED');
    const device = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Host stand');
    expect((await dayList(device.client)).map((r) => r.id)).toContain(ours.id);
    const nobody = new Client(h.cloud.url);
    expect((await nobody.get('/api/reservations')).status).toBe(401);
    expect((await nobody.post('/api/reservations', booking())).status).toBe(401);
    expect((await nobody.post(`/api/reservations/${ours.id}/checkin`)).status).toBe(401);
  });

  it("a terminal's booking pushed late is still taken for a time that was bookable when it was made", async () => {
    const device = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Door');
    const slot = tomorrow[0]?.value as string;
    // The slot began an hour ago on the cloud's clock.
    h.clock.offsetMs = new Date(slot).getTime() + 3600_000 - Date.now();
    try {
      const late = await device.client.post('/api/reservations', booking({ guestContact: { name: 'Gus' } }, 0), {
        key: randomUUID(),
        seq: 1,
      });
      expect(late.status).toBe(201);
      // Staff book on the cloud as it happens: a time already begun is refused.
      const lateHost = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
      const staffLate = await lateHost.post('/api/reservations', booking({ guestContact: { name: 'Hal' } }, 0));
      expect(staffLate.status).toBe(400);
      expect(staffLate.body.message).toContain(MESSAGES.reservationTimeNotBookable);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});

describe('modify a reservation (PATCH /api/reservations/:id)', () => {
  const patch = (id: string, body: unknown, who = host, key?: string) =>
    who.request('PATCH', `/api/reservations/${id}`, { body, ...(key ? { key } : {}) });

  it('moves the time, party size, contact and preferences, announced as reservation.updated, and lists it so', async () => {
    const made = Reservation.parse((await host.post('/api/reservations', booking({}, 3))).body);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const key = randomUUID();
    const change = {
      slotStart: tomorrow[5]?.value,
      partySize: 6,
      guestContact: { phone: '555 0202' },
      preferencesJson: { needsHighChair: true, specialRequests: 'Booth' },
    };
    const reply = await patch(made.id, change, host, key);
    expect(reply.status).toBe(200);
    const changed = Reservation.parse(reply.body);
    expect(changed).toEqual({
      ...made,
      slotStart: new Date(tomorrow[5]?.value as string).toISOString(),
      slotEnd: new Date(new Date(tomorrow[5]?.value as string).getTime() + 2 * 3600_000).toISOString(),
      partySize: 6,
      guestContact: { ...made.guestContact, phone: '555 0202' },
      preferencesJson: { ...made.preferencesJson, needsHighChair: true, specialRequests: 'Booth' },
    });
    expect(await socket.next((m) => m.type === 'reservation.updated')).toMatchObject({
      reservation: { id: made.id, partySize: 6 },
    });
    await socket.close();
    // Read back as changed, and once only for a repeat of the same request.
    expect((await host.get(`/api/reservations/${made.id}`)).body).toEqual(changed);
    expect((await dayList()).find((r) => r.id === made.id)).toEqual(changed);
    const events = await h.database.db('events').where({ type: 'reservation.updated' });
    expect((await patch(made.id, change, host, key)).body).toEqual(changed);
    expect(await h.database.db('events').where({ type: 'reservation.updated' })).toHaveLength(events.length);
    // Nothing changed: the same answer, no event.
    expect((await patch(made.id, { partySize: 6 })).body).toEqual(changed);
    expect(await h.database.db('events').where({ type: 'reservation.updated' })).toHaveLength(events.length);
  });

  it('cancels a booking; then, like a seated one, it cannot be modified or cancelled again (409 naming its status)', async () => {
    const made = (await host.post('/api/reservations', booking({ guestContact: { name: 'Ivy' } }, 10))).body;
    const cancelled = await patch(made.id, { status: 'CANCELLED' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: made.id, status: 'CANCELLED' });
    expect((await dayList()).find((r) => r.id === made.id)?.status).toBe('CANCELLED');
    const before = await rows();
    const again = await patch(made.id, { status: 'CANCELLED' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.reservationTransitionRefused('cancel', 'Cancelled'));
    const moved = await patch(made.id, { partySize: 2 });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(MESSAGES.reservationTransitionRefused('modify', 'Cancelled'));

    const seated = (await host.post('/api/reservations', booking({ guestContact: { name: 'Jo' } }, 11))).body;
    await host.post(`/api/reservations/${seated.id}/checkin`);
    expect((await host.post(`/api/reservations/${seated.id}/seat`, { tableId: h.fixture.a.tableIds[2] })).status).toBe(
      200,
    );
    const seatedBefore = await rows();
    const late = await patch(seated.id, { guestContact: { name: 'Joe' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES.reservationTransitionRefused('modify', 'Seated'));
    expect((await patch(seated.id, { status: 'CANCELLED' })).body.message).toBe(
      MESSAGES.reservationTransitionRefused('cancel', 'Seated'),
    );
    expect((await rows()).filter((r) => r.id !== seated.id)).toEqual(before.filter((r) => r.id !== seated.id));
    expect(await rows()).toEqual(seatedBefore);
  });

  it("refuses bad input with 400 and the form's messages, an unknown id with 404, and changes nothing", async () => {
    const made = (await host.post('/api/reservations', booking({ guestContact: { name: 'Kai' } }, 1))).body;
    const before = await rows();
    const slot = tomorrow[1]?.value as string;
    const offGrid = new Date(new Date(slot).getTime() + 15 * 60_000).toISOString();
    const cases: [unknown, string][] = [
      [{}, MESSAGES.reservationNothingToChange],
      [{ slotStart: offGrid }, MESSAGES.reservationTimeNotBookable],
      [{ slotStart: '' }, MESSAGES.reservationTimeRequired],
      [{ slotStart: tomorrow[2]?.value, slotEnd: tomorrow[2]?.value }, MESSAGES.reservationSlotLength],
      [{ guestContact: { name: ' ' } }, MESSAGES.reservationGuestNameRequired],
      [{ guestContact: { email: 'not-mail' } }, MESSAGES.invalidEmail],
      [{ partySize: 0 }, MESSAGES.partySizeMin(1)],
      [{ partySize: 21 }, MESSAGES.partySizeMax(20)],
      [{ partySize: 'four' }, MESSAGES.partySizeNotNumber],
      [{ status: 'SEATED' }, 'status'],
      [{ status: 'CANCELLED', partySize: 2 }, MESSAGES.reservationCancelAlone],
      [{ preferencesJson: { occasion: 'wake' } }, 'occasion'],
      [{ table: 'T1' }, 'table'],
    ];
    for (const [body, message] of cases) {
      const reply = await patch(made.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message, JSON.stringify(body)).toContain(message);
    }
    expect((await patch(randomUUID(), { partySize: 2 })).status).toBe(404);
    expect((await patch('not-an-id', { partySize: 2 })).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("another organization's reservation is no reservation here (404), and nobody signed out may change one", async () => {
    const ours = (await host.post('/api/reservations', booking({ guestContact: { name: 'Lu' } }, 9))).body;
    const before = await rows();
    const other = await loginAs(h.cloud.url, h.fixture.b.staffEmail);
    expect((await patch(ours.id, { partySize: 2 }, other)).status).toBe(404);
    expect((await patch(ours.id, { status: 'CANCELLED' }, other)).status).toBe(404);
    expect((await patch(ours.id, { partySize: 2 }, new Client(h.cloud.url))).status).toBe(401);
    expect(await rows()).toEqual(before);
  });

  it("a terminal's change pushed late is taken for a time that was bookable when it was made", async () => {
    const device = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Door 2');
    const made = (await host.post('/api/reservations', booking({ guestContact: { name: 'Mo' } }, 8))).body;
    const slot = tomorrow[0]?.value as string;
    h.clock.offsetMs = new Date(slot).getTime() + 3600_000 - Date.now();
    try {
      const late = await device.client.request('PATCH', `/api/reservations/${made.id}`, {
        body: { slotStart: slot },
        key: randomUUID(),
        seq: 1,
      });
      expect(late.status).toBe(200);
      expect(late.body.slotStart).toBe(new Date(slot).toISOString());
      // Signed in again: the session of an hour ago may be over by the moved clock.
      const lateHost = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
      const staffLate = await patch(made.id, { slotStart: tomorrow[0]?.value, partySize: 3 }, lateHost);
      // The time is as booked now, so staff may still change the party size.
      expect(staffLate.status).toBe(200);
      const other = (await lateHost.post('/api/reservations', booking({ guestContact: { name: 'Ned' } }, 9))).body;
      const refused = await patch(other.id, { slotStart: slot }, lateHost);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(MESSAGES.reservationTimeNotBookable);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});
