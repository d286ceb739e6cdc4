// The door while the cloud is away (issue 9): reservations booked, checked in and seated on the
// terminal, and waitlist parties seated at tables, show at once from its replica, go through the
// outbox and reach the cloud once each when it returns; a seat the cloud refuses is named to staff
// and the replica shows the cloud's table again.
import { randomUUID } from 'node:crypto';
import {
  type BookableTimesAnswer,
  MESSAGES,
  type Reservation,
  SeatPartyAnswer,
  SeatReservationAnswer,
  type Table,
  venueDate,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { type Client, type Harness, loginAs } from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startHostStand } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let back: RunningCloud | null = null;
let tab: Client;

beforeAll(async () => {
  ({ harness, terminal, tab } = await startHostStand());
});

afterAll(async () => {
  await terminal?.close();
  await back?.close();
  await harness?.close();
});

const offline = async () => {
  await (back ?? harness.cloud).close();
  back = null;
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
};
const online = async () => {
  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  return back;
};
const tableOn = async (client: Client, id: string) =>
  ((await client.get('/api/tables')).body as Table[]).find((t) => t.id === id);

it('books, checks in and seats a reservation offline; it reaches the cloud once, and both tiers list the same day', async () => {
  const times = (await tab.get('/api/reservations/bookable-times')).body as BookableTimesAnswer;
  const slot = times.times.find((t) => t.day === 'Tomorrow' && t.time === '19:00');
  expect(slot).toBeDefined();
  const day = venueDate(new Date(slot?.value as string), times.timeZone);
  await offline();

  const id = randomUUID();
  const body = {
    id,
    guestContact: { name: 'Ada Park', phone: '555 0101', email: 'ada@example.com' },
    slotStart: slot?.value,
    partySize: 4,
    preferencesJson: { needsAccessibility: true, needsHighChair: false, occasion: 'anniversary', specialRequests: '' },
  };
  const made = await tab.post('/api/reservations', body);
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ status: 'CONFIRMED', source: 'DIRECT', partySize: 4 });
  // A second tap sends the same reservation: booked once.
  expect((await tab.post('/api/reservations', body)).body).toEqual(made.body);
  // Refused here with the form's messages, as the cloud refuses them.
  const noName = await tab.post('/api/reservations', { ...body, id: randomUUID(), guestContact: { name: ' ' } });
  expect(noName.status).toBe(400);
  expect(noName.body.message).toContain(MESSAGES.reservationGuestNameRequired);
  const offGrid = new Date(new Date(slot?.value as string).getTime() + 10 * 60_000).toISOString();
  const notBookable = await tab.post('/api/reservations', { ...body, id: randomUUID(), slotStart: offGrid });
  expect(notBookable.status).toBe(400);
  expect(notBookable.body.message).toContain(MESSAGES.reservationTimeNotBookable);

  expect((await tab.get(`/api/reservations?date=${day}`)).body.map((r: Reservation) => r.id)).toEqual([id]);
  const checked = await tab.post(`/api/reservations/${id}/checkin`);
  expect(checked.body).toMatchObject({ status: 'CHECKED_IN' });
  const again = await tab.post(`/api/reservations/${id}/checkin`);
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(MESSAGES.reservationTransitionRefused('check in', 'Checked In'));
  const tableId = harness.fixture.a.tableIds[0] as string;
  const seated = SeatReservationAnswer.parse((await tab.post(`/api/reservations/${id}/seat`, { tableId })).body);
  expect(seated.reservation).toMatchObject({ status: 'SEATED', lockedTableIds: [tableId] });
  expect(await tableOn(tab, tableId)).toMatchObject({ state: 'OCCUPIED', partyName: 'Ada Park', guestCount: 4 });
  expect(terminal.core.status().outbox.pending).toBe(3);

  const cloud = await online();
  const rows = await harness.database.db('reservations').where({ id });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'SEATED', party_size: 4, source: 'DIRECT', locked_table_ids: [tableId] });
  expect(await harness.database.db('sessions').where({ id: seated.sessionId })).toHaveLength(1);
  expect(await harness.database.db('events').where({ type: 'reservation.created' })).toHaveLength(1);
  const onCloud = await loginAs(cloud.url, harness.fixture.a.staffEmail);
  await expect
    .poll(async () => JSON.stringify((await tab.get(`/api/reservations?date=${day}`)).body), { timeout: 10_000 })
    .toBe(JSON.stringify((await onCloud.get(`/api/reservations?date=${day}`)).body));
  expect(await tableOn(onCloud, tableId)).toMatchObject({ state: 'OCCUPIED', partyName: 'Ada Park' });
});

