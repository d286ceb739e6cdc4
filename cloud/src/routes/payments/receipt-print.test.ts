// POST /api/guest/receipt/print against a real cloud on PostgreSQL: a party that just checked out
// asks for its receipt on paper; the cloud picks the venue's receipt printer (no station, in use,
// driven by a terminal, first by name) and appends one receipt.print_requested event with the
// receipt. Refused: before checkout, another session, a wrong exit code, no receipt printer, more
// than GUEST_RECEIPT_PRINTS_PER_SESSION copies, long after leaving. An Idempotency-Key repeat
// appends nothing.
import { randomUUID } from 'node:crypto';
import {
  GUEST_EXIT_RECEIPT_MS,
  GUEST_RECEIPT_PRINTS_PER_SESSION,
  GuestReceipt,
  MESSAGES,
  PAYMENT_MESSAGES,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  payInFullByCard,
  startHarness,
} from '../../testkit/harness.js';

let h: Harness;
let staff: Client;
let exitToken = '';
let terminalId = '';

beforeAll(async () => {
  h = await startHarness({ payments: { demo: true } });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  exitToken = (await staff.get('/api/venue/exit-qr')).body.token as string;
  terminalId = (await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Host stand')).id;
});
afterAll(async () => {
  await h?.close();
});

const printers = () => h.database.db('printers');
async function addPrinter(name: string, extra: object = {}) {
  const id = randomUUID();
  await printers().insert({
    id,
    org_id: h.fixture.a.orgId,
    venue_id: h.fixture.a.venueId,
    name,
    terminal_id: terminalId,
    ...extra,
  });
  return id;
}

const requests = (sessionId: string) =>
  h.database
    .db('events')
    .where({ type: 'receipt.print_requested' })
    .whereRaw("payload_json->>'sessionId' = ?", [sessionId])
    .orderBy('seq');

/** A party at table `i` with one burger, paid in full by card; checked out unless `stay`. */
async function departedParty(i: number, stay = false) {
  const tableId = h.fixture.a.tableIds[i] as string;
  await h.database.db('sessions').where({ table_id: tableId, status: 'ACTIVE' }).update({ status: 'CLOSED' });
  await h.database.db('tables').where({ id: tableId }).update({ state: 'EMPTY' });
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, tableId);
  const order = await guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' }],
  });
  expect(order.status).toBe(201);
  const { bill, paid } = await payInFullByCard(guest, sessionId);
  expect(paid.status).toBe(200);
  if (!stay) {
    const out = await guest.post('/api/guest/checkout', {
      sessionId,
      qrToken: exitToken,
      exitTime: new Date().toISOString(),
    });
    expect(out.status).toBe(200);
  }
  return { guest, sessionId, total: bill.total };
}

describe('POST /api/guest/receipt/print', () => {
  it('refuses while the venue has no receipt printer, and appends nothing', async () => {
    // A kitchen printer, a removed one and one no terminal drives are not receipt printers.
    await addPrinter('Kitchen', { station: 'Grill' });
    await addPrinter('Old receipt', { removed_at: new Date() });
    await addPrinter('Unplugged', { terminal_id: null });
    const { guest, sessionId } = await departedParty(0);
    const reply = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ message: PAYMENT_MESSAGES.noReceiptPrinter, id: 'no_receipt_printer' });
    expect(await requests(sessionId)).toHaveLength(0);
  });

  it('asks the first receipt printer by name for the receipt, once per key, at most the limit', async () => {
    await addPrinter('Till 2');
    const till = await addPrinter('Bar till');
    const { guest, sessionId, total } = await departedParty(1);

    const key = randomUUID();
    const first = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken }, { key });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ success: true, printerName: 'Bar till', copies: 1 });
    const repeat = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken }, { key });
    expect(repeat.status).toBe(202);
    expect(repeat.body).toEqual(first.body);
    const [event, ...more] = await requests(sessionId);
    expect(more).toHaveLength(0);
    expect(event.payload_json).toMatchObject({ requestId: first.body.requestId, printerId: till, sessionId });
    const receipt = GuestReceipt.parse(event.payload_json.receipt);
    expect(receipt).toMatchObject({ document: 'guest_receipt', paid: true, method: 'Card', openDrawer: false });
    expect(receipt.lines).toEqual([{ quantity: 2, name: 'Lemonade', modifiers: [], amountCents: 700 }]);
    expect((receipt.totalCents / 100).toFixed(2)).toBe(total);

    for (let copy = 2; copy <= GUEST_RECEIPT_PRINTS_PER_SESSION; copy++) {
      const again = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
      expect(again.body.copies).toBe(copy);
    }
    const over = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(PAYMENT_MESSAGES.receiptPrintLimit(GUEST_RECEIPT_PRINTS_PER_SESSION));
    const ids = (await requests(sessionId)).map((e) => e.payload_json.requestId);
    expect(new Set(ids).size).toBe(GUEST_RECEIPT_PRINTS_PER_SESSION);
  });

  it('refuses before checkout, for another session, with a wrong exit code, to a stranger, and long after', async () => {
    const seated = await departedParty(2, true);
    const early = await seated.guest.post('/api/guest/receipt/print', {
      sessionId: seated.sessionId,
      qrToken: exitToken,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PAYMENT_MESSAGES.receiptPrintNeedsCheckout);

    const { guest, sessionId } = await departedParty(0);
    const other = await guest.post('/api/guest/receipt/print', { sessionId: seated.sessionId, qrToken: exitToken });
    expect(other.status).toBe(404);
    const wrongCode = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: 'not-the-exit-code' });
    expect(wrongCode.status).toBe(400);
    const stranger = await staff.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe(MESSAGES.guestSessionRequired);
    expect((await seated.guest.post('/api/guest/receipt/print', { sessionId })).status).toBe(400);

    h.clock.offsetMs += GUEST_EXIT_RECEIPT_MS + 60_000;
    try {
      const late = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
      expect(late.status).toBe(401);
    } finally {
      h.clock.offsetMs -= GUEST_EXIT_RECEIPT_MS + 60_000;
    }
    expect(await requests(sessionId)).toHaveLength(0);
    expect(await requests(seated.sessionId)).toHaveLength(0);
  });
});
