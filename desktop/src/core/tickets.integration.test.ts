// Kitchen tickets end to end: a real cloud, the terminal core with its print queue, and printer
// emulators on real TCP sockets. A fired order prints one ticket per (order, station) on this
// terminal's printers; a held course fired by the terminal itself prints too; nothing twice.
import { randomUUID } from 'node:crypto';
import type { PrintJob } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertPrinter } from '../../../cloud/src/testkit/fixture.js';
import { checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../scripts/printer-emulator/emulator.js';
import { startTerminalCore, type TerminalCore } from './core.js';
import { tempDir } from './test/fixtures.js';

let harness: Harness;
let core: TerminalCore;
let bar: PrinterEmulator;
let cold: PrinterEmulator;
let dir: { dir: string; remove(): void };
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  harness = await startHarness();
  bar = await startPrinterEmulator({ name: 'Bar Printer', port: 0 });
  cold = await startPrinterEmulator({ name: 'Cold Printer', port: 0 });
  const a = harness.fixture.a;
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Kitchen PC');
  for (const [name, station, port] of [
    ['Bar Printer', 'Bar', bar.port],
    ['Cold Printer', 'Cold', cold.port],
  ] as const) {
    await insertPrinter(harness.database.db, a, { name, station, port, terminalId: paired.id });
  }
  dir = tempDir();
  core = await startTerminalCore({
    cloudUrl: harness.cloud.url,
    credential: paired.credential,
    dataDir: dir.dir,
    port: 0,
    now,
    firingIntervalMs: 100,
  });
});

afterAll(async () => {
  await core?.close();
  await bar?.close();
  await cold?.close();
  await harness?.close();
  dir?.remove();
});

it('prints each fired (order, station) once on this terminal’s printers, held courses when they fire', async () => {
  const a = harness.fixture.a;
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  const manager = await loginAs(harness.cloud.url, a.managerEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, manager, a.tableIds[1] as string);
  const placed = await guest.post(
    '/api/orders',
    {
      id: randomUUID(),
      sessionId,
      items: [
        { menuItemId: a.menu.lemonade, quantity: 2, course: 'drink', specialInstructions: 'no ice' },
        { menuItemId: a.menu.fries, quantity: 1, course: 'drink' },
        { menuItemId: a.menu.cake, quantity: 1, course: 'dessert' },
      ],
    },
    { key: randomUUID() },
  );
  expect(placed.status).toBe(201);

  const drinks = await bar.waitForTicket((t) => t.text.includes('Lemonade'), 15_000);
  expect(drinks.text).toContain('Table 2');
  expect(drinks.text).toContain('no ice');
  expect(drinks.text).not.toContain('Fries');
  expect(cold.tickets()).toEqual([]);

  // The dessert is held; when its time comes the terminal fires it itself (the cloud's firer is
  // idle in this harness) and the Cold printer gets it.
  offsetMs = 2 * 60 * 60 * 1000;
  const dessert = await cold.waitForTicket((t) => t.text.includes('Cheesecake'), 15_000);
  expect(dessert.text).toContain('Table 2');

  await expect
    .poll(() => (core.printQueue?.listJobs() ?? []).map((j: PrintJob) => `${j.printerName}:${j.status}`).sort(), {
      timeout: 15_000,
    })
    .toEqual(['Bar Printer:COMPLETED', 'Cold Printer:COMPLETED']);

  // A restart re-reads everything, and still prints nothing twice.
  const file = dir.dir;
  await core.close();
  core = await startTerminalCore({
    cloudUrl: harness.cloud.url,
    credential: 'unused-after-restart',
    dataDir: file,
    port: 0,
    now,
    firingIntervalMs: 100,
  });
  core.tick();
  expect(core.printQueue?.listJobs()).toHaveLength(2);
  expect(bar.tickets()).toHaveLength(1);
  expect(cold.tickets()).toHaveLength(1);
});
