// POST /api/sync/push against a real cloud on PostgreSQL: a terminal's numbered mutations applied
// in order, each answered as its own request would be, the batch in one transaction.
import { randomUUID } from 'node:crypto';
import { MAX_PUSH_MUTATIONS, MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
let terminal: { client: Client; id: string };
let other: { client: Client; id: string };
let lemonade: string;
let fries: string;
let cake: string;
let foreignItem: string;

async function placeOrder(org: 'a' | 'b', items: string[]): Promise<string[]> {
  const f = h.fixture[org];
  const staff = await loginAs(h.cloud.url, f.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, f.tableIds[org === 'a' ? 0 : 1] as string);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: items.map((menuItemId) => ({ menuItemId, quantity: 1, course: 'drink' })),
  });
  expect(placed.status).toBe(201);
  return (placed.body.items as { id: string }[]).map((i) => i.id);
}

beforeAll(async () => {
  h = await startHarness();
  terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Bar PC');
  other = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Pass PC');
  const a = h.fixture.a.menu;
  [lemonade, fries, cake] = (await placeOrder('a', [a.lemonade, a.fries, a.cake])) as [string, string, string];
  [foreignItem] = (await placeOrder('b', [h.fixture.b.menu.lemonade])) as [string];
});

afterAll(async () => {
  await h?.close();
});

const move = (seq: number, itemId: string, status: unknown, key = randomUUID()) => ({
  seq,
  idempotencyKey: key,
  method: 'POST',
  path: `/api/order-items/${itemId}/status`,
  body: { status },
});

const push = (mutations: unknown[], client = terminal.client) => client.post('/api/sync/push', { mutations });

const db = () => h.database.db;
const lastSeq = async (terminalId = terminal.id) =>
  Number((await db()('terminals').where({ id: terminalId }).first()).last_mutation_seq);
const statusOf = async (itemId: string) => (await db()('order_items').where({ id: itemId }).first()).status as string;
const eventsBy = async (terminalId = terminal.id) =>
  Number((await db()('events').where({ terminal_id: terminalId }).count({ n: '*' }))[0]?.n);

/** Everything a push could change, to show a refused one changed nothing. */
const state = async () => ({
  seq: await lastSeq(),
  keys: Number((await db()('idempotency_keys').count({ n: '*' }))[0]?.n),
  events: Number((await db()('events').count({ n: '*' }))[0]?.n),
  items: await db()('order_items').orderBy('id').select('id', 'status'),
});

describe('POST /api/sync/push: what it refuses', () => {
  it('answers 400 naming the field for a malformed batch, and changes nothing', async () => {
    const before = await state();
    const key = randomUUID();
    const cases: [unknown, string, string?][] = [
      [undefined, 'mutations'],
      [[], 'mutations'],
      [
        Array.from({ length: MAX_PUSH_MUTATIONS + 1 }, (_, i) => move(i + 1, lemonade, 'IN_PREP')),
        'mutations',
        MESSAGES.tooManyMutations(MAX_PUSH_MUTATIONS),
      ],
      [[move(1, lemonade, 'IN_PREP'), move(3, fries, 'IN_PREP')], 'mutations.1.seq', MESSAGES.mutationsNotConsecutive],
      [[move(1, lemonade, 'IN_PREP', key), move(2, fries, 'IN_PREP', key)], 'mutations.1.idempotencyKey'],
      [[move(0, lemonade, 'IN_PREP')], 'mutations.0.seq'],
      [[{ ...move(1, lemonade, 'IN_PREP'), method: 'GET' }], 'mutations.0.method'],
      [[{ ...move(1, lemonade, 'IN_PREP'), path: '/elsewhere' }], 'mutations.0.path'],
      [[{ ...move(1, lemonade, 'IN_PREP'), idempotencyKey: 'a key' }], 'mutations.0.idempotencyKey'],
    ];
    for (const [mutations, field, detail] of cases) {
      const reply = await terminal.client.post('/api/sync/push', mutations === undefined ? {} : { mutations });
      expect(reply.status, field).toBe(400);
      expect(reply.body.message).toMatch(new RegExp(`^Invalid ${field.replace(/\./g, '\\.')}: `));
      if (detail) expect(reply.body.message).toBe(MESSAGES.invalidField(field, detail));
    }
    expect(await state()).toEqual(before);
  });

  it('is for terminals only: 401 without a principal, 403 for staff', async () => {
    const before = await state();
    const body = { mutations: [move(1, lemonade, 'IN_PREP')] };
    const anonymous = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    await anonymous.post('/api/auth/logout');
    expect((await anonymous.post('/api/sync/push', body)).status).toBe(401);
    const staff = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    expect((await staff.post('/api/sync/push', body)).status).toBe(403);
    expect(await state()).toEqual(before);
  });
});

