// Cash on a terminal while the cloud is away (issue 11): taken at once from the terminal (the bill
// from its replica's orders), a second one for the session refused while the first waits, and the
// payment reaches the cloud once when it returns, completing the bill.
import { Bill, PAYMENT_MESSAGES, Payment } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { type Client, checkInGuest, type Harness, loginAs } from '../../../../cloud/src/testkit/harness.js';
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

it('takes cash offline, refuses a second for the session, and the cloud records it once', async () => {
  const a = harness.fixture.a;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const party = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const placed = await party.guest.post('/api/orders', {
    sessionId: party.sessionId,
    items: [{ menuItemId: a.menu.fries, quantity: 2, course: 'main' }],
  });
  expect(placed.status).toBe(201);
  // The terminal has the order in its replica before the cloud goes away.
  await expect
    .poll(async () => ((await tab.get('/api/orders')).body as { id: string }[]).some((o) => o.id === placed.body.id), {
      timeout: 10_000,
    })
    .toBe(true);

  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  // Card needs the cloud; cash does not.
  const card = await tab.post('/api/payments/take', { sessionId: party.sessionId, method: 'card' });
  expect(card.status).toBe(503);
  expect(card.body.message).toBe(PAYMENT_MESSAGES.paymentsNeedCloud);
  const taken = await tab.post('/api/payments/take', { sessionId: party.sessionId, method: 'cash', tipAmount: '1.00' });
  expect(taken.status).toBe(201);
  expect(Payment.parse(taken.body.payment)).toMatchObject({
    amount: '8.70',
    tipAmount: '1.00',
    status: 'PENDING',
    paymentMethod: 'cash',
    sessionId: party.sessionId,
  });
  const again = await tab.post('/api/payments/take', { sessionId: party.sessionId, method: 'cash' });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(PAYMENT_MESSAGES.splitAlreadyPaid);
  expect(terminal.core.status().outbox.pending).toBe(1);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(terminal.core.status().outbox.rejected).toEqual([]);
  const rows = await harness.database.db('payments').where({ session_id: party.sessionId });
  expect(rows.map((r) => [r.amount, r.tip_amount, r.status, r.payment_method])).toEqual([
    ['8.70', '1.00', 'COMPLETED', 'cash'],
  ]);
  const bill = Bill.parse((await party.guest.get(`/api/orders/payment/${party.sessionId}`)).body);
  expect(bill.complete).toBe(true);
});
