// 'Print at the venue', end to end (issue 11): a party that checked out on a real cloud asks for
// its receipt on paper; the cloud appends receipt.print_requested naming the venue's receipt
// printer; the terminal core driving that printer lays the receipt out and sends it over ESC/POS to
// a printer emulator on a real TCP socket. The bytes arrive once: the same event told again prints
// nothing more, and a request made while the terminal was off prints when it comes back.
import { LiveEvent, type LiveEventOf } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { coresOnOneDataDir, untilOnline } from '../test/core-on-cloud.js';
import { freePort } from '../test/fixtures.js';

let harness: Harness;
let desk: PrinterEmulator;
let credential: string;
const cores = coresOnOneDataDir(() => harness.cloud.url, { printing: true });
let guest: Client;
let sessionId: string;
let exitToken: string;

const startCore = async () => {
  const core = await cores.start(credential);
  await untilOnline(core);
  return core;
};

beforeAll(async () => {
  harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Host stand');
  credential = paired.credential;
  desk = await startPrinterEmulator({ name: 'Front Desk', port: 0 });
  await insertPrinter(harness.database.db, a, {
    name: 'Front Desk',
    station: null,
    port: desk.port,
    terminalId: paired.id,
  });
  await startCore();
  // A party's bill, paid in cash at the table, and its checkout at the exit.
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const party = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  ({ guest, sessionId } = party);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: a.menu.fries, quantity: 2, course: 'main' }],
  });
  expect(placed.status).toBe(201);
  expect((await staff.post('/api/payments/take', { sessionId, method: 'cash', tipAmount: '1.30' })).status).toBe(201);
  exitToken = (await staff.get('/api/venue/exit-qr')).body.token as string;
  const out = await guest.post('/api/guest/checkout', {
    sessionId,
    qrToken: exitToken,
    exitTime: new Date().toISOString(),
  });
  expect(out.status).toBe(200);
});

afterAll(async () => {
  await cores.close();
  await desk?.close();
  await harness?.close();
});

const receipts = () => desk.tickets().filter((t) => t.text.includes('RECEIPT'));
const receiptJobs = () => (cores.current?.printQueue?.listJobs() ?? []).filter((j) => j.type === 'receipt');

async function requestPrint(): Promise<string> {
  const reply = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  expect(reply.body.printerName).toBe('Front Desk');
  return reply.body.requestId as string;
}

async function eventOf(requestId: string): Promise<LiveEventOf<'receipt.print_requested'>> {
  const row = await harness.database
    .db('events')
    .where({ type: 'receipt.print_requested' })
    .whereRaw("payload_json->>'requestId' = ?", [requestId])
    .first();
  const event = LiveEvent.parse({ ...row.payload_json, seq: Number(row.seq) });
  if (event.type !== 'receipt.print_requested') throw new Error('not a print request');
  return event;
}

it("prints the departed party's receipt on the terminal's receipt printer, once though told twice", async () => {
  const requestId = await requestPrint();
  const printed = await desk.waitForTicket((t) => t.text.includes('RECEIPT'), 15_000);
  expect(printed.text).toContain('2 x Fries');
  expect(printed.text).toMatch(/TOTAL\s+\$10\.00/);
  expect(printed.text).toMatch(/Paid with\s+Cash/);
  // A guest's copy never opens the cash drawer.
  expect(printed.raw.includes(Buffer.from([0x1b, 0x70, 0x00]))).toBe(false);

  // The same event told again (as a replay of the feed would): the job is the first one.
  cores.current?.bus.emit('live', await eventOf(requestId));
  expect(receiptJobs()).toHaveLength(1);
  // A later copy's ticket proves nothing was printed in between.
  const second = await requestPrint();
  await expect.poll(() => receipts().length, { timeout: 15_000 }).toBe(2);
  expect(receiptJobs()).toHaveLength(2);
  expect(second).not.toBe(requestId);
});

it('prints a copy asked for while the terminal was off once it is back, and only once', async () => {
  await cores.stop();
  desk.clear();
  await requestPrint();
  await startCore();
  const printed = await desk.waitForTicket((t) => t.text.includes('RECEIPT'), 15_000);
  expect(printed.text).toContain('2 x Fries');
  expect(receiptJobs()).toHaveLength(3);
  // Started again on the same replica, it has nothing more to print: the limit's refusal is the
  // next thing the guest hears, and the printer got one receipt.
  await startCore();
  const over = await guest.post('/api/guest/receipt/print', { sessionId, qrToken: exitToken });
  expect(over.status).toBe(409);
  expect(receiptJobs()).toHaveLength(3);
  expect(receipts()).toHaveLength(1);
});
