// What the cloud learns of a terminal's printing, end to end: a real cloud on PostgreSQL, terminal
// cores on real SQLite files, and a printer emulator on a real TCP socket. The jobs, their states
// and the printer's state reach the cloud through the outbox; the items a ticket was made for are
// recorded there, so a printer moved to another terminal prints only what never printed.
import { randomUUID } from 'node:crypto';
import { Printer, PrintJob } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { insertPrinter } from '../../../../cloud/src/testkit/fixture.js';
import {
  type Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../scripts/printer-emulator/emulator.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let manager: Client;
let bar: PrinterEmulator;
let barId: string;
const cores: CoreOnCloud[] = [];

async function startTerminal(name: string): Promise<{ id: string; core: CoreOnCloud['core'] }> {
  const paired = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, name);
  const started = await startCoreOn(harness.cloud.url, paired.credential, {
    printing: true,
    printerStatusPollMs: 50,
    printerIdleCheckMs: 200,
  });
  cores.push(started);
  await untilOnline(started.core);
  return { id: paired.id, core: started.core };
}

async function orderDrink(tableIndex: number, name = 'Lemonade'): Promise<{ orderId: string; itemId: string }> {
  const a = harness.fixture.a;
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, manager, a.tableIds[tableIndex] as string);
  const menuItemId = name === 'Lemonade' ? a.menu.lemonade : a.menu.fries;
  const placed = await guest.post(
    '/api/orders',
    { id: randomUUID(), sessionId, items: [{ menuItemId, quantity: 1, course: 'drink' }] },
    { key: randomUUID() },
  );
  expect(placed.status).toBe(201);
  return { orderId: placed.body.id, itemId: placed.body.items[0].id };
}

const cloudJobs = async () => z.array(PrintJob).parse((await manager.get('/api/print-jobs')).body);
const cloudBar = async () =>
  z
    .array(Printer)
    .parse((await manager.get('/api/printers')).body)
    .find((p) => p.id === barId);

beforeAll(async () => {
  harness = await startHarness();
  manager = await loginAs(harness.cloud.url, harness.fixture.a.managerEmail);
  bar = await startPrinterEmulator({ name: 'Bar Printer', port: 0 });
  barId = await insertPrinter(harness.database.db, harness.fixture.a, {
    name: 'Bar Printer',
    station: 'Bar',
    port: bar.port,
  });
});

afterAll(async () => {
  for (const c of cores) await c.close();
  await bar?.close();
  await harness?.close();
});

it('reports jobs, their states and the printer to the cloud, and a moved printer prints only what never printed', async () => {
  const first = await startTerminal('Kitchen PC');
  const moveTo = (terminalId: string) =>
    manager.request('PATCH', `/api/printers/${barId}`, { body: { terminalId }, key: randomUUID() });
  expect((await moveTo(first.id)).status).toBe(200);
  // The move reaches the terminal through the feed: it asks the printer and reports its state.
  await expect.poll(async () => (await cloudBar())?.status, { timeout: 15_000 }).toBe('ONLINE');

  const staffSocket = await LiveSocket.open(harness.cloud.url, { cookie: manager.cookieHeader() });
  staffSocket.send({ type: 'subscribe' });
  await staffSocket.next((m) => m.type === 'hello');

  const lemonade = await orderDrink(0);
  await bar.waitForTicket((t) => t.text.includes('Lemonade'), 15_000);
  await expect
    .poll(async () => (await cloudJobs()).map((j) => `${j.printerName}:${j.status}`), { timeout: 15_000 })
    .toEqual(['Bar Printer:COMPLETED']);
  const completed = await staffSocket.next((m) => m.type === 'print.completed');
  expect(completed).toMatchObject({ terminalId: first.id, job: { printerId: barId, status: 'COMPLETED' } });
  expect(await harness.database.db('ticketed_items').select('item_id', 'station')).toEqual([
    { item_id: lemonade.itemId, station: 'Bar' },
  ]);
  await staffSocket.close();

  // Paper out: the terminal learns it from the printer, and a manager working remotely sees it.
  bar.setCondition('paperOut');
  await expect.poll(async () => (await cloudBar())?.status, { timeout: 15_000 }).toBe('PAPER_OUT');
  bar.setCondition('ok');
  await expect.poll(async () => (await cloudBar())?.status, { timeout: 15_000 }).toBe('ONLINE');

  // The printer moves to a terminal with a new replica: the lemonade, still waiting in the kitchen,
  // is not printed again; the next order prints there, once.
  const second = await startTerminal('Bar PC');
  expect((await moveTo(second.id)).status).toBe(200);
  await expect.poll(() => second.core.printQueue?.printerStatuses()[barId], { timeout: 15_000 }).toBe('ONLINE');
  second.core.tick();
  expect(getMeta(second.core.replica.read).terminalId).toBe(second.id);
  await orderDrink(1, 'Fries');
  await orderDrink(2);
  await expect
    .poll(() => (second.core.printQueue?.listJobs() ?? []).filter((j) => j.status === 'COMPLETED').length, {
      timeout: 15_000,
    })
    .toBe(1);
  const tickets = bar.tickets();
  expect(tickets).toHaveLength(2);
  expect(tickets.filter((t) => t.text.includes('Lemonade'))).toHaveLength(2);
  expect(tickets[1]?.text).toContain('Table 3');
  expect(tickets.some((t) => t.text.includes('REPRINT'))).toBe(false);
  // The first terminal drives it no more.
  expect(first.core.printQueue?.listJobs()).toHaveLength(1);
  await expect.poll(async () => (await cloudJobs()).length, { timeout: 15_000 }).toBe(2);
});