it('seats a waiting party at a table offline: the table and the line show it at once, and the cloud takes it once', async () => {
  const party = await tab.post('/api/waitlist', { guestName: 'Lin', partySize: 2 });
  expect(party.status).toBe(201);
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  await offline();
  const tableId = harness.fixture.a.tableIds[1] as string;
  const reply = await tab.post(`/api/waitlist/${party.body.id}/seat`, { tableId });
  expect(reply.status).toBe(200);
  const seated = SeatPartyAnswer.parse(reply.body);
  expect(seated.entry.status).toBe('SEATED');
  expect(seated.table).toMatchObject({ id: tableId, state: 'OCCUPIED', partyName: 'Lin', guestCount: 2 });
  expect(((await tab.get('/api/waitlist')).body as { id: string }[]).map((e) => e.id)).not.toContain(party.body.id);
  // The table is taken now: a second party is refused, naming the table's state and the move.
  const next = await tab.post('/api/waitlist', { guestName: 'Kim', partySize: 2 });
  const taken = await tab.post(`/api/waitlist/${next.body.id}/seat`, { tableId });
  expect(taken.status).toBe(409);
  expect(taken.body.message).toBe(
    `${MESSAGES.tableUnavailable('Table 2')}: ${MESSAGES.tableTransitionRefused('move to Occupied', 'Occupied')}`,
  );
  expect((await tab.post(`/api/waitlist/${next.body.id}/seat`, { tableId: randomUUID() })).status).toBe(404);

  await online();
  expect((await harness.database.db('waitlist').where({ id: party.body.id }).first()).status).toBe('SEATED');
  expect(await harness.database.db('tables').where({ id: tableId }).first()).toMatchObject({
    state: 'OCCUPIED',
    party_name: 'Lin',
  });
  expect(await harness.database.db('sessions').where({ id: seated.sessionId, table_id: tableId })).toHaveLength(1);
});

it('names a seat the cloud refused and shows the cloud’s table again', async () => {
  const tableId = harness.fixture.a.tableIds[2] as string;
  const party = await tab.post('/api/waitlist', { guestName: 'Noor', partySize: 3 });
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  await offline();
  // Meanwhile the table went to cleaning on the cloud: the terminal's seat will be refused.
  await harness.database.db('tables').where({ id: tableId }).update({ state: 'CLEANING' });
  expect((await tab.post(`/api/waitlist/${party.body.id}/seat`, { tableId })).status).toBe(200);
  expect(await tableOn(tab, tableId)).toMatchObject({ state: 'OCCUPIED', partyName: 'Noor' });

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  const [refused] = terminal.core.status().outbox.rejected;
  expect(refused?.subject).toBe('Noor, party of 3');
  expect(refused?.message).toBe(
    `${MESSAGES.tableUnavailable('Table 3')}: ${MESSAGES.tableTransitionRefused('move to Occupied', 'Cleaning')}`,
  );
  await expect.poll(async () => (await tableOn(tab, tableId))?.state, { timeout: 10_000 }).toBe('CLEANING');
  await expect
    .poll(async () => (await tab.get(`/api/waitlist/${party.body.id}`)).body.status, { timeout: 10_000 })
    .toBe('WAITING');
});

