import { randomUUID } from 'node:crypto';
import {
  Bill,
  billShares,
  displayMoney,
  formatCents,
  GUEST_EXIT_RECEIPT_MS,
  MESSAGES,
  PAYMENT_MESSAGES,
  Payment,
  PENDING_CASH_SHARE_TTL_MS,
  ProcessPaymentAnswer,
  Receipt,
  splitEvenly,
  toCents,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let manager: Client;

beforeAll(async () => {
  h = await startHarness({ payments: { demo: true } });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
});
afterAll(async () => {
  await h?.close();
});

const VISA_TEST = '4242 4242 4242 4242';

/** A party seated at table `i` with one order of two lemonades and a burger. */
async function seatedWithOrder(i: number) {
  const seated = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[i] as string, 3);
  const session = await h.database.db('sessions').where({ id: seated.sessionId }).first();
  expect(session.table_id).toBe(h.fixture.a.tableIds[i]);
  const order = await seated.guest.post('/api/orders', {
    sessionId: seated.sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
      {
        menuItemId: h.fixture.a.menu.burger,
        quantity: 1,
        course: 'main',
        modifiers: [{ groupId: 'temp', optionIds: ['rare'] }],
      },
    ],
  });
  expect(order.status).toBe(201);
  return seated;
}

async function billOf(client: Client, sessionId: string): Promise<Bill> {
  const reply = await client.get(`/api/orders/payment/${sessionId}`);
  expect(reply.status).toBe(200);
  return Bill.parse(reply.body);
}

/** Ends a party's session and frees its table, as turnover would, so the next test seats there. */
async function close(sessionId: string) {
  const [session] = await h.database.db('sessions').where({ id: sessionId }).update({ status: 'CLOSED' }, ['table_id']);
  if (session?.table_id) await h.database.db('tables').where({ id: session.table_id }).update({ state: 'EMPTY' });
}

function pay(client: Client, bill: Bill, splits: object[], extra: object = {}, key?: string) {
  return client.post(
    '/api/payments/process',
    { sessionId: bill.sessionId, billVersion: bill.version, totalAmount: bill.total, splits, ...extra },
    key ? { key } : {},
  );
}

const paymentsOf = (sessionId: string) => h.database.db('payments').where({ session_id: sessionId });

