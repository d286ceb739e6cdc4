import { COURSE_TIMING, listGuestOrders, MESSAGES, Order, OrdersAnswer } from '@tablewise/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE_OPTION } from '../../db/connect.js';
import { EVENTS_CHANNEL } from '../../repositories/events.js';
import { Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let guest: Client;
let sessionId: string;
let otherSessionId: string;
beforeAll(async () => {
  h = await startHarness();
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  ({ guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string));
  ({ sessionId: otherSessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string));
});
afterAll(async () => {
  await h?.close();
});

const count = async (table: string) => Number((await h.database.db(table).count({ n: '*' }))[0]?.n);

describe('placing an order', () => {
  it('prices from the menu, taxes once, and fires drinks at once while holding food for its course', async () => {
    const before = Date.now();
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
        {
          menuItemId: h.fixture.a.menu.burger,
          quantity: 1,
          course: 'main',
          modifiers: [
            { groupId: 'temp', optionIds: ['rare'] },
            { groupId: 'extras', optionIds: ['cheese'] },
          ],
          specialInstructions: 'no onions',
          // The client's prices are not fields the cloud reads.
          price: '0.01',
        },
      ],
      courseTiming: [{ course: 'main', fireAt: new Date(before).toISOString(), items: [] }],
    });
    expect(reply.status).toBe(201);
    const order = Order.parse(reply.body);
    // 2 × 3.50 + (12.50 + 1.25) = 20.75; tax 8.75 % = 1.815625 → 1.82.
    expect(order).toMatchObject({ subtotal: '20.75', tax: '1.82', total: '22.57', sessionId, tableName: 'Table 1' });
    const [drink, burger] = order.items;
    expect(drink).toMatchObject({
      menuItemName: 'Lemonade',
      status: 'SENT_TO_KITCHEN',
      unitPrice: '3.50',
      totalPrice: '7.00',
    });
    expect(burger).toMatchObject({
      menuItemName: 'Burger',
      status: 'CONFIRMED',
      unitPrice: '13.75',
      notes: 'no onions',
    });
    expect(burger?.modifiers.map((m) => m.optionName)).toEqual(['Rare', 'Cheese']);
    const fireIn = new Date(burger?.fireAt ?? 0).getTime() - new Date(order.createdAt).getTime();
    expect(fireIn).toBe(COURSE_TIMING.firstCourseDelayMs);

    const stored = await h.database.db('orders').where({ id: order.id }).first();
    expect(stored).toMatchObject({ subtotal: '20.75', tax: '1.82', total: '22.57' });
    const event = await h.database.db('events').where({ type: 'order.created' }).orderBy('seq', 'desc').first();
    expect(event.payload_json.order).toEqual(order);
  });

  it('bills priced modifiers on every unit: the subtotal is the sum of the priced lines', async () => {
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [
        {
          menuItemId: h.fixture.a.menu.burger,
          quantity: 2,
          modifiers: [
            { groupId: 'temp', optionIds: ['well'] },
            { groupId: 'extras', optionIds: ['cheese', 'bacon'] },
          ],
        },
        { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      ],
    });
    expect(reply.status).toBe(201);
    const order = Order.parse(reply.body);
    // (12.50 + 1.25 + 2.00) × 2 = 31.50, + 3.50 = 35.00; tax 8.75 % = 3.0625 → 3.06.
    expect(order.items.map((i) => [i.unitPrice, i.totalPrice])).toEqual([
      ['15.75', '31.50'],
      ['3.50', '3.50'],
    ]);
    expect(order).toMatchObject({ subtotal: '35.00', tax: '3.06', total: '38.06' });
    const stored = await h.database.db('orders').where({ id: order.id }).first();
    expect(stored).toMatchObject({ subtotal: '35.00', tax: '3.06', total: '38.06' });
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, writing nothing', async () => {
    const body = { sessionId, items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer' }] };
    const first = await guest.post('/api/orders', body, { key: 'order-fries-1' });
    expect(first.status).toBe(201);
    const orders = await count('orders');
    const events = await count('events');
    const second = await guest.post('/api/orders', body, { key: 'order-fries-1' });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await count('orders')).toBe(orders);
    expect(await count('events')).toBe(events);
  });

  it('treats concurrent repeats as one order', async () => {
    const body = { sessionId, items: [{ menuItemId: h.fixture.a.menu.cake, quantity: 1, course: 'dessert' }] };
    const orders = await count('orders');
    const replies = await Promise.all([1, 2, 3].map(() => guest.post('/api/orders', body, { key: 'order-cake-race' })));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await count('orders')).toBe(orders + 1);
  });

  it('refuses a key reused for a different call with 422', async () => {
    const reply = await staff.post(
      `/api/order-items/${h.fixture.a.menu.fries}/status`,
      { status: 'IN_PREP' },
      { key: 'order-fries-1' },
    );
    // Different principal and path: never the stored order.
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe(MESSAGES.idempotencyKeyReused);
  });

  it('creates one order for a client-made id sent twice', async () => {
    const id = '7f6d1c52-4a8e-4c0e-9d61-1b7f2c3d4e5f';
    const body = { id, sessionId, items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 2 }] };
    expect((await guest.post('/api/orders', body)).status).toBe(201);
    const again = await guest.post('/api/orders', body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    expect(await h.database.db('orders').where({ id })).toHaveLength(1);
  });

  it('places one order for a client-made id sent at once under different keys, answering each', async () => {
    const id = '3b9e6f10-8c2d-4a7e-b5f1-2d3e4f5a6b7c';
    const body = { id, sessionId, items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }] };
    const events = await count('events');
    // Each is read before any commits: all but the first find the order only at commit, and are
    // answered as placed before.
    const replies = await Promise.all(['a', 'b', 'c'].map((k) => guest.post('/api/orders', body, { key: `dup-${k}` })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.id))).toEqual(new Set([id]));
    expect(await h.database.db('orders').where({ id })).toHaveLength(1);
    expect(await h.database.db('order_items').where({ order_id: id })).toHaveLength(1);
    expect(await count('events')).toBe(events + 1);
  });

  /** A party checked in at the fixture's third table; `leave` closes its session and frees the table. */
  const freshParty = async () => {
    const party = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    const leave = async () => {
      await h.database
        .db('sessions')
        .where({ id: party.sessionId })
        .update({ status: 'CLOSED', closed_at: new Date() });
      await h.database.db('tables').where({ id: h.fixture.a.tableIds[2] }).update({ state: 'EMPTY' });
    };
    return { ...party, leave };
  };

  it("writes a session's first keyed order in two statements, and its next in one that checks what the first read (issue 28)", async () => {
    const party = await freshParty();
    const fries = h.fixture.a.menu.fries;
    const statementsOf = async (key: string, status = 201) => {
      const seen: string[] = [];
      const note = (q: { sql: string }) => {
        if (/idempotency_keys|menu_items|"?orders"?\b/.test(q.sql)) seen.push(q.sql);
      };
      h.database.db.on('query', note);
      try {
        const reply = await party.guest.post(
          '/api/orders',
          { sessionId: party.sessionId, items: [{ menuItemId: fries, quantity: 1 }] },
          { key },
        );
        expect(reply.status).toBe(status);
        return { seen, reply: reply.body };
      } finally {
        h.database.db.removeListener('query', note);
      }
    };
    try {
      // The first: the read with its key claimed, then the write with its event.
      const first = await statementsOf('first-of-session');
      expect(first.seen).toHaveLength(2);
      expect(first.seen[0]).toMatch(/insert into "?idempotency_keys"?[\s\S]*menu_items/);
      expect(first.seen[1]).toMatch(
        /insert into "?orders"?[\s\S]*insert into "?order_items"?[\s\S]*update "?idempotency_keys"?[\s\S]*event_batches/,
      );
      // The next: one statement, with the guest's limits, the session and the dish checked as read.
      const next = await statementsOf('next-of-session');
      expect(next.seen).toHaveLength(1);
      expect(next.seen[0]).toMatch(
        /insert into rate_limits[\s\S]*from sessions[\s\S]*menu_items[\s\S]*insert into idempotency_keys[\s\S]*insert into orders[\s\S]*insert into order_items[\s\S]*update venues set event_seq[\s\S]*insert into events[\s\S]*pg_notify/,
      );
      expect(Order.parse(next.reply).items[0]?.unitPrice).toBe(Order.parse(first.reply).items[0]?.unitPrice);
      // The dish's price changed since it was read: the statement writes nothing, the order is read
      // again and pays the new price.
      const price = (await h.database.db('menu_items').where({ id: fries }).first()).price;
      await h.database.db('menu_items').where({ id: fries }).update({ price: '9.99' });
      try {
        const changed = await statementsOf('after-price-change');
        expect(changed.seen).toHaveLength(3);
        expect(Order.parse(changed.reply).items[0]?.unitPrice).toBe('9.99');
      } finally {
        await h.database.db('menu_items').where({ id: fries }).update({ price });
      }
      expect(await h.database.db('orders').where({ session_id: party.sessionId })).toHaveLength(3);
      expect(
        await h.database
          .db('idempotency_keys')
          .whereIn('key', ['first-of-session', 'next-of-session', 'after-price-change']),
      ).toHaveLength(3);
    } finally {
      await party.leave();
    }
    // Closed since its last order: the statement writes nothing, and the order is refused as before.
    const events = await count('events');
    await statementsOf('after-close', 401);
    expect(await h.database.db('orders').where({ session_id: party.sessionId })).toHaveLength(3);
    expect(await h.database.db('idempotency_keys').where({ key: 'after-close' })).toEqual([]);
    expect(await count('events')).toBe(events);
  });

  it('writes a keyed order by hand exactly as knex writes one: its rows, its event, its key and its answer', async () => {
    // With a key, the order goes the hand-built way (commands/orders.ts, placeOrderAtOnce); without
    // one, knex's: the two must leave the same rows, tell the same event and answer the same.
    const items = [
      {
        menuItemId: h.fixture.a.menu.burger,
        quantity: 2,
        course: 'main',
        modifiers: [
          { groupId: 'temp', optionIds: ['rare'] },
          { groupId: 'extras', optionIds: ['cheese'] },
        ],
        specialInstructions: "Tom's: no onions \\ no 'sauce'",
      },
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: h.fixture.a.menu.cake, quantity: 1, course: 'dessert', specialInstructions: 'Candle' },
    ];
    const place = async (key?: string) => {
      const id = crypto.randomUUID();
      const reply = await guest.post('/api/orders', { id, sessionId, items }, key ? { key } : {});
      expect(reply.status).toBe(201);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(reply.headers.get('idempotent-replayed')).toBeNull();
      const order = await h.database.db('orders').where({ id }).first();
      const orderItems = await h.database.db('order_items').where({ order_id: id }).orderBy('sort_order');
      const event = await h.database.db('events').whereRaw("payload_json->'order'->>'id' = ?", [id]).first();
      return { id, reply: reply.body, order, orderItems, event };
    };
    // Each order's notification to the live fan-out, as a listener on the channel hears it.
    const listener = new pg.Client({ connectionString: h.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    const notified = async (id: string) => {
      await expect.poll(() => heard.some((text) => text.includes(id))).toBe(true);
      return JSON.parse(heard.find((text) => text.includes(id)) as string);
    };
    let byHand: Awaited<ReturnType<typeof place>>;
    let byKnex: typeof byHand;
    let byHandOnce: typeof byHand;
    const notes: Record<string, unknown> = {};
    try {
      byHand = await place('by-hand');
      byKnex = await place();
      // The session's dishes are read now: this one goes in one statement, and writes the same too.
      byHandOnce = await place('by-hand-once');
      for (const [name, placed] of Object.entries({ byHand, byKnex, byHandOnce }))
        notes[name] = await notified(placed.id);
    } finally {
      await listener.end();
    }
    // Ids, times and sequence numbers differ; everything else is alike.
    const same = (value: unknown, placed: { id: string; reply: { createdAt: string } }): unknown =>
      JSON.parse(
        JSON.stringify(value)
          .replace(new RegExp(`${placed.id.slice(0, 28)}[0-9a-f]{8}`, 'g'), 'ORDER')
          .replaceAll(placed.reply.createdAt, 'AT')
          .replaceAll(new Date(placed.reply.createdAt).toISOString(), 'AT')
          .replace(/"(seq|id)":"?[0-9a-f-]+"?/g, '"$1":"ID"'),
      );
    const alike = (pick: (p: typeof byHand) => unknown) => {
      const times = (p: typeof byHand) =>
        JSON.parse(JSON.stringify(pick(p)), (k, v) => (/(_at|At)$/.test(k) ? 'T' : v));
      expect(same(times(byHand), byHand)).toEqual(same(times(byKnex), byKnex));
      expect(same(times(byHandOnce), byHandOnce)).toEqual(same(times(byKnex), byKnex));
    };
    alike((p) => p.reply);
    // The notification: the venue and the event as stored (its seq too).
    const note = (name: string, placed: typeof byHand) => {
      const {
        events: [event],
        ...rest
      } = notes[name] as { events: [{ seq: number }] };
      expect(event).toEqual({ ...placed.event.payload_json, seq: Number(placed.event.seq) });
      return { ...rest, events: [{ ...event, seq: 'SEQ', at: 'T', order: 'ORDER' }] };
    };
    expect(note('byHandOnce', byHandOnce)).toEqual(note('byKnex', byKnex));
    expect(note('byHand', byHand)).toEqual(note('byKnex', byKnex));
    alike((p) => p.order);
    alike((p) => p.orderItems);
    alike((p) => ({
      ...p.event,
      payload_json: { ...p.event.payload_json, at: p.event.payload_json.at === p.reply.createdAt },
    }));
    expect(byHand.orderItems.map((i: { notes: string | null }) => i.notes)).toEqual([
      "Tom's: no onions \\ no 'sauce'",
      null,
      'Candle',
    ]);
    expect(byHand.event.payload_json.order).toEqual(byHand.reply);
    expect(byHand.event.user_id).toBeNull();
    const record = await h.database.db('idempotency_keys').where({ key: 'by-hand' }).first();
    expect(record).toMatchObject({
      principal: `guest:${sessionId}`,
      method: 'POST',
      path: '/api/orders',
      status_code: 201,
      answer_withheld: false,
      response_json: byHand.reply,
    });
    expect(await h.database.db('idempotency_keys').where({ key: 'by-hand-once' }).first()).toMatchObject({
      principal: `guest:${sessionId}`,
      request_hash: expect.any(String),
      status_code: 201,
      answer_withheld: false,
      response_json: byHandOnce.reply,
    });
    // A repeat of the one-statement order's key hears it as placed.
    const onceAgain = await guest.post('/api/orders', { id: byHandOnce.id, sessionId, items }, { key: 'by-hand-once' });
    expect(onceAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(onceAgain.body).toEqual(byHandOnce.reply);
    // The key answers its repeat with the order as placed; another body under it is refused.
    const again = await guest.post('/api/orders', { id: byHand.id, sessionId, items }, { key: 'by-hand' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(byHand.reply);
    const reused = await guest.post('/api/orders', { sessionId, items: items.slice(1) }, { key: 'by-hand' });
    expect(reused.status).toBe(422);
    expect(await h.database.db('orders').where({ id: byHand.id })).toHaveLength(1);
  });

  it('refuses a keyed order as an unkeyed one, writing nothing and leaving the key free', async () => {
    const events = await count('events');
    const sold = await guest.post(
      '/api/orders',
      { sessionId, items: [{ menuItemId: h.fixture.a.menu.soldOut, quantity: 1 }] },
      { key: 'sold-out' },
    );
    expect(sold.status).toBe(409);
    expect(sold.body.id).toBe('menu_item_unavailable');
    const unknownChoice = await guest.post(
      '/api/orders',
      {
        sessionId,
        items: [{ menuItemId: h.fixture.a.menu.burger, quantity: 1, modifiers: [{ groupId: 'nope', optionIds: [] }] }],
      },
      { key: 'bad-choice' },
    );
    expect(unknownChoice.status).toBe(400);
    expect(await count('events')).toBe(events);
    expect(await h.database.db('idempotency_keys').whereIn('key', ['sold-out', 'bad-choice'])).toEqual([]);
  });

  it("taxes a keyed guest order at the venue's rate, in two statements and in one, and reads a changed rate again", async () => {
    const party = await freshParty();
    const fries = h.fixture.a.menu.fries;
    const venue = () => h.database.db('venues').where({ id: h.fixture.a.venueId });
    const { tax_rate_bps: rate } = await venue().first();
    const { price } = await h.database.db('menu_items').where({ id: fries }).first();
    await h.database.db('menu_items').where({ id: fries }).update({ price: '10.00' });
    const order = async () => {
      const reply = await party.guest.post(
        '/api/orders',
        { sessionId: party.sessionId, items: [{ menuItemId: fries, quantity: 1 }] },
        { key: crypto.randomUUID() },
      );
      expect(reply.status).toBe(201);
      const placed = Order.parse(reply.body);
      return { subtotal: placed.subtotal, tax: placed.tax, total: placed.total };
    };
    try {
      await venue().update({ tax_rate_bps: 1000 });
      const tenPercent = { subtotal: '10.00', tax: '1.00', total: '11.00' };
      expect(await order()).toEqual(tenPercent);
      expect(await order()).toEqual(tenPercent);
      await venue().update({ tax_rate_bps: 500 });
      expect(await order()).toEqual({ subtotal: '10.00', tax: '0.50', total: '10.50' });
    } finally {
      await venue().update({ tax_rate_bps: rate });
      await h.database.db('menu_items').where({ id: fries }).update({ price });
      await party.leave();
    }
  });

  it("runs a guest's session read prepared, the guest's limits, the order's read with its claim, and its write", async () => {
    const marked: string[] = [];
    const note = (q: { sql: string; options?: Record<string, unknown> }) => {
      if (q.options?.[PREPARE_OPTION]) marked.push(q.sql);
    };
    // A session's first order (its next goes in one statement: above).
    const party = await freshParty();
    h.database.db.on('query', note);
    try {
      expect((await party.guest.get('/api/guest/session')).status).toBe(200);
      const body = { sessionId: party.sessionId, items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }] };
      expect((await party.guest.post('/api/orders', body, { key: 'prepared-reads' })).status).toBe(201);
    } finally {
      h.database.db.removeListener('query', note);
      await party.leave();
    }
    expect(marked).toHaveLength(4);
    expect(marked[0]).toMatch(/^select "id", "org_id", "venue_id", "table_id", "status" from "sessions"/);
    // The guest's limits, counted in the round trip of the order's read (security/limits.ts).
    expect(marked[1]).toMatch(/insert into rate_limits[\s\S]*insert into rate_limits/);
    expect(marked[2]).toMatch(/insert into "?idempotency_keys"?[\s\S]*menu_items/);
    // The write, with its event, goes with the COMMIT (db/connect.ts): prepared so it can.
    expect(marked[3]).toMatch(/insert into "?orders"?[\s\S]*event_batches/);
    // The menu items' columns named: a prepared statement's result must not follow a table's new columns.
    expect(marked[2]).toMatch(/m\.modifiers_schema/);
    expect(marked[2]).not.toMatch(/\bm\.\*/);
  });

  it("places a known guest's order without reading the session first: the order's own read checks it", async () => {
    // A guest just checked in: no call of theirs has shown the cloud their session yet.
    const { guest: fresh, sessionId: freshSession } = await checkInGuest(
      h.cloud.url,
      staff,
      h.fixture.a.tableIds[2] as string,
    );
    const body = () => ({
      sessionId: freshSession,
      items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }],
    });
    const statementsOf = async (send: () => Promise<{ status: number }>) => {
      const seen: string[] = [];
      const note = (q: { sql: string }) => seen.push(q.sql);
      h.database.db.on('query', note);
      try {
        expect((await send()).status).toBe(201);
      } finally {
        h.database.db.removeListener('query', note);
      }
      return seen;
    };
    const sessionReads = (seen: string[]) => seen.filter((sql) => /^select [^()]* from "sessions"/.test(sql));
    // The first order reads the session as every guest call does; the next ones do not.
    expect(sessionReads(await statementsOf(() => fresh.post('/api/orders', body())))).toHaveLength(1);
    const next = await statementsOf(() => fresh.post('/api/orders', body()));
    expect(sessionReads(next)).toEqual([]);
    expect(next.filter((sql) => !/^(BEGIN|COMMIT);?$/.test(sql))).toHaveLength(2);

    // Once the session closes, its cookie orders nothing, and hears what any other call says.
    await h.database.db('sessions').where({ id: freshSession }).update({ status: 'CLOSED', closed_at: new Date() });
    const refused = await fresh.post('/api/orders', body());
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.guestSessionRequired);
    expect(await h.database.db('orders').where({ session_id: freshSession })).toHaveLength(2);
    await h.database.db('tables').where({ id: h.fixture.a.tableIds[2] }).update({ state: 'EMPTY' });
  });

  it("refuses a client-made id that is another session's order with 409, writing nothing", async () => {
    const id = '0c3f9a1e-2b7d-4e5a-8f60-9a1b2c3d4e5f';
    const items = [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }];
    expect((await staff.post('/api/orders', { id, sessionId: otherSessionId, items })).status).toBe(201);
    const events = await count('events');
    const reply = await guest.post('/api/orders', { id, sessionId, items });
    expect(reply.status).toBe(409);
    expect(reply.body.id).toBe('order_exists');
    expect(await h.database.db('order_items').where({ order_id: id })).toHaveLength(1);
    expect(await count('events')).toBe(events);
  });

  it('answers a client-made id sent again with the order as placed, even once its item sold out', async () => {
    const id = '5e2a7c90-1d4b-4f3e-a6b8-c7d8e9f0a1b2';
    const body = { id, sessionId, items: [{ menuItemId: h.fixture.a.menu.cake, quantity: 1 }] };
    const first = await guest.post('/api/orders', body);
    expect(first.status).toBe(201);
    await h.database.db('menu_items').where({ id: h.fixture.a.menu.cake }).update({ is_available: false });
    try {
      const again = await guest.post('/api/orders', body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    } finally {
      await h.database.db('menu_items').where({ id: h.fixture.a.menu.cake }).update({ is_available: true });
    }
  });

  it('answers an order as it reads back: the answer is built from what was written', async () => {
    const placed = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink', specialInstructions: 'no ice' },
        {
          menuItemId: h.fixture.a.menu.burger,
          quantity: 1,
          course: 'main',
          modifiers: [
            { groupId: 'temp', optionIds: ['rare'] },
            { groupId: 'extras', optionIds: ['cheese', 'bacon'] },
          ],
        },
      ],
    });
    expect(placed.status).toBe(201);
    const listed = OrdersAnswer.parse((await guest.get(listGuestOrders.path)).body);
    expect(listed.find((o) => o.id === placed.body.id)).toEqual(placed.body);
  });

  it("refuses an order on a closed session with 409, and on another venue's session with 404", async () => {
    const closed = crypto.randomUUID();
    const elsewhere = crypto.randomUUID();
    const { orgId, venueId, otherVenueId, tableIds, otherVenueTableId } = h.fixture.a;
    await h.database.db('sessions').insert([
      { id: closed, org_id: orgId, venue_id: venueId, table_id: tableIds[2], party_size: 2, status: 'CLOSED' },
      { id: elsewhere, org_id: orgId, venue_id: otherVenueId, table_id: otherVenueTableId, party_size: 2 },
    ]);
    const items = [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }];
    const orders = await count('orders');
    const onClosed = await staff.post('/api/orders', { sessionId: closed, items });
    expect(onClosed.status).toBe(409);
    expect(onClosed.body.message).toBe(MESSAGES.sessionClosed);
    // The session is refused before the lines: a closed session's party hears that it is closed.
    const soldOut = await staff.post('/api/orders', {
      sessionId: closed,
      items: [{ menuItemId: h.fixture.a.menu.soldOut, quantity: 1 }],
    });
    expect(soldOut.body.message).toBe(MESSAGES.sessionClosed);
    expect((await staff.post('/api/orders', { sessionId: elsewhere, items })).status).toBe(404);
    expect(await count('orders')).toBe(orders);
  });

  it.each([
    ['an empty cart', () => ({ sessionId, items: [] }), 400, MESSAGES.invalidField('items', MESSAGES.emptyCart)],
    [
      'a quantity of 0',
      () => ({ sessionId, items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 0 }] }),
      400,
      MESSAGES.invalidField('items.0.quantity', 'Quantity must be at least 1'),
    ],
    [
      'an unavailable item',
      () => ({ sessionId, items: [{ menuItemId: h.fixture.a.menu.soldOut, quantity: 1 }] }),
      409,
      MESSAGES.menuItemUnavailable('Truffle Pasta'),
    ],
    [
      'a missing required modifier',
      () => ({ sessionId, items: [{ menuItemId: h.fixture.a.menu.burger, quantity: 1 }] }),
      400,
      MESSAGES.invalidField('items.0.modifiers', MESSAGES.modifierRequired('Temperature', 'Burger')),
    ],
    [
      'an unknown modifier option',
      () => ({
        sessionId,
        items: [
          { menuItemId: h.fixture.a.menu.burger, quantity: 1, modifiers: [{ groupId: 'temp', optionIds: ['blue'] }] },
        ],
      }),
      400,
      MESSAGES.invalidField('items.0.modifiers', MESSAGES.unknownModifier('Burger')),
    ],
    [
      "another organization's menu item",
      () => ({ sessionId, items: [{ menuItemId: h.fixture.b.menu.fries, quantity: 1 }] }),
      404,
      MESSAGES.notFound('Menu item'),
    ],
    [
      "another party's session",
      () => ({ sessionId: otherSessionId, items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }] }),
      404,
      MESSAGES.notFound('Session'),
    ],
  ])('refuses %s and changes nothing', async (_name, body, status, message) => {
    const orders = await count('orders');
    const events = await count('events');
    const reply = await guest.post('/api/orders', body());
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
    expect(await count('orders')).toBe(orders);
    expect(await count('events')).toBe(events);
  });

  it("lists the guest's own session orders, and only those", async () => {
    const other = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    await other.guest.post('/api/orders', {
      sessionId: other.sessionId,
      items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }],
    });
    const reply = await guest.get('/api/guest/orders');
    expect(reply.status).toBe(200);
    const orders = listGuestOrders.answer.parse(reply.body);
    expect(orders.length).toBe(
      Number((await h.database.db('orders').where({ session_id: sessionId }).count({ n: '*' }))[0]?.n),
    );
    expect(orders.every((o) => o.sessionId === sessionId)).toBe(true);
    expect(orders[0]?.items[0]?.menuItemName).toBe('Lemonade');
    const theirs = listGuestOrders.answer.parse((await other.guest.get('/api/guest/orders')).body);
    expect(theirs.map((o) => o.sessionId)).toEqual([other.sessionId]);
    expect((await new Client(h.cloud.url).get('/api/guest/orders')).status).toBe(401);
  });

  it("lists the venue's open orders to staff, none of another organization's, and not to guests", async () => {
    const reply = await staff.get('/api/orders');
    expect(reply.status).toBe(200);
    const orders = OrdersAnswer.parse(reply.body);
    expect(orders.length).toBe(
      Number((await h.database.db('orders').where({ venue_id: h.fixture.a.venueId }).count({ n: '*' }))[0]?.n),
    );
    expect(orders.every((o) => o.venueId === h.fixture.a.venueId)).toBe(true);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect(OrdersAnswer.parse((await beta.get('/api/orders')).body)).toEqual([]);
    expect((await guest.get('/api/orders')).status).toBe(401);
  });

  it('answers 401 without a guest cookie or staff session', async () => {
    const reply = await new Client(h.cloud.url).post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }],
    });
    expect(reply.status).toBe(401);
  });

  it("lets staff of another organization not order on this venue's session", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const reply = await beta.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }],
    });
    expect(reply.status).toBe(404);
  });
});
