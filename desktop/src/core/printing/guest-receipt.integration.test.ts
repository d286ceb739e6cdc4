// A guest's receipt on the receipt printer, end to end (issue 11): a real cloud holds the bill,
// the terminal core lays it out as a 'receipt' job (document guest_receipt) and sends it over
// ESC/POS to a printer emulator on a real TCP socket. A cash payment's receipt carries the drawer
// kick (ESC p 0 25 250), which the emulator records in the ticket's bytes; any other does not.
import { CASH_DRAWER_KICK, PrintJob } from '@tablewise/shared';
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
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';
import { freePort } from '../test/fixtures.js';

let harness: Harness;
let desk: PrinterEmulator;
let deskId: string;
let elsewhereId: string;
let terminal: CoreOnCloud;
let tab: Client;
let sessionId: string;

const KICK = Buffer.from(CASH_DRAWER_KICK);

beforeAll(async () => {
  harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Host stand');
  desk = await startPrinterEmulator({ name: 'Front Desk', port: 0 });
  deskId = await insertPrinter(harness.database.db, a, {
    name: 'Front Desk',
    station: null,
    port: desk.port,
    terminalId: paired.id,
  });
  elsewhereId = await insertPrinter(harness.database.db, a, { name: 'Office', station: null, port: 1 });
  terminal = await startCoreOn(harness.cloud.url, paired.credential, { printing: true });
  await untilOnline(terminal.core);
  tab = await loginAs(terminal.core.url, a.staffEmail);
  // A party's bill, paid in cash at the table.
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  const party = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
  sessionId = party.sessionId;
  const placed = await party.guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: a.menu.fries, quantity: 2, course: 'main' }],
  });
  expect(placed.status).toBe(201);
  const taken = await staff.post('/api/payments/take', { sessionId, method: 'cash', tipAmount: '1.30' });
  expect(taken.status).toBe(201);
});

afterAll(async () => {
  await terminal?.close();
  await desk?.close();
  await harness?.close();
});

it("prints the session's receipt and kicks the cash drawer open for a cash payment", async () => {
  const reply = await tab.post('/api/payments/receipt/print', { sessionId, printerId: deskId, openDrawer: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  expect(PrintJob.parse(reply.body)).toMatchObject({ type: 'receipt', printerId: deskId });
  const printed = await desk.waitForTicket((t) => t.text.includes('RECEIPT'), 15_000);
  expect(printed.text).toContain('2 x Fries');
  // The printer management's guest receipt layout: the total with the tip, and how it was paid.
  expect(printed.text).toMatch(/Subtotal\s+\$8\.00/);
  expect(printed.text).toMatch(/Tax\s+\$0\.70/);
  expect(printed.text).toMatch(/Tip\s+\$1\.30/);
  expect(printed.text).toMatch(/TOTAL\s+\$10\.00/);
  expect(printed.text).toMatch(/Paid with\s+Cash/);
  expect(printed.raw.includes(KICK)).toBe(true);
});

it('prints without opening the drawer otherwise, and refuses an unknown session or a printer it does not drive', async () => {
  desk.clear();
  const reply = await tab.post('/api/payments/receipt/print', { sessionId, printerId: deskId });
  expect(reply.status).toBe(201);
  const printed = await desk.waitForTicket((t) => t.text.includes('RECEIPT'), 15_000);
  expect(printed.raw.includes(KICK)).toBe(false);
  const unknown = await tab.post('/api/payments/receipt/print', {
    sessionId: '00000000-0000-4000-8000-000000000000',
    printerId: deskId,
  });
  expect(unknown.status).toBe(404);
  expect((await tab.post('/api/payments/receipt/print', { sessionId, printerId: elsewhereId })).status).toBe(404);
  expect((await tab.post('/api/payments/receipt/print', { sessionId })).status).toBe(400);
});
