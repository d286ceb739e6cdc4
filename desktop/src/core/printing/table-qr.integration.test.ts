// Generate Table QR on a receipt printer, end to end: a real cloud signs the table's link, the
// terminal core lays it out as a 'receipt' job and sends it over ESC/POS to a printer emulator on a
// real TCP socket, which reads the QR symbol's data back. Refused as it should be, changing nothing.
import { PrintJob, SHELL_MESSAGES, TableQrAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertPrinter } from '../../../../cloud/src/testkit/fixture.js';
import {
  type Client,
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
  // A receipt printer no terminal drives yet: this terminal cannot print on it.
  elsewhereId = await insertPrinter(harness.database.db, a, { name: 'Office', station: null, port: 1 });
  terminal = await startCoreOn(harness.cloud.url, paired.credential, { printing: true });
  await untilOnline(terminal.core);
  tab = await loginAs(terminal.core.url, a.staffEmail);
});

afterAll(async () => {
  await terminal?.close();
  await desk?.close();
  await harness?.close();
});

const tableId = () => harness.fixture.a.tableIds[0] as string;

it("prints a table's signed check-in link as a QR code on the terminal's receipt printer", async () => {
  const manager = await loginAs(harness.cloud.url, harness.fixture.a.managerEmail);
  const link = TableQrAnswer.parse((await manager.get(`/api/tables/${tableId()}/qr`)).body);

  const reply = await tab.post(`/api/tables/${tableId()}/qr/print`, { printerId: deskId });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  expect(PrintJob.parse(reply.body)).toMatchObject({ type: 'receipt', printerId: deskId });
  const printed = await desk.waitForTicket((t) => t.text.includes('[QR '), 15_000);
  expect(printed.text).toContain(SHELL_MESSAGES.tableQrCaption('1'));
  expect(printed.text).toContain(`[QR ${link.url}]`);
});

it('refuses a printer it does not drive, an unknown table and a body without a printer, printing nothing', async () => {
  const before = desk.tickets().length;
  const jobs = async () => ((await tab.get('/api/print-jobs')).body as unknown[]).length;
  const jobsBefore = await jobs();
  expect((await tab.post(`/api/tables/${tableId()}/qr/print`, { printerId: elsewhereId })).status).toBe(404);
  expect(
    (await tab.post('/api/tables/00000000-0000-4000-8000-000000000000/qr/print', { printerId: deskId })).status,
  ).toBe(404);
  expect((await tab.post(`/api/tables/${tableId()}/qr/print`, {})).status).toBe(400);
  expect(await jobs()).toBe(jobsBefore);
  expect(desk.tickets()).toHaveLength(before);
});

it('says the cloud is needed while it is away, and queues nothing', async () => {
  const jobs = async () => ((await tab.get('/api/print-jobs')).body as unknown[]).length;
  const jobsBefore = await jobs();
  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  const reply = await tab.post(`/api/tables/${tableId()}/qr/print`, { printerId: deskId });
  expect(reply.status).toBe(503);
  expect(reply.body.message).toBe(SHELL_MESSAGES.tableQrNeedsCloud);
  expect(await jobs()).toBe(jobsBefore);
});
