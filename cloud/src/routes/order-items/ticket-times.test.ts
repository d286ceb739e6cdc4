import { COURSE_TIMING, getTicketTimes } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it('gives each station its fired-to-ready times from the events, none to another organization', async () => {
  const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
  expect(getTicketTimes.answer.parse((await staff.get('/api/kitchen/ticket-times')).body)).toEqual([]);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer' },
    ],
  });
  const [drink, fries] = placed.body.items.map((i: { id: string }) => i.id) as [string, string];
  // The fries fire five minutes after ordering; both are readied ten minutes after ordering.
  h.clock.offsetMs = COURSE_TIMING.firstCourseDelayMs;
  await h.cloud.fireDueCourses();
  const start = [drink, fries].map((id) => ({ id, status: 'IN_PREP' }));
  expect((await staff.post('/api/order-items/batch-update', { updates: start })).status).toBe(200);
  h.clock.offsetMs = 10 * 60_000;
  const ready = [drink, fries].map((id) => ({ id, status: 'READY_FOR_RUN' }));
  expect((await staff.post('/api/order-items/batch-update', { updates: ready })).status).toBe(200);

  const reply = await staff.get('/api/kitchen/ticket-times');
  expect(reply.status).toBe(200);
  const rows = getTicketTimes.answer.parse(reply.body);
  expect(rows.map((r) => [r.station, r.tickets])).toEqual([
    ['Bar', 1],
    ['Fry', 1],
  ]);
  expect(rows[0]?.averageMinutes).toBeCloseTo(10, 0);
  expect(rows[1]?.averageMinutes).toBeCloseTo(5, 0);
  expect(rows[1]?.longestMinutes).toBe(rows[1]?.averageMinutes);

  const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
  expect((await beta.get('/api/kitchen/ticket-times')).body).toEqual([]);
  expect((await guest.get('/api/kitchen/ticket-times')).status).toBe(401);
});
