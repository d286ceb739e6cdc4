// Printer state live on the terminal, end to end: a real cloud, the terminal core with its print
// queue, and a printer emulator on a real TCP socket. GET /api/printers answers what the printer
// last said (not the replica's column), and the local /ws pushes printer.status and
// print.job.updated as a ticket waits for paper and then prints by itself.
import { randomUUID } from 'node:crypto';
import { MESSAGES, type Printer, type PrintJob, ticketTime } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { insertPrinter, PASSWORD } from '../../../../cloud/src/testkit/fixture.js';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../scripts/printer-emulator/emulator.js';
import { startTerminalCore, type TerminalCore } from '../core.js';
import { tempDir } from '../test/fixtures.js';

let harness: Harness;
let core: TerminalCore;
let bar: PrinterEmulator;
let dir: { dir: string; remove(): void };

beforeAll(async () => {
  harness = await startHarness();
  bar = await startPrinterEmulator({ name: 'Bar Printer', port: 0 });
  const a = harness.fixture.a;
  await harness.database.db('venues').where({ id: a.venueId }).update({ tz: 'America/New_York' });
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Bar PC');
  await insertPrinter(harness.database.db, a, {
    name: 'Bar Printer',
    station: 'Bar',
    port: bar.port,
    terminalId: paired.id,
  });
  dir = tempDir();
  core = await startTerminalCore({
    cloudUrl: harness.cloud.url,
    credential: paired.credential,
    dataDir: dir.dir,
    port: 0,
    firingIntervalMs: 100,
    printerStatusPollMs: 100,
  });
});

afterAll(async () => {
  await core?.close();
  await bar?.close();
  await harness?.close();
  dir?.remove();
});

async function call<T>(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${core.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

it('answers and pushes each printer’s live state and its jobs as a ticket waits for paper and prints', async () => {
  const a = harness.fixture.a;
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  const login = await fetch(`${core.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: a.staffEmail, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const printers = () => call<Printer[]>(cookie, 'GET', '/api/printers').then((r) => r.body);

  // The idle check asks the printer at start: its answer, not the replica's column.
  await expect.poll(async () => (await printers()).map((p) => `${p.name}:${p.status}`)).toEqual(['Bar Printer:ONLINE']);

  const messages: { type: string; status?: string; job?: PrintJob }[] = [];
  const ws = new WebSocket(`${core.url.replace('http', 'ws')}/ws`, { headers: { cookie, origin: core.url } });
  ws.on('message', (d) => messages.push(JSON.parse(d.toString()) as (typeof messages)[number]));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

  bar.setCondition('paperOut');
  const manager = await loginAs(harness.cloud.url, a.managerEmail);
  const { guest, sessionId } = await checkInGuest(harness.cloud.url, manager, a.tableIds[0] as string);
  const placed = await guest.post(
    '/api/orders',
    { id: randomUUID(), sessionId, items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' }] },
    { key: randomUUID() },
  );
  expect(placed.status).toBe(201);

  await expect.poll(async () => (await printers())[0]?.status, { timeout: 15_000 }).toBe('PAPER_OUT');
  const [waiting] = (await call<PrintJob[]>(cookie, 'GET', '/api/print-jobs')).body;
  expect(waiting).toMatchObject({ status: 'PENDING', error: MESSAGES.printNothingPrinted(MESSAGES.printerPaperOut) });
  expect(bar.tickets()).toEqual([]);

  bar.setCondition('ok');
  const ticket = await bar.waitForTicket((t) => t.text.includes('Lemonade'), 15_000);
  expect(ticket.text).not.toContain('REPRINT');
  await expect
    .poll(() => messages.some((m) => m.type === 'print.job.updated' && m.job?.status === 'COMPLETED'))
    .toBe(true);
  expect((await printers())[0]?.status).toBe('ONLINE');
  ws.close();

  const pushedStatuses = messages.filter((m) => m.type === 'printer.status').map((m) => m.status);
  expect(pushedStatuses).toEqual(['PAPER_OUT', 'ONLINE']);
  const pushedJobs = messages.filter((m) => m.type === 'print.job.updated').map((m) => m.job?.status);
  expect(pushedJobs).toEqual(['PENDING', 'PRINTING', 'PENDING', 'PRINTING', 'COMPLETED']);
  expect(messages.every((m) => !('seq' in m) || m.type !== 'printer.status')).toBe(true);

  // Staff decisions are for jobs that may have printed only; the routes say so.
  const jobId = waiting?.id as string;
  const refused = await call<{ message: string }>(cookie, 'POST', `/api/print-jobs/${jobId}/reprint`);
  expect(refused).toEqual({
    status: 409,
    body: expect.objectContaining({ message: MESSAGES.printJobNotUnconfirmed('COMPLETED') }),
  });
  expect((await call(cookie, 'POST', `/api/print-jobs/${randomUUID()}/mark-printed`)).status).toBe(404);
  expect(bar.tickets()).toHaveLength(1);

  // A test page shows the time in the venue's time zone (the replica's venue row), not UTC.
  const barPrinter = (await printers())[0] as Printer;
  const before = new Date();
  const test = await call<PrintJob>(cookie, 'POST', `/api/printers/${barPrinter.id}/test`, { content: 'Hello bar' });
  expect(test.status).toBe(201);
  const page = await bar.waitForTicket((t) => t.text.includes('Hello bar'), 15_000);
  const after = new Date();
  const printedAt = page.text.split('\n')[2];
  expect([ticketTime(before, 'America/New_York'), ticketTime(after, 'America/New_York')]).toContain(printedAt);
  expect(printedAt).not.toBe(ticketTime(after, 'UTC'));
});
