import { BatchRefusal, MESSAGES, OrderItem, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let guest: Client;
let sessionId: string;
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  ({ guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string));
});
afterAll(async () => {
  await h?.close();
});

/** Two drinks, fired at once; answers their item ids. */
async function twoDrinks(): Promise<[string, string]> {
  const reply = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
    ],
  });
  expect(reply.status).toBe(201);
  return [reply.body.items[0].id, reply.body.items[1].id];
}

const statusOf = async (id: string) => (await h.database.db('order_items').where({ id }).first()).status;
const eventCount = async () => Number((await h.database.db('events').count({ n: '*' }))[0]?.n);
const Refusal = z.object({ message: z.string(), id: z.string(), refusals: z.array(BatchRefusal) });

describe('POST /api/order-items/batch-update', () => {
  it('moves every item, each with its event, and answers them in order', async () => {
    const [a, b] = await twoDrinks();
    const before = await eventCount();
    const reply = await staff.post('/api/order-items/batch-update', {
      updates: [
        { id: a, status: 'IN_PREP' },
        { id: b, status: 'IN_PREP' },
      ],
    });
    expect(reply.status).toBe(200);
    expect(
      z
        .array(OrderItem)
        .parse(reply.body)
        .map((i) => [i.id, i.status]),
    ).toEqual([
      [a, 'IN_PREP'],
      [b, 'IN_PREP'],
    ]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['IN_PREP', 'IN_PREP']);
    expect(await eventCount()).toBe(before + 2);
  });

  it('refuses the whole batch when one move is refused, listing each refusal, and changes nothing', async () => {
    const [a, b] = await twoDrinks();
    const before = await eventCount();
    const reply = await staff.post('/api/order-items/batch-update', {
      updates: [
        { id: a, status: 'IN_PREP' },
        { id: b, status: 'READY_FOR_RUN' },
      ],
    });
    expect(reply.status).toBe(409);
    const body = Refusal.parse(reply.body);
    expect(body.message).toBe(SERVICE_MESSAGES.batchUpdateRefused(1, 2));
    expect(body.message).toBe('1 of 2 items cannot move; nothing was changed');
    expect(body.refusals).toEqual([
      { id: b, status: 'READY_FOR_RUN', message: MESSAGES.itemTransitionRefused('SENT_TO_KITCHEN', 'READY_FOR_RUN') },
    ]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['SENT_TO_KITCHEN', 'SENT_TO_KITCHEN']);
    expect(await eventCount()).toBe(before);
  });

  it('follows several moves of one item in order (start then ready)', async () => {
    const [a] = await twoDrinks();
    const reply = await staff.post('/api/order-items/batch-update', {
      updates: [
        { id: a, status: 'IN_PREP' },
        { id: a, status: 'READY_FOR_RUN' },
      ],
    });
    expect(reply.status).toBe(200);
    expect(await statusOf(a)).toBe('READY_FOR_RUN');
  });

  it("refuses another organization's items as not found, and changes nothing", async () => {
    const [a, b] = await twoDrinks();
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const reply = await beta.post('/api/order-items/batch-update', {
      updates: [
        { id: a, status: 'IN_PREP' },
        { id: b, status: 'IN_PREP' },
      ],
    });
    expect(reply.status).toBe(409);
    const body = Refusal.parse(reply.body);
    expect(body.refusals.map((r) => r.message)).toEqual([
      MESSAGES.notFound('Order item'),
      MESSAGES.notFound('Order item'),
    ]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['SENT_TO_KITCHEN', 'SENT_TO_KITCHEN']);
  });

  it('answers 400 for an empty batch, an unknown status or a bad id', async () => {
    const empty = await staff.post('/api/order-items/batch-update', { updates: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(SERVICE_MESSAGES.batchUpdateEmpty);
    const [a] = await twoDrinks();
    const unknown = await staff.post('/api/order-items/batch-update', { updates: [{ id: a, status: 'COOKED' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Invalid updates\.0\.status: /);
    const badId = await staff.post('/api/order-items/batch-update', { updates: [{ id: 'x', status: 'IN_PREP' }] });
    expect(badId.status).toBe(400);
    expect(await statusOf(a)).toBe('SENT_TO_KITCHEN');
  });

  it('answers 401 to a guest', async () => {
    const [a] = await twoDrinks();
    const reply = await guest.post('/api/order-items/batch-update', { updates: [{ id: a, status: 'IN_PREP' }] });
    expect(reply.status).toBe(401);
    expect(await statusOf(a)).toBe('SENT_TO_KITCHEN');
  });

  it('answers a repeat with the same Idempotency-Key as the first time, moving nothing again', async () => {
    const [a] = await twoDrinks();
    const body = { updates: [{ id: a, status: 'IN_PREP' }] };
    const first = await staff.post('/api/order-items/batch-update', body, { key: 'batch-1' });
    expect(first.status).toBe(200);
    const events = await eventCount();
    const again = await staff.post('/api/order-items/batch-update', body, { key: 'batch-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await eventCount()).toBe(events);
    // without the key, the same move is refused: the item is no longer pending
    const unkeyed = await staff.post('/api/order-items/batch-update', body);
    expect(unkeyed.status).toBe(409);
  });
});
