import { COURSE_TIMING, KitchenItemsAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireDueItems } from '../commands/order-items.js';
import { checkInGuest, type Harness, LiveSocket, loginAs, startHarness } from '../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('course firing', () => {
  it('sends a drink at once, holds the main, and fires it when its time has come', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await socket.next((m) => m.type === 'hello');
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
        {
          menuItemId: h.fixture.a.menu.burger,
          quantity: 1,
          course: 'main',
          modifiers: [{ groupId: 'temp', optionIds: ['well'] }],
        },
      ],
    });
    expect(reply.status).toBe(201);
    const [drink, main] = reply.body.items;
    expect(drink.status).toBe('SENT_TO_KITCHEN');
    expect(main.status).toBe('CONFIRMED');
    expect(new Date(main.fireAt).getTime() - new Date(reply.body.createdAt).getTime()).toBe(
      COURSE_TIMING.firstCourseDelayMs,
    );

    // Not yet: nothing fires a minute before.
    h.clock.offsetMs = COURSE_TIMING.firstCourseDelayMs - 60_000;
    expect(await h.cloud.fireDueCourses()).toBe(0);
    expect((await h.database.db('order_items').where({ id: main.id }).first()).status).toBe('CONFIRMED');

    h.clock.offsetMs = COURSE_TIMING.firstCourseDelayMs + 1000;
    expect(await h.cloud.fireDueCourses()).toBe(1);
    const fired = await socket.next((m) => m.type === 'order.item.status.changed' && m.item.id === main.id);
    expect(fired).toMatchObject({ from: 'CONFIRMED', to: 'SENT_TO_KITCHEN', item: { status: 'SENT_TO_KITCHEN' } });
    const kitchen = KitchenItemsAnswer.parse((await staff.get('/api/order-items/kitchen')).body);
    expect(kitchen.find((i) => i.id === main.id)).toMatchObject({ status: 'SENT_TO_KITCHEN', held: false });
    // A second pass finds nothing left to fire.
    expect(await h.cloud.fireDueCourses()).toBe(0);
    await socket.close();
  });

  it('fires each item once when several firers run at the same time', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    h.clock.offsetMs = 0;
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer' },
        { menuItemId: h.fixture.a.menu.cake, quantity: 1, course: 'dessert' },
      ],
    });
    expect(reply.status).toBe(201);
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const counts = await Promise.all([1, 2, 3].map(() => fireDueItems(h.database.db, later)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const events = await h.database.db('events').where({ type: 'order.item.status.changed' });
    const ids = reply.body.items.map((i: { id: string }) => i.id);
    expect(events.filter((e) => ids.includes(e.payload_json.item.id))).toHaveLength(2);
  });
});