describe('POST /api/sync/push: applying a batch', () => {
  it('applies in order, answers each, and a refused change in the middle takes its number', async () => {
    const batch = [
      move(1, lemonade, 'IN_PREP'),
      move(2, fries, 'DELIVERED'),
      move(3, lemonade, 'READY_FOR_RUN'),
      move(4, fries, 'IN_PREP'),
    ];
    const reply = await push(batch);
    expect(reply.status).toBe(200);
    expect(reply.body.results.map((r: { seq: number; status: number }) => [r.seq, r.status])).toEqual([
      [1, 200],
      [2, 409],
      [3, 200],
      [4, 200],
    ]);
    expect(reply.body.results[1].body).toEqual({
      message: MESSAGES.itemTransitionRefused('SENT_TO_KITCHEN', 'DELIVERED'),
      id: 'transition_refused',
    });
    expect(reply.body.results[2].body).toMatchObject({ id: lemonade, status: 'READY_FOR_RUN' });
    expect(await statusOf(lemonade)).toBe('READY_FOR_RUN');
    expect(await statusOf(fries)).toBe('IN_PREP');
    expect(await lastSeq()).toBe(4);
    expect(await eventsBy()).toBe(3);

    // The venue's events stay gap-free, numbered in the order the changes were applied.
    const events = await db()('events').where({ venue_id: h.fixture.a.venueId }).orderBy('seq').select('seq', 'type');
    expect(events.map((e) => Number(e.seq))).toEqual(events.map((_, i) => i + 1));
    expect(events.slice(-3).map((e) => e.type)).toEqual(Array(3).fill('order.item.status.changed'));

    // The whole batch again: the same answers, nothing applied twice.
    const again = await push(batch);
    expect(again.body).toEqual(reply.body);
    expect(await eventsBy()).toBe(3);
    expect(await lastSeq()).toBe(4);
  });

  it('answers as the single request would: same key and number there, a replay here', async () => {
    const key = randomUUID();
    const single = await terminal.client.post(
      `/api/order-items/${cake}/status`,
      { status: 'IN_PREP' },
      { key, seq: 5 },
    );
    expect(single.status).toBe(200);
    const reply = await push([move(5, cake, 'IN_PREP', key)]);
    expect(reply.body.results).toEqual([{ seq: 5, status: 200, body: single.body }]);
    expect(await lastSeq()).toBe(5);
  });

  it('stops at a mutation out of order, with the number it expects', async () => {
    const before = await state();
    const reply = await push([move(9, cake, 'PAUSE'), move(10, cake, 'IN_PREP')]);
    expect(reply.body.results).toEqual([
      {
        seq: 9,
        status: 409,
        body: { message: MESSAGES.mutationOutOfOrder(6), id: 'mutation_out_of_order', expectedSeq: 6 },
      },
    ]);
    expect(await state()).toEqual(before);
  });

  it("refuses another organization's item, bad input and an unknown item, each taking its number", async () => {
    const reply = await push([
      move(6, foreignItem, 'IN_PREP'),
      move(7, cake, 'NOT_A_STATE'),
      move(8, 'not-an-id', 'IN_PREP'),
      move(9, cake, 'PAUSE'),
    ]);
    expect(reply.body.results.map((r: { status: number }) => r.status)).toEqual([404, 400, 404, 200]);
    expect(reply.body.results[0].body).toEqual({ message: MESSAGES.notFound('Order item'), id: 'not_found' });
    expect(reply.body.results[1].body.message).toMatch(/^Invalid status: /);
    expect(await statusOf(foreignItem)).toBe('SENT_TO_KITCHEN');
    expect(await statusOf(cake)).toBe('PAUSE');
    expect(await lastSeq()).toBe(9);
  });

  it("refuses another terminal's key without taking a number, and an unknown route the same way", async () => {
    const key = randomUUID();
    expect((await push([move(1, cake, 'IN_PREP', key)], other.client)).body.results[0].status).toBe(200);
    const before = await state();
    const reused = await push([move(10, cake, 'IN_PREP', key), move(11, cake, 'PAUSE')]);
    expect(reused.body.results.map((r: { status: number; body: { id: string } }) => [r.status, r.body.id])).toEqual([
      [422, 'idempotency_key_reused'],
      [409, 'mutation_out_of_order'],
    ]);
    const unknown = await push([{ ...move(10, cake, 'PAUSE'), path: '/api/nothing/here' }, move(11, cake, 'PAUSE')]);
    expect(unknown.body.results).toEqual([
      { seq: 10, status: 404, body: { message: MESSAGES.notFound('Route'), id: 'not_found' } },
    ]);
    expect(await state()).toEqual(before);
  });

  it('keeps the mutations before a server error, answers it 500 without its number, and takes it when sent again', async () => {
    await db().raw(`CREATE FUNCTION refuse_cake() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
    await db().raw(
      `CREATE TRIGGER refuse_cake BEFORE UPDATE ON order_items FOR EACH ROW WHEN (OLD.id = '${cake}') EXECUTE FUNCTION refuse_cake()`,
    );
    const batch = [move(10, lemonade, 'OUT_FOR_DELIVERY'), move(11, cake, 'PAUSE'), move(12, lemonade, 'DELIVERED')];
    const events = await eventsBy();
    const failed = await push(batch);
    await db().raw('DROP TRIGGER refuse_cake ON order_items');
    expect(failed.body.results.map((r: { status: number }) => r.status)).toEqual([200, 500]);
    expect(failed.body.results[1].body).toEqual({ message: MESSAGES.internalError, id: 'internal' });
    expect(await lastSeq()).toBe(10);
    expect(await statusOf(lemonade)).toBe('OUT_FOR_DELIVERY');

    const replayed = await push(batch);
    expect(replayed.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 200]);
    expect(replayed.body.results[0]).toEqual(failed.body.results[0]);
    expect(await lastSeq()).toBe(12);
    expect([await statusOf(lemonade), await statusOf(cake)]).toEqual(['DELIVERED', 'PAUSE']);
    expect(await eventsBy()).toBe(events + 3);
  });

  it('applies none of a batch whose commit fails, and all of it, once, when sent again', async () => {
    await db().raw(`CREATE FUNCTION refuse_seq() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'connection lost'; END $$ LANGUAGE plpgsql`);
    await db().raw('CREATE TRIGGER refuse_seq BEFORE UPDATE ON terminals FOR EACH ROW EXECUTE FUNCTION refuse_seq()');
    const batch = [move(13, cake, 'IN_PREP'), move(14, fries, 'READY_FOR_RUN')];
    const before = await state();
    const failed = await push(batch);
    await db().raw('DROP TRIGGER refuse_seq ON terminals');
    expect(failed.status).toBe(500);
    expect(await state()).toEqual(before);

    const events = await eventsBy();
    const replayed = await push(batch);
    expect(replayed.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(await lastSeq()).toBe(14);
    expect([await statusOf(cake), await statusOf(fries)]).toEqual(['IN_PREP', 'READY_FOR_RUN']);
    expect(await eventsBy()).toBe(events + 2);
  });

  it('undoes the fire of a due item whose move is refused, and keeps the refusal', async () => {
    const [dessert] = (await placeOrder('a', [h.fixture.a.menu.cake])) as [string];
    await db()('order_items')
      .where({ id: dessert })
      .update({ status: 'CONFIRMED', fire_at: new Date(Date.now() - 60_000) });
    const events = await eventsBy();
    const venueEvents = async () => Number((await db()('events').count({ n: '*' }))[0]?.n);
    const allEvents = await venueEvents();
    // Firing it (SENT_TO_KITCHEN, with its event) comes before the transition is judged and refused.
    const reply = await push([move(15, dessert, 'DELIVERED'), move(16, dessert, 'IN_PREP')]);
    expect(reply.body.results.map((r: { status: number }) => r.status)).toEqual([409, 200]);
    expect(reply.body.results[0].body.message).toBe(MESSAGES.itemTransitionRefused('SENT_TO_KITCHEN', 'DELIVERED'));
    expect(await statusOf(dessert)).toBe('IN_PREP');
    // One fire and one move: the refused change's fire left nothing behind.
    expect(await venueEvents()).toBe(allEvents + 2);
    expect(await eventsBy()).toBe(events + 1);
    expect(await lastSeq()).toBe(16);
  });
});

const TIMES_AND_NUMBERS = new Set(['updatedAt', 'createdAt', 'fireAt', 'at', 'orderId', 'seq']);

describe('POST /api/sync/push: item moves run together', () => {
  it('answers and writes exactly what the same moves pushed one at a time do', async () => {
    const a = h.fixture.a.menu;
    const together = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Together PC');
    const alone = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Alone PC');
    const sets = {
      together: await placeOrder('a', [a.lemonade, a.fries, a.cake, a.lemonade]),
      alone: await placeOrder('a', [a.lemonade, a.fries, a.cake, a.lemonade]),
    };
    // The third item of each set is held with its course due: a move fires it first.
    for (const items of Object.values(sets)) {
      await db()('order_items')
        .where({ id: items[2] })
        .update({ status: 'CONFIRMED', fire_at: new Date(Date.now() - 60_000) });
    }
    const script: [number | 'foreign' | 'unknown', unknown][] = [
      [0, 'IN_PREP'],
      [0, 'PAUSE'],
      [1, 'DELIVERED'], // refused: not a move from where it is
      [0, 'IN_PREP'],
      [2, 'IN_PREP'], // fired, then moved
      [0, 'NOPE'], // refused by the call's schema
      ['foreign', 'IN_PREP'], // another organization's item
      ['unknown', 'IN_PREP'],
      [3, 'IN_PREP'],
      [3, 'READY_FOR_RUN'],
      [0, 'READY_FOR_RUN'],
      [1, 'IN_PREP'],
      [1, 'IN_PREP'], // refused: already there
    ];
    const unknownItem = randomUUID();
    const movesOf = (items: string[]) =>
      script.map(([which, status], i) =>
        move(
          i + 1,
          which === 'foreign' ? foreignItem : which === 'unknown' ? unknownItem : (items[which] as string),
          status,
        ),
      );
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    db().on('query', listen);
    const togetherAnswer = await push(movesOf(sets.together), together.client);
    db().off('query', listen);
    expect(togetherAnswer.status).toBe(200);
    // Run together: the moved items written in one statement, not one or more a move.
    expect(statements.filter((sql) => /^update "?order_items/.test(sql.trim()))).toHaveLength(1);
    const aloneResults: unknown[] = [];
    for (const m of movesOf(sets.alone)) {
      const one = await push([m], alone.client);
      expect(one.status).toBe(200);
      aloneResults.push(...(one.body.results as unknown[]));
    }

    /** What either run did, with each set's ids as the script's names, times and numbers left out. */
    const seen = async (items: string[], results: unknown) => {
      const name = (id: unknown) => {
        const at = items.indexOf(id as string);
        return at >= 0 ? `item ${at}` : id;
      };
      const shown = (value: unknown): unknown =>
        JSON.parse(JSON.stringify(value), (key, v) => (TIMES_AND_NUMBERS.has(key) ? undefined : name(v)));
      const events = await db()('events')
        .whereRaw("payload_json->'item'->>'id' = any(?)", [items])
        .andWhere('type', 'order.item.status.changed')
        .orderBy('seq')
        .select('payload_json', 'terminal_id');
      return {
        results: shown(results),
        events: events.map((e: { payload_json: unknown; terminal_id: string | null }) => [
          shown(e.payload_json),
          e.terminal_id === null ? 'fired' : 'moved',
        ]),
        statuses: await Promise.all(items.map(statusOf)),
      };
    };
    const mine = await seen(sets.together, togetherAnswer.body.results);
    expect(mine).toEqual(await seen(sets.alone, aloneResults));
    // And what it is: 8 moves applied, 5 refused, each taking its number; one fire.
    expect((mine.results as { status: number }[]).map((r) => r.status)).toEqual([
      200, 200, 409, 200, 200, 400, 404, 404, 200, 200, 200, 200, 409,
    ]);
    expect(mine.events).toHaveLength(9);
    expect(mine.statuses).toEqual(['READY_FOR_RUN', 'IN_PREP', 'IN_PREP', 'READY_FOR_RUN']);
    expect([await lastSeq(together.id), await lastSeq(alone.id)]).toEqual([script.length, script.length]);
    expect(await statusOf(foreignItem)).not.toBe('IN_PREP');
  });
});
