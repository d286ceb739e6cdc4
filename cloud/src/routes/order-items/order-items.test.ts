import { COURSE_TIMING, KitchenItemsAnswer, MESSAGES, OrderItem } from '@tablewise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let guest: Client;
let sessionId: string;
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  ({ guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string));
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.clock.offsetMs = 0;
});

/** Orders a drink (fired at once) and fries (held five minutes); answers their item ids. */
async function order(): Promise<{ drink: string; fries: string; orderId: string }> {
  const reply = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer' },
    ],
  });
  expect(reply.status).toBe(201);
  return { drink: reply.body.items[0].id, fries: reply.body.items[1].id, orderId: reply.body.id };
}

const itemRow = (id: string) => h.database.db('order_items').where({ id }).first();
const eventCount = async () => Number((await h.database.db('events').count({ n: '*' }))[0]?.n);

describe('kitchen items', () => {
  it('lists visible items of the venue oldest first, with table number and held flag', async () => {
    const { drink, fries } = await order();
    const reply = await staff.get('/api/order-items/kitchen');
    expect(reply.status).toBe(200);
    const items = KitchenItemsAnswer.parse(reply.body);
    const mine = items.filter((i) => i.id === drink || i.id === fries);
    expect(mine.map((i) => [i.menuItem.name, i.status, i.held, i.tableNumber])).toEqual([
      ['Lemonade', 'SENT_TO_KITCHEN', false, '2'],
      ['Fries', 'CONFIRMED', true, '2'],
    ]);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect(KitchenItemsAnswer.parse((await beta.get('/api/order-items/kitchen')).body)).toEqual([]);
  });

  it('answers one item, and 404 for an item of another organization', async () => {
    const { drink } = await order();
    expect(OrderItem.parse((await staff.get(`/api/order-items/${drink}`)).body).id).toBe(drink);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await beta.get(`/api/order-items/${drink}`)).status).toBe(404);
  });
});