describe('the bill', () => {
  it('lists every order and taxes the whole subtotal once; a guest reads only their own', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const other = await seatedWithOrder(1);
    const bill = await billOf(guest, sessionId);
    // 2 × 3.50 + 12.50 = 19.50; tax 8.75 % = 1.70625 → 1.71.
    expect(bill).toMatchObject({
      subtotal: '19.50',
      tax: '1.71',
      serviceCharge: '0.00',
      total: '21.21',
      paid: '0.00',
      left: '21.21',
      complete: false,
      demoPayments: true,
      tableName: 'Table 1',
    });
    expect(bill.items.map((i) => [i.name, i.quantity, i.totalPrice])).toEqual([
      ['Lemonade', 2, '7.00'],
      ['Burger', 1, '12.50'],
    ]);
    // Another party's bill looks like one that does not exist.
    const foreign = await guest.get(`/api/orders/payment/${other.sessionId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Order not found');
    // Staff of the venue read it; another organization's staff do not.
    expect((await staff.get(`/api/orders/payment/${sessionId}`)).status).toBe(200);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await beta.get(`/api/orders/payment/${sessionId}`)).status).toBe(404);
    expect((await new Client(h.cloud.url).get(`/api/orders/payment/${sessionId}`)).status).toBe(401);
    await close(sessionId);
    await close(other.sessionId);
  });

  it('adds the venue service charge, rounded half up on the subtotal', async () => {
    await h.database.db('venues').where({ id: h.fixture.a.venueId }).update({ service_charge_bps: 1000 });
    try {
      const { guest, sessionId } = await seatedWithOrder(0);
      const bill = await billOf(guest, sessionId);
      // 10 % of 19.50 = 1.95; total 19.50 + 1.71 + 1.95.
      expect(bill).toMatchObject({ serviceCharge: '1.95', total: '23.16' });
      await close(sessionId);
    } finally {
      await h.database.db('venues').where({ id: h.fixture.a.venueId }).update({ service_charge_bps: 0 });
    }
  });
});

describe('paying', () => {
  it('splits three ways with the demo card: each split once, paid and left live, then the session is complete', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const shares = splitEvenly(toCents(bill.total), 3);
    const [s0, s1, s2] = shares.map((cents, i) => ({
      id: `${sessionId}-even-${i}`,
      name: `Guest ${i + 1}`,
      amount: (cents / 100).toFixed(2),
      paymentMethod: 'card',
    })) as [object, object, object];
    const first = await pay(guest, bill, [s0], { tipAmount: '1.00', card: { number: VISA_TEST } });
    expect(first.status).toBe(200);
    const answer = ProcessPaymentAnswer.parse(first.body);
    expect(answer.payments[0]).toMatchObject({
      status: 'COMPLETED',
      provider: 'demo',
      amount: '7.07',
      tipAmount: '1.00',
    });
    expect(answer.bill).toMatchObject({ paid: '7.07', left: '14.14', complete: false });
    expect(answer.redirectUrl).toBeNull();

    // The same split again, from this phone or another: refused, nothing charged.
    const again = await pay(guest, answer.bill, [s0], { card: { number: VISA_TEST } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: PAYMENT_MESSAGES.splitAlreadyPaid, id: 'split_already_paid' });

    // A split marked paid is not charged again; the two left are paid in one request.
    const rest = await pay(guest, answer.bill, [{ ...s0, paid: true }, s1, s2], {
      card: { number: VISA_TEST },
    });
    expect(rest.status).toBe(200);
    const done = ProcessPaymentAnswer.parse(rest.body);
    expect(done.bill).toMatchObject({ paid: '21.21', left: '0.00', complete: true, tips: '1.00' });
    expect(done.redirectUrl).toBe(`/guest/exit?sessionId=${sessionId}`);
    expect(await paymentsOf(sessionId)).toHaveLength(3);

    const completed = await h.database
      .db('events')
      .where({ type: 'payment.completed' })
      .whereRaw("payload_json->>'sessionId' = ?", [sessionId])
      .orderBy('seq');
    expect(completed.map((e) => e.payload_json.sessionComplete)).toEqual([false, false, true]);
    // The bill paid in full closed the party's one order: the month's usage counts it (issue 24).
    const usage = await h.database.db('org_usage_monthly').where({ organization_id: h.fixture.a.orgId });
    expect(usage.map((u) => u.orders_closed)).toEqual([1]);
    expect(completed[2]?.payload_json).toMatchObject({
      tableId: h.fixture.a.tableIds[0],
      rushOrder: false,
      paymentId: done.payments[1]?.id,
    });
    // The paid table is Paid in the same transaction, and no more (issue 22): the party is still
    // seated and its burger still held, so nobody is sent to clean, and nothing fired or went.
    const tableId = h.fixture.a.tableIds[0] as string;
    expect((await h.database.db('tables').where({ id: tableId }).first('state')).state).toBe('PAYMENT_VERIFIED');
    expect(await h.database.db('tasks').where({ target_table_id: tableId, type: 'CLEAN' })).toEqual([]);
    const items = await h.database
      .db('order_items')
      .join('orders', 'orders.id', 'order_items.order_id')
      .where('orders.session_id', sessionId)
      .select('order_items.course', 'order_items.status');
    expect(items.find((i) => i.course === 'main')?.status).toBe('CONFIRMED');
    // Nothing is left to pay.
    const more = await pay(guest, done.bill, [{ ...s0, id: 'extra', amount: '0.01' }], {
      card: { number: VISA_TEST },
    });
    expect(more.status).toBe(409);
    expect(more.body.id).toBe('payment_exceeds_bill');
    await close(sessionId);
  });

  it("takes the guest site's shares by the ids the shared rule gives them, and refuses one it mispriced", async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const { shares } = billShares(bill, { mode: 'even', people: 3, custom: [], assignment: new Map() });
    type Split = { id: string; amount: string; paymentMethod: string };
    const [s0, s1] = shares.map((share) => ({
      id: share.id,
      amount: formatCents(share.amountCents),
      paymentMethod: 'cash',
    })) as [Split, Split, Split];
    expect(s1.amount).toBe('7.07');
    // An even share asking for another amount than the rule gives it: refused, nothing taken.
    const wrong = await pay(guest, bill, [{ ...s1, amount: '7.06' }]);
    expect(wrong.status).toBe(409);
    expect(wrong.body.id).toBe('split_amount_mismatch');
    // A share priced on another version of the bill names it in its id.
    const stale = await pay(guest, bill, [{ ...s0, id: s0.id.replace(bill.version, '1.1.1') }]);
    expect(stale.body).toEqual({ message: PAYMENT_MESSAGES.billChanged, id: 'bill_changed' });
    expect(await paymentsOf(sessionId)).toHaveLength(0);
    // The share as the rule makes it is taken once; another phone computing it alike is told it is paid.
    expect((await pay(guest, bill, [s0])).status).toBe(200);
    const otherPhone = billShares(await billOf(guest, sessionId), {
      mode: 'even',
      people: 3,
      custom: [],
      assignment: new Map(),
    }).shares[0];
    expect(otherPhone?.id).toBe(s0.id);
    const twice = await pay(guest, bill, [{ ...s0, id: otherPhone?.id }]);
    expect(twice.body).toEqual({ message: PAYMENT_MESSAGES.splitAlreadyPaid, id: 'split_already_paid' });
    expect(await paymentsOf(sessionId)).toHaveLength(1);
    await close(sessionId);
  });

  it('an idempotent repeat charges once and answers the same', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const split = { id: 'whole', amount: bill.total, paymentMethod: 'card' };
    const key = randomUUID();
    const one = await pay(guest, bill, [split], { card: { number: VISA_TEST } }, key);
    const two = await pay(guest, bill, [split], { card: { number: VISA_TEST } }, key);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(two.headers.get('Idempotent-Replayed')).toBe('true');
    expect(two.body).toEqual(one.body);
    expect(await paymentsOf(sessionId)).toHaveLength(1);
    await close(sessionId);
  });

  it('phones paying at once are serialized: never more than the total is taken', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    // Eight phones each try to pay 40 % of the bill as their own split, all at once.
    const part = ((toCents(bill.total) * 0.4) / 100).toFixed(2);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pay(guest, bill, [{ id: `phone-${i}`, amount: part, paymentMethod: 'card' }], { card: { number: VISA_TEST } }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    const rows = await paymentsOf(sessionId);
    const taken = rows.reduce((s, r) => s + toCents(r.amount), 0);
    expect(taken).toBe(2 * toCents(part));
    expect(taken).toBeLessThanOrEqual(toCents(bill.total));
    await close(sessionId);
  });

  it('refuses a bill that changed since it was opened (a late order), then takes the re-priced one', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const opened = await billOf(guest, sessionId);
    const late = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
    });
    expect(late.status).toBe(201);
    const stale = await pay(guest, opened, [{ id: 'all', amount: opened.total, paymentMethod: 'cash' }]);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: PAYMENT_MESSAGES.billChanged, id: 'bill_changed' });
    expect(await paymentsOf(sessionId)).toHaveLength(0);
    const repriced = await billOf(guest, sessionId);
    expect(repriced.version).not.toBe(opened.version);
    expect(repriced.subtotal).toBe('23.00');
    const fresh = await pay(guest, repriced, [{ id: 'all', amount: repriced.total, paymentMethod: 'cash' }]);
    expect(fresh.status).toBe(200);
    await close(sessionId);
  });

  it('records a refused card as FAILED and answers Payment Failed; staff Retry moves it to PROCESSING', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const refused = await pay(guest, bill, [{ id: 'x', amount: bill.total, paymentMethod: 'card' }], {
      card: { number: '4111 1111 1111 1112' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: PAYMENT_MESSAGES.demoCardRefused, id: 'payment_failed' });
    const [row] = await paymentsOf(sessionId);
    expect(row).toMatchObject({ status: 'FAILED', provider: 'demo' });
    // A failed split holds nothing: the bill is still all left.
    expect((await billOf(guest, sessionId)).left).toBe(bill.total);

    const retried = await manager.post(`/api/orders/${row.order_id}/payment`, { status: 'PROCESSING' });
    expect(retried.status).toBe(200);
    expect(Payment.parse(retried.body)).toMatchObject({ id: row.id, status: 'PROCESSING' });
    // Nothing failed is left to retry.
    const twice = await manager.post(`/api/orders/${row.order_id}/payment`, { status: 'PROCESSING' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(PAYMENT_MESSAGES.paymentNotFoundForOrder('FAILED'));
    // The retried payment holds the bill; staff verify it once they see it taken.
    expect((await billOf(guest, sessionId)).left).toBe('0.00');
    const verified = await manager.post(`/api/orders/${row.order_id}/payment`, { status: 'COMPLETED' });
    expect(verified.body).toMatchObject({ id: row.id, status: 'COMPLETED' });
    expect((await billOf(guest, sessionId)).complete).toBe(true);
    await close(sessionId);
  });

  it('stops a loop of declined cards on a bill after a few, on every instance alike (issue 27)', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const other = new Client(await h.startAnother().then((c) => c.url));
    for (const [name, value] of guest.cookies) other.cookies.set(name, value);
    const declined = (client: Client, i: number) =>
      pay(client, bill, [{ id: `loop-${i}`, amount: bill.total, paymentMethod: 'card' }], {
        card: { number: '4111 1111 1111 1112' },
      });
    // Five refused cards, spread over two instances on one database, then the bill waits.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await declined(i % 2 === 0 ? guest : other, i)).status);
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429, 429]);
    const waiting = await declined(other, 99);
    expect(waiting.body.message).toBe(PAYMENT_MESSAGES.tooManyPaymentAttempts);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await paymentsOf(sessionId)).toHaveLength(5);
    // Staff at the table still take the bill.
    expect((await staff.post('/api/payments/take', { sessionId, method: 'cash' })).status).toBe(201);
    await close(sessionId);
  });

  it("takes the spec's own body: no billVersion, money as JSON numbers, the tip inside the splits (issue 23)", async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const left = toCents(bill.left);
    // The spec's screen: the total with an 18 % tip, divided between two people, as numbers.
    const tip = 351;
    const first = Math.ceil((left + tip) / 2);
    const body = (amounts: number[], extra: object = {}) => ({
      sessionId,
      splits: amounts.map((a, i) => ({
        id: `p${i}`,
        name: `Person ${i + 1}`,
        amount: a / 100,
        items: [],
        paymentMethod: 'cash',
        paid: false,
      })),
      tipAmount: tip / 100,
      totalAmount: Number(bill.total),
      ...extra,
    });
    // Neither reading: refused naming both figures, nothing recorded.
    const neither = await guest.post('/api/payments/process', body([left + 1000]));
    expect(neither.status).toBe(409);
    expect(neither.body.message).toBe(
      PAYMENT_MESSAGES.splitsMatchNeither(displayMoney(left + 1000), displayMoney(left), displayMoney(left + tip)),
    );
    expect(await paymentsOf(sessionId)).toHaveLength(0);
    // A total the bill no longer has: refused as a changed bill.
    const stale = await guest.post('/api/payments/process', body([first], { totalAmount: 1 }));
    expect(stale.body.id).toBe('bill_changed');
    // The tip included: the bill's part and the tip's are told apart exactly.
    const paid = await guest.post('/api/payments/process', body([first, left + tip - first]));
    expect(paid.status).toBe(200);
    const rows = await paymentsOf(sessionId).orderBy('split_id');
    expect(rows.map((r) => toCents(r.amount)).reduce((a, b) => a + b, 0)).toBe(left);
    expect(rows.map((r) => toCents(r.tip_amount)).reduce((a, b) => a + b, 0)).toBe(tip);
    await close(sessionId);
  });

  it('a split marked paid that no payment holds is charged, never silently skipped (issue 23)', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const claimed = await pay(guest, bill, [{ id: 'a', amount: bill.total, paymentMethod: 'cash', paid: true }]);
    expect(claimed.status).toBe(200);
    expect((await paymentsOf(sessionId)).map((p) => [p.split_id, p.amount])).toEqual([['a', bill.total]]);
    // Now a payment holds it: marked paid, it is not charged again, and there is nothing else to pay.
    const again = await pay(guest, bill, [{ id: 'a', amount: bill.total, paymentMethod: 'cash', paid: true }]);
    expect(again.body).toEqual({ message: PAYMENT_MESSAGES.nothingToPay, id: 'nothing_to_pay' });
    expect(await paymentsOf(sessionId)).toHaveLength(1);
    await close(sessionId);
  });

  it('refuses to retry a failed payment whose share was paid since', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const split = { id: 'again', amount: bill.total, paymentMethod: 'card' };
    const refused = await pay(guest, bill, [split], { card: { number: '4000 0000 0000 0002' } });
    expect(refused.status).toBe(402);
    const paid = await pay(guest, bill, [split], { card: { number: VISA_TEST } });
    expect(paid.status).toBe(200);
    const [failed] = await paymentsOf(sessionId).where({ status: 'FAILED' });
    const retry = await manager.post(`/api/orders/${failed.order_id}/payment`, {
      status: 'PROCESSING',
      paymentId: failed.id,
    });
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ message: PAYMENT_MESSAGES.splitAlreadyPaid, id: 'split_already_paid' });
    expect((await paymentsOf(sessionId).where({ id: failed.id }).first()).status).toBe('FAILED');
    await close(sessionId);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const negative = await pay(guest, bill, [{ id: 'a', amount: '-1.00', paymentMethod: 'cash' }]);
    expect(negative.status).toBe(400);
    const badMethod = await pay(guest, bill, [{ id: 'a', amount: '1.00', paymentMethod: 'bitcoin' }]);
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.message).toMatch(/splits\.0\.paymentMethod/);
    const threeDecimals = await pay(guest, bill, [{ id: 'a', amount: 1.005, paymentMethod: 'cash' }]);
    expect(threeDecimals.status).toBe(400);
    expect(threeDecimals.body.message).toMatch(/splits\.0\.amount/);
    const tooMuch = await pay(guest, bill, [{ id: 'a', amount: '99.00', paymentMethod: 'cash' }]);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(PAYMENT_MESSAGES.paymentExceedsBill('$99.00', `$${bill.total}`));
    const negativeTip = await pay(guest, bill, [{ id: 'a', amount: '1.00', paymentMethod: 'cash' }], {
      tipAmount: '-2.00',
    });
    expect(negativeTip.body.message).toBe(MESSAGES.tipNegative);
    // A tip past the bill's total (or 100.00 on a small bill) is a slip, not a tip (issue 27).
    const hugeTip = await pay(guest, bill, [{ id: 'a', amount: '1.00', paymentMethod: 'cash' }], {
      tipAmount: '100.01',
    });
    expect(hugeTip.status).toBe(400);
    expect(hugeTip.body.message).toBe(MESSAGES.tipTooLarge('$100.00'));
    // Another party's session, and another organization's staff.
    const other = await seatedWithOrder(1);
    const foreign = await pay(guest, { ...bill, sessionId: other.sessionId }, [
      { id: 'a', amount: '1.00', paymentMethod: 'cash' },
    ]);
    expect(foreign.status).toBe(404);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await pay(beta, bill, [{ id: 'a', amount: '1.00', paymentMethod: 'cash' }])).status).toBe(404);
    expect(await paymentsOf(sessionId)).toHaveLength(0);
    await close(sessionId);
    await close(other.sessionId);
  });
});

describe('staff', () => {
  it('verify a guest cash payment: the bill completes and the list shows it', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const cash = await pay(guest, bill, [{ id: 'cash', amount: bill.total, paymentMethod: 'cash' }]);
    const pending = ProcessPaymentAnswer.parse(cash.body).payments[0] as Payment;
    expect(pending).toMatchObject({ status: 'PENDING', provider: 'venue' });
    expect((await billOf(guest, sessionId)).left).toBe('0.00');

    const list = await staff.get('/api/orders/payments');
    expect(list.status).toBe(200);
    expect(list.body.find((p: Payment) => p.id === pending.id)).toMatchObject({
      status: 'PENDING',
      tableName: 'Table 1',
    });
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await beta.get('/api/orders/payments')).body.some((p: Payment) => p.id === pending.id)).toBe(false);
    expect((await beta.post(`/api/orders/${pending.orderId}/payment`, { status: 'COMPLETED' })).status).toBe(404);

    const verified = await manager.post(`/api/orders/${pending.orderId}/payment`, {
      status: 'COMPLETED',
      paymentIntentId: 'pi_manual',
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'COMPLETED', paymentIntentId: 'pi_manual' });
    expect((await billOf(guest, sessionId)).complete).toBe(true);
    const event = await h.database
      .db('events')
      .where({ type: 'payment.completed' })
      .whereRaw("payload_json->>'sessionId' = ?", [sessionId])
      .first();
    expect(event.payload_json.sessionComplete).toBe(true);
    await close(sessionId);
  });

  it("cancel a guest's pending cash share, as can its party; one nobody verifies runs out (issue 27)", async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    const bill = await billOf(guest, sessionId);
    const share = async () => {
      const cash = await pay(guest, await billOf(guest, sessionId), [
        { id: randomUUID(), amount: bill.total, paymentMethod: 'cash' },
      ]);
      expect(cash.status).toBe(200);
      expect((await billOf(guest, sessionId)).left).toBe('0.00');
      return ProcessPaymentAnswer.parse(cash.body).payments[0] as Payment;
    };
    const first = await share();
    // Another party's phone and another organization's staff cannot see it.
    const stranger = await seatedWithOrder(1);
    expect((await stranger.guest.post(`/api/payments/${first.id}/cancel`)).status).toBe(404);
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    expect((await beta.post(`/api/payments/${first.id}/cancel`)).status).toBe(404);
    // Its own party takes it back: the bill is open again.
    const cancelled = await guest.post(`/api/payments/${first.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.payment).toMatchObject({ id: first.id, status: 'FAILED' });
    expect(cancelled.body.bill.left).toBe(bill.total);
    const again = await guest.post(`/api/payments/${first.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.cashShareNotPending);
    // Staff cancel the next one.
    const second = await share();
    expect((await staff.post(`/api/payments/${second.id}/cancel`)).body.payment.status).toBe('FAILED');
    // One nobody touches runs out after PENDING_CASH_SHARE_TTL_MS, once, with its event.
    const third = await share();
    expect(await h.cloud.expireCashShares()).toBe(0);
    h.clock.offsetMs = PENDING_CASH_SHARE_TTL_MS + 1000;
    try {
      // Earlier tests of this file leave shares of their own pending: each runs out too, once.
      expect(await h.cloud.expireCashShares()).toBeGreaterThanOrEqual(1);
      expect(await h.cloud.expireCashShares()).toBe(0);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect((await paymentsOf(sessionId)).find((p) => p.id === third.id).status).toBe('FAILED');
    expect((await billOf(guest, sessionId)).left).toBe(bill.total);
    const events = await h.database
      .db('events')
      .where({ type: 'payment.status.changed' })
      .whereRaw("payload_json->'payment'->>'id' = ?", [third.id])
      .orderBy('seq');
    expect(events.map((e) => e.payload_json.payment.status)).toEqual(['PENDING', 'FAILED']);
    // Verifying a share that ran out is refused; staff take the bill instead.
    expect((await staff.post('/api/payments/take', { sessionId, method: 'cash' })).status).toBe(201);
    await close(sessionId);
    await close(stranger.sessionId);
  });

  it('take cash for what is left at a table', async () => {
    const { guest, sessionId } = await seatedWithOrder(0);
    // The probe's tip of 9,999,999,999.99 on a staff payment (issue 27) is refused, and nothing taken.
    const probe = await staff.post('/api/payments/take', { sessionId, method: 'cash', tipAmount: '9999999999.99' });
    expect(probe.status).toBe(400);
    expect(probe.body.message).toBe(MESSAGES.tipTooLarge('$100.00'));
    expect(await paymentsOf(sessionId)).toHaveLength(0);
    const taken = await staff.post('/api/payments/take', { sessionId, method: 'cash', tipAmount: '100.00' });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ sessionComplete: true, payment: { status: 'COMPLETED', amount: '21.21' } });
    const again = await staff.post('/api/payments/take', { sessionId, method: 'card' });
    expect(again.status).toBe(409);
    expect((await billOf(guest, sessionId)).complete).toBe(true);
    await close(sessionId);
  });
});

describe("a terminal's cash taken while the cloud was away", () => {
  it('records the id it names, for the amount it names; the same id again is refused, the snapshot carries it', async () => {
    const { sessionId } = await seatedWithOrder(0);
    const paymentId = randomUUID();
    const taken = await staff.post('/api/payments/take', { sessionId, method: 'cash', amount: '5.00', paymentId });
    expect(taken.status).toBe(201);
    expect(taken.body.payment).toMatchObject({ id: paymentId, amount: '5.00', status: 'COMPLETED' });
    const again = await staff.post('/api/payments/take', { sessionId, method: 'cash', amount: '1.00', paymentId });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: PAYMENT_MESSAGES.splitAlreadyPaid, id: 'split_already_paid' });
    expect((await paymentsOf(sessionId)).map((p) => p.id)).toEqual([paymentId]);
    // What a terminal's replica starts from: the session's payments and the venue's service charge.
    await h.database.db('venues').where({ id: h.fixture.a.venueId }).update({ service_charge_bps: 500 });
    try {
      const snapshot = await staff.get('/api/sync/snapshot');
      expect(snapshot.status).toBe(200);
      expect(snapshot.body.venue.serviceChargeBps).toBe(500);
      expect(snapshot.body.demoPayments).toBe(true);
      expect(snapshot.body.payments).toContainEqual(Payment.parse(taken.body.payment));
    } finally {
      await h.database.db('venues').where({ id: h.fixture.a.venueId }).update({ service_charge_bps: 0 });
    }
    await close(sessionId);
  });
});

describe('checkout at the exit', () => {
  it('is refused while anything is unpaid, then answers the receipt and closes the session', async () => {
    const { guest, sessionId } = await seatedWithOrder(2);
    // The venue's exit code, which the guest's exit scan reads.
    const token = (await staff.get('/api/venue/exit-qr')).body.token as string;
    const exitTime = new Date().toISOString();
    const unpaid = await guest.post('/api/guest/checkout', { sessionId, qrToken: token, exitTime });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({ message: MESSAGES.exitVerificationFailed, id: 'exit_verification_failed' });

    const bill = await billOf(guest, sessionId);
    await pay(guest, bill, [{ id: 'all', amount: bill.total, paymentMethod: 'card' }], {
      tipAmount: '3.51',
      card: { number: VISA_TEST },
    });
    const badToken = await guest.post('/api/guest/checkout', { sessionId, qrToken: 'nope', exitTime });
    expect(badToken.status).toBe(400);
    const out = await guest.post('/api/guest/checkout', { sessionId, qrToken: token, exitTime });
    expect(out.status).toBe(200);
    const receipt = Receipt.parse(out.body.receipt);
    expect(receipt.session).toMatchObject({ id: sessionId, tableNumber: 'Table 3', checkoutTime: exitTime });
    expect(receipt.orders.map((o) => o.menuItemName)).toEqual(['Lemonade', 'Burger']);
    expect(receipt.payment).toMatchObject({
      subtotal: '19.50',
      tax: '1.71',
      serviceCharge: '0.00',
      tip: '3.51',
      total: '21.21',
      paymentMethod: 'card',
      amountPaid: '24.72',
    });
    // The cookie grants nothing after.
    expect((await guest.get(`/api/orders/payment/${sessionId}`)).status).toBe(401);
    const departed = await h.database.db('events').where({ type: 'guest.departed' }).orderBy('seq', 'desc').first();
    expect(departed.payload_json.session).toMatchObject({ id: sessionId, status: 'CLOSED' });

    // The party left with its lemonades in the kitchen and its burger held (issue 22): the table
    // waits for them, with nobody sent to clean it.
    const tableId = h.fixture.a.tableIds[2] as string;
    const tableState = async () => (await h.database.db('tables').where({ id: tableId }).first('state')).state;
    const cleans = () => h.database.db('tasks').where({ target_table_id: tableId, type: 'CLEAN' });
    expect(await tableState()).toBe('EXIT_PENDING');
    expect(await cleans()).toEqual([]);
    const [order] = await h.database.db('orders').where({ session_id: sessionId });
    const items = await h.database.db('order_items').where({ order_id: order.id });
    const burger = items.find((i) => i.course === 'main');
    const lemonade = items.find((i) => i.course === 'drink');
    // Staff take the held burger off: the lemonades are still to serve.
    expect((await staff.post(`/api/order-items/${burger.id}/cancel`)).status).toBe(200);
    expect(await tableState()).toBe('EXIT_PENDING');
    for (const status of ['IN_PREP', 'READY_FOR_RUN']) {
      expect((await staff.post(`/api/order-items/${lemonade.id}/status`, { status })).status).toBe(200);
    }
    expect((await staff.post(`/api/orders/${order.id}/send-to-expo`)).status).toBe(200);
    const runnerId = randomUUID();
    await h.database
      .db('runners')
      .insert({ id: runnerId, org_id: h.fixture.a.orgId, venue_id: h.fixture.a.venueId, name: 'Exit runner' });
    const run = (body: object) => staff.post(`/api/runner/orders/${order.id}/status`, body);
    expect((await run({ status: 'OUT_FOR_DELIVERY', runnerId })).status).toBe(200);
    expect(await tableState()).toBe('EXIT_PENDING');
    // The last of it delivered: the table turns over, with a normal CLEAN task.
    expect((await run({ status: 'DELIVERED' })).status).toBe(200);
    expect(await tableState()).toBe('CLEANING');
    expect((await cleans()).map((t) => [t.status, t.priority])).toEqual([['PENDING', 2]]);
  });

  it("gives the party's other phones the receipt for a while after the first one left, and changes nothing", async () => {
    const tableId = h.fixture.a.tableIds[2] as string;
    await h.database.db('tables').where({ id: tableId }).update({ state: 'EMPTY' });
    const { guest, sessionId } = await seatedWithOrder(2);
    // The venue's exit code, which each phone's exit scan reads.
    const token = (await staff.get('/api/venue/exit-qr')).body.token as string;
    const bill = await billOf(guest, sessionId);
    await pay(guest, bill, [{ id: 'all', amount: bill.total, paymentMethod: 'card' }], { card: { number: VISA_TEST } });
    const first = await guest.post('/api/guest/checkout', {
      sessionId,
      qrToken: token,
      exitTime: new Date().toISOString(),
    });
    expect(first.status).toBe(200);
    const closed = await h.database.db('sessions').where({ id: sessionId }).first();
    const departures = () =>
      h.database
        .db('events')
        .where({ type: 'guest.departed' })
        .whereRaw("payload_json->'session'->>'id' = ?", [sessionId]);

    // Another phone of the party (the same session's cookie) exits: the same receipt, nothing changed.
    const second = await guest.post('/api/guest/checkout', {
      sessionId,
      qrToken: token,
      exitTime: new Date().toISOString(),
    });
    expect(second.status).toBe(200);
    expect(Receipt.parse(second.body.receipt).payment).toEqual(Receipt.parse(first.body.receipt).payment);
    expect(await h.database.db('sessions').where({ id: sessionId }).first()).toEqual(closed);
    expect(await departures()).toHaveLength(1);
    // It still needs the venue's exit code, and the cookie still grants nothing else.
    expect(
      (await guest.post('/api/guest/checkout', { sessionId, qrToken: 'nope', exitTime: new Date().toISOString() }))
        .status,
    ).toBe(400);
    expect((await guest.get(`/api/orders/payment/${sessionId}`)).status).toBe(401);
    // Some other session's cookie is not let in by it.
    const stranger = await guest.post('/api/guest/checkout', {
      sessionId: randomUUID(),
      qrToken: token,
      exitTime: new Date().toISOString(),
    });
    expect(stranger.status).toBe(404);

    // Once the party has long gone, the cookie grants nothing at the exit either.
    h.clock.offsetMs += GUEST_EXIT_RECEIPT_MS + 60_000;
    try {
      const late = await guest.post('/api/guest/checkout', {
        sessionId,
        qrToken: token,
        exitTime: new Date().toISOString(),
      });
      expect(late.status).toBe(401);
    } finally {
      h.clock.offsetMs -= GUEST_EXIT_RECEIPT_MS + 60_000;
    }
  });
});