it('names a check-in the cloud refused and shows the cloud’s reservation again', async () => {
  const times = (await tab.get('/api/reservations/bookable-times')).body as BookableTimesAnswer;
  const slot = times.times.find((t) => t.day === 'Tomorrow' && t.time === '20:00')?.value as string;
  const made = await tab.post('/api/reservations', { guestContact: { name: 'Cy' }, slotStart: slot, partySize: 3 });
  expect(made.status).toBe(201);
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  const before = terminal.core.status().outbox.rejected.length;
  await offline();
  // Meanwhile the party cancelled by phone with another host: the terminal's check-in will be refused.
  await harness.database.db('reservations').where({ id: made.body.id }).update({ status: 'CANCELLED' });
  expect((await tab.post(`/api/reservations/${made.body.id}/checkin`)).body).toMatchObject({ status: 'CHECKED_IN' });

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(before + 1);
  const refused = terminal.core.status().outbox.rejected.at(-1);
  expect(refused?.subject).toBe('Cy, party of 3');
  expect(refused?.message).toBe(MESSAGES.reservationTransitionRefused('check in', 'Cancelled'));
  await expect
    .poll(async () => (await tab.get(`/api/reservations/${made.body.id}`)).body.status, { timeout: 10_000 })
    .toBe('CANCELLED');
});

it('modifies and cancels bookings offline: shown at once from the replica, replayed once on the cloud', async () => {
  const times = (await tab.get('/api/reservations/bookable-times')).body as BookableTimesAnswer;
  const at = (time: string) => times.times.find((t) => t.day === 'Tomorrow' && t.time === time)?.value as string;
  const day = venueDate(new Date(at('18:00')), times.timeZone);
  const dee = await tab.post('/api/reservations', {
    guestContact: { name: 'Dee' },
    slotStart: at('18:00'),
    partySize: 2,
  });
  const bo = await tab.post('/api/reservations', {
    guestContact: { name: 'Bo' },
    slotStart: at('18:30'),
    partySize: 2,
  });
  expect([dee.status, bo.status]).toEqual([201, 201]);
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 10_000 }).toBe(0);
  const eventsBefore = await harness.database.db('events').where({ type: 'reservation.updated' });
  await offline();

  const change = { slotStart: at('21:00'), partySize: 5, guestContact: { phone: '555 0303' } };
  const moved = await tab.request('PATCH', `/api/reservations/${dee.body.id}`, { body: change });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({
    slotStart: new Date(at('21:00')).toISOString(),
    partySize: 5,
    guestContact: { name: 'Dee', phone: '555 0303' },
  });
  expect((await tab.get(`/api/reservations/${dee.body.id}`)).body).toEqual(moved.body);
  const cancelled = await tab.request('PATCH', `/api/reservations/${bo.body.id}`, { body: { status: 'CANCELLED' } });
  expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
  // Refused here as the cloud refuses: a time not bookable, a cancelled booking, changing nothing.
  const offGrid = new Date(new Date(at('19:00')).getTime() + 10 * 60_000).toISOString();
  const bad = await tab.request('PATCH', `/api/reservations/${dee.body.id}`, { body: { slotStart: offGrid } });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toContain(MESSAGES.reservationTimeNotBookable);
  const gone = await tab.request('PATCH', `/api/reservations/${bo.body.id}`, { body: { partySize: 3 } });
  expect(gone.status).toBe(409);
  expect(gone.body.message).toBe(MESSAGES.reservationTransitionRefused('modify', 'Cancelled'));
  expect((await tab.request('PATCH', `/api/reservations/${randomUUID()}`, { body: { partySize: 3 } })).status).toBe(
    404,
  );
  expect(terminal.core.status().outbox.pending).toBe(2);

  const cloud = await online();
  expect(await harness.database.db('reservations').where({ id: dee.body.id }).first()).toMatchObject({
    party_size: 5,
    slot_start: new Date(at('21:00')),
    guest_contact: { name: 'Dee', phone: '555 0303', email: '' },
  });
  expect((await harness.database.db('reservations').where({ id: bo.body.id }).first()).status).toBe('CANCELLED');
  // Each change reached the cloud once.
  const updated = (await harness.database.db('events').where({ type: 'reservation.updated' })).length;
  expect(updated - eventsBefore.length).toBe(2);
  const onCloud = await loginAs(cloud.url, harness.fixture.a.staffEmail);
  await expect
    .poll(async () => JSON.stringify((await tab.get(`/api/reservations?date=${day}`)).body), { timeout: 10_000 })
    .toBe(JSON.stringify((await onCloud.get(`/api/reservations?date=${day}`)).body));
});