describe('item status', () => {
  it('moves an item by the staff transition table and writes the event', async () => {
    const { drink } = await order();
    const reply = await staff.post(`/api/order-items/${drink}/status`, { status: 'IN_PREP' });
    expect(reply.status).toBe(200);
    expect(OrderItem.parse(reply.body).status).toBe('IN_PREP');
    expect((await itemRow(drink)).status).toBe('IN_PREP');
    const event = await h.database.db('events').orderBy('seq', 'desc').first();
    expect(event.type).toBe('order.item.status.changed');
    expect(event.payload_json).toMatchObject({
      from: 'SENT_TO_KITCHEN',
      to: 'IN_PREP',
      item: { id: drink, status: 'IN_PREP' },
    });
  });

  it('refuses a move the table does not allow with 409 naming both states', async () => {
    const { drink } = await order();
    const events = await eventCount();
    const reply = await staff.post(`/api/order-items/${drink}/status`, { status: 'DELIVERED' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(MESSAGES.itemTransitionRefused('SENT_TO_KITCHEN', 'DELIVERED'));
    expect(reply.body.message).toBe('Cannot change item status from SENT_TO_KITCHEN to DELIVERED');
    expect((await itemRow(drink)).status).toBe('SENT_TO_KITCHEN');
    expect(await eventCount()).toBe(events);
  });

  it('answers 400 naming the field for an unknown status', async () => {
    const { drink } = await order();
    const reply = await staff.post(`/api/order-items/${drink}/status`, { status: 'COOKED' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^Invalid status: /);
  });

  it("answers 404 for another organization's item and changes nothing", async () => {
    const { drink } = await order();
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const reply = await beta.post(`/api/order-items/${drink}/status`, { status: 'IN_PREP' });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(MESSAGES.notFound('Order item'));
    expect((await itemRow(drink)).status).toBe('SENT_TO_KITCHEN');
  });

  it('answers 401 to a guest', async () => {
    const { drink } = await order();
    expect((await guest.post(`/api/order-items/${drink}/status`, { status: 'IN_PREP' })).status).toBe(401);
  });

  it('fires a held item whose time has passed before applying the move, with both events', async () => {
    const { fries } = await order();
    expect((await staff.post(`/api/order-items/${fries}/status`, { status: 'IN_PREP' })).status).toBe(409);
    h.clock.offsetMs = COURSE_TIMING.firstCourseDelayMs + 1000;
    const before = await eventCount();
    const reply = await staff.post(`/api/order-items/${fries}/status`, { status: 'IN_PREP' });
    expect(reply.status).toBe(200);
    const events = await h.database.db('events').orderBy('seq').offset(before);
    expect(events.map((e) => [e.payload_json.from, e.payload_json.to])).toEqual([
      ['CONFIRMED', 'SENT_TO_KITCHEN'],
      ['SENT_TO_KITCHEN', 'IN_PREP'],
    ]);
  });
});

describe('terminal mutations in sequence', () => {
  it('applies 1, replays 1, refuses 3 as out of order, keeps the refusal of 2 and replays it', async () => {
    const { client: terminal, id } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Grill KDS');
    const { drink } = await order();
    const seqOf = async () => Number((await h.database.db('terminals').where({ id }).first()).last_mutation_seq);

    const first = await terminal.post(
      `/api/order-items/${drink}/status`,
      { status: 'IN_PREP' },
      { key: 'm-1', seq: 1 },
    );
    expect(first.status).toBe(200);
    expect(await seqOf()).toBe(1);
    const events = await eventCount();

    const replay = await terminal.post(
      `/api/order-items/${drink}/status`,
      { status: 'IN_PREP' },
      { key: 'm-1', seq: 1 },
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await eventCount()).toBe(events);

    const ahead = await terminal.post(
      `/api/order-items/${drink}/status`,
      { status: 'READY_FOR_RUN' },
      { key: 'm-3', seq: 3 },
    );
    expect(ahead.status).toBe(409);
    expect(ahead.body.message).toBe(MESSAGES.mutationOutOfOrder(2));
    expect((await itemRow(drink)).status).toBe('IN_PREP');
    expect(await seqOf()).toBe(1);

    // Refused by the transition table: the sequence still advances and the refusal is kept.
    const refused = await terminal.post(
      `/api/order-items/${drink}/status`,
      { status: 'DELIVERED' },
      { key: 'm-2', seq: 2 },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.itemTransitionRefused('IN_PREP', 'DELIVERED'));
    expect(await seqOf()).toBe(2);
    const refusedAgain = await terminal.post(
      `/api/order-items/${drink}/status`,
      { status: 'DELIVERED' },
      { key: 'm-2', seq: 2 },
    );
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.body).toEqual(refused.body);

    // Now 3 is next, and applies.
    const third = await terminal.post(
      `/api/order-items/${drink}/status`,
      { status: 'READY_FOR_RUN' },
      { key: 'm-3', seq: 3 },
    );
    expect(third.status).toBe(200);
    expect((await itemRow(drink)).status).toBe('READY_FOR_RUN');
    expect(await seqOf()).toBe(3);
    const event = await h.database.db('events').orderBy('seq', 'desc').first();
    expect(event.terminal_id).toBe(id);
  });

  it('keeps a 404 and a 400 refusal in sequence too', async () => {
    const { client: terminal, id } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Fry KDS');
    const missing = await terminal.post(
      '/api/order-items/00000000-0000-4000-8000-000000000000/status',
      { status: 'IN_PREP' },
      { key: 'f-1', seq: 1 },
    );
    expect(missing.status).toBe(404);
    const { drink } = await order();
    const malformed = await terminal.post(
      `/api/order-items/${drink}/status`,
      { state: 'IN_PREP' },
      { key: 'f-2', seq: 2 },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('status');
    expect(Number((await h.database.db('terminals').where({ id }).first()).last_mutation_seq)).toBe(2);
  });

  it('needs an Idempotency-Key with a sequence number', async () => {
    const { client: terminal } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Cold KDS');
    const { drink } = await order();
    const reply = await terminal.post(`/api/order-items/${drink}/status`, { status: 'IN_PREP' }, { seq: 1 });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(MESSAGES.mutationSeqNeedsKey);
  });
});
