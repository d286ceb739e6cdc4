// The bill on a terminal with the cloud away (issue 11), end to end over a real cloud on PostgreSQL,
// a real SQLite replica and a printer emulator on a real TCP socket: a session with the venue's
// service charge and an earlier card payment; the cloud goes away; cash taken on the terminal is
// exactly what is left, its receipt shows the service charge, the total and both payments; the
// cloud returns and records that one payment, under the same id, and the bill is complete on both.
import { randomUUID } from 'node:crypto';
import { Bill, CASH_DRAWER_KICK, PAYMENT_MESSAGES, Payment } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { insertPrinter } from '../../../../cloud/src/testkit/fixture.js';
import {
  type Client,
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../scripts/printer-emulator/emulator.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';
import { freePort } from '../test/fixtures.js';

let harness: Harness;
let desk: PrinterEmulator;
let deskId: string;
let terminal: CoreOnCloud;
let back: RunningCloud | null = null;
let tab: Client;

beforeAll(async () => {
  harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  // A 10 % service charge, known to the terminal from its snapshot.
  await harness.database.db('venues').where({ id: a.venueId }).update({ service_charge_bps: 1000 });
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Host stand');
  desk = await startPrinterEmulator({ name: 'Front Desk', port: 0 });
  deskId = await insertPrinter(harness.database.db, a, {
    name: 'Front Desk',
    station: null,
    port: desk.port,
    terminalId: paired.id,
  });
  terminal = await startCoreOn(harness.cloud.url, paired.credential, { printing: true });
  await untilOnline(terminal.core);
  tab = await loginAs(terminal.core.url, a.staffEmail);
});

afterAll(async () => {
  await terminal?.close();
  await back?.close();
  await desk?.close();
  await harness?.close();
});

const billOn = async (client: Client, sessionId: string) => {
  const reply = await client.get(`/api/orders/payment/${sessionId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return Bill.parse(reply.body);
};

it('takes exactly what is left in cash with the cloud away, prints it, and the cloud records that payment once', async () => {
  const a = harness.fixture.a;
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const party = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  const { sessionId } = party;
  const placed = await party.guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: a.menu.fries, quantity: 2, course: 'main' }],
  });
  expect(placed.status).toBe(201);
  // 8.00, tax 0.70, service charge 0.80: 9.50. A card at the venue's terminal pays 5.00 of it.
  const card = await staff.post('/api/payments/take', { sessionId, method: 'card', amount: '5.00' });
  expect(card.status).toBe(201);
  await expect.poll(async () => (await billOn(tab, sessionId)).paid, { timeout: 10_000 }).toBe('5.00');
  expect(await billOn(tab, sessionId)).toEqual(await billOn(staff, sessionId));
  expect(await billOn(tab, sessionId)).toMatchObject({ serviceCharge: '0.80', total: '9.50', left: '4.50' });

  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  const taken = await tab.post('/api/payments/take', {
    sessionId,
    method: 'cash',
    tipAmount: '1.00',
    printerId: deskId,
  });
  expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  const cash = Payment.parse(taken.body.payment);
  expect(cash).toMatchObject({ amount: '4.50', tipAmount: '1.00', status: 'PENDING', paymentMethod: 'cash' });

  const printed = await desk.waitForTicket((t) => t.text.includes('RECEIPT'), 15_000);
  expect(printed.text).toContain('2 x Fries');
  expect(printed.text).toMatch(/Subtotal\s+\$8\.00/);
  expect(printed.text).toMatch(/Tax\s+\$0\.70/);
  expect(printed.text).toMatch(/Service charge\s+\$0\.80/);
  expect(printed.text).toMatch(/Tip\s+\$1\.00/);
  expect(printed.text).toMatch(/TOTAL\s+\$10\.50/);
  expect(printed.text).toMatch(/Paid with\s+Card, Cash/);
  expect(printed.raw.includes(Buffer.from(CASH_DRAWER_KICK))).toBe(true);

  // Offline, the terminal's bill and list show the cash waiting; nothing more can be taken.
  expect(await billOn(tab, sessionId)).toMatchObject({ paid: '5.00', pending: '4.50', left: '0.00' });
  const listed = (await tab.get('/api/orders/payments')).body as Payment[];
  expect(listed.map((p) => [p.id, p.paymentMethod, p.status])).toEqual([
    [cash.id, 'cash', 'PENDING'],
    [card.body.payment.id, 'card', 'COMPLETED'],
  ]);
  expect((await tab.post('/api/payments/take', { sessionId, method: 'cash' })).status).toBe(409);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  expect(terminal.core.status().outbox.rejected).toEqual([]);
  const rows = await harness.database.db('payments').where({ session_id: sessionId }).orderBy('created_at');
  expect(rows.map((r) => [r.id, r.amount, r.tip_amount, r.status, r.payment_method])).toEqual([
    [card.body.payment.id, '5.00', '0.00', 'COMPLETED', 'card'],
    [cash.id, '4.50', '1.00', 'COMPLETED', 'cash'],
  ]);
  const cloudBill = await billOn(staff, sessionId);
  expect(cloudBill).toMatchObject({ paid: '9.50', left: '0.00', tips: '1.00', complete: true });
  // The cloud's event replaces the local copy: both tiers answer alike.
  await expect.poll(async () => (await billOn(tab, sessionId)).complete, { timeout: 10_000 }).toBe(true);
  expect(await billOn(tab, sessionId)).toEqual(cloudBill);
  expect((await tab.get('/api/orders/payments')).body).toEqual((await staff.get('/api/orders/payments')).body);
});

it('drops cash the cloud refused because the bill was paid meanwhile, and shows the cloud’s payments again', async () => {
  const a = harness.fixture.a;
  const cloud = back as RunningCloud;
  const staff = await loginAs(cloud.url, a.staffEmail);
  const party = await checkInGuest(cloud.url, staff, a.tableIds[1] as string);
  const { sessionId } = party;
  const placed = await party.guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: a.menu.fries, quantity: 1, course: 'main' }],
  });
  expect(placed.status).toBe(201);
  // 4.00, tax 0.35, service charge 0.40.
  await expect.poll(async () => (await billOn(tab, sessionId)).total, { timeout: 10_000 }).toBe('4.75');

  await cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  const taken = await tab.post('/api/payments/take', { sessionId, method: 'cash' });
  expect(taken.status).toBe(201);
  expect(taken.body.payment).toMatchObject({ amount: '4.75', status: 'PENDING' });
  // Meanwhile the bill was paid on the cloud, by a payment this terminal has not heard of.
  const paidElsewhere = randomUUID();
  const at = new Date();
  await harness.database.db('payments').insert({
    id: paidElsewhere,
    org_id: a.orgId,
    venue_id: a.venueId,
    order_id: placed.body.id,
    session_id: sessionId,
    amount: '4.75',
    tip_amount: '0.00',
    currency: 'USD',
    status: 'COMPLETED',
    payment_method: 'card',
    provider: 'venue',
    split_items_json: JSON.stringify([]),
    paid_at: at,
    created_at: at,
    updated_at: at,
  });

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  const [refused] = terminal.core.status().outbox.rejected;
  expect(refused?.message).toBe(PAYMENT_MESSAGES.splitAlreadyPaid);
  expect(refused?.subject).toBe(PAYMENT_MESSAGES.cashPaymentSubject('2'));
  const cloudBill = await billOn(staff, sessionId);
  expect(cloudBill).toMatchObject({ paid: '4.75', complete: true });
  await expect
    .poll(async () => JSON.stringify(await billOn(tab, sessionId)), { timeout: 10_000 })
    .toBe(JSON.stringify(cloudBill));
  const listed = (await tab.get('/api/orders/payments')).body as Payment[];
  expect(listed.map((p) => p.id)).toContain(paidElsewhere);
  expect(listed.map((p) => p.id)).not.toContain(taken.body.payment.id);
  expect((await harness.database.db('payments').where({ session_id: sessionId })).map((r) => r.id)).toEqual([
    paidElsewhere,
  ]);
});
