// Receipts and kitchen-ticket reprints end to end (issue 10): a real cloud, a terminal core with its
// print queue, printer emulators on real TCP sockets. What reaches paper is, line for line, what
// the shared layout draws (the printer management screen's preview draws the same lines); bad data
// is refused before anything is queued; a repeat with one Idempotency-Key prints once; printers a
// manager adds or removes in the cloud are picked up by the terminal at once.
import { randomUUID } from 'node:crypto';
import {
  type GuestReceipt,
  PrintJob,
  paperLineText,
  REPRINT_BANNER,
  type ReceiptKind,
  receiptLines,
  SERVICE_MESSAGES,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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
let bar: PrinterEmulator;
let office: PrinterEmulator;
let deskId: string;
let barId: string;
let terminal: CoreOnCloud;
let tab: Client;
let manager: Client;
let terminalId: string;

const AT = '2026-06-14T19:42:00.000Z';
const timezone = 'America/New_York';

const SAMPLES: Record<ReceiptKind, unknown> = {
  daily_summary: {
    venueName: 'Alpha Bistro',
    timezone,
    period: 'Sun Jun 14',
    rows: [
      { label: 'Arrivals', value: '42' },
      { label: 'Free tables', value: '5' },
    ],
    printedAt: AT,
  },
  shift_report: {
    venueName: null,
    timezone,
    period: 'Dinner shift',
    rows: [{ label: 'Covers', value: '96' }],
    printedAt: AT,
  },
  end_of_day: {
    venueName: 'Alpha Bistro',
    timezone,
    period: 'Sun Jun 14',
    rows: [{ label: 'Sales', value: '$6,412.50' }],
    printedAt: AT,
  },
  waitlist_ticket: {
    venueName: 'Alpha Bistro',
    timezone,
    guestName: 'Rivera',
    partySize: 4,
    position: 3,
    quotedMinWait: 15,
    quotedMaxWait: 25,
    addedAt: AT,
  },
  reservation_confirmation: {
    venueName: 'Alpha Bistro',
    timezone,
    guestName: 'Zoë Chen',
    partySize: 2,
    slotStart: AT,
    phone: '555-0142',
    occasion: 'Anniversary',
    specialRequests: 'Window table — if possible',
  },
  guest_receipt: {
    document: 'guest_receipt',
    venueName: 'Alpha Bistro',
    timezone,
    tableName: '12',
    orderId: '7f3c2a10-5b1e-4c8d-9a2f-1e2d3c4b5a69',
    lines: [
      { quantity: 2, name: 'Crème brûlée', modifiers: ['Extra berries'], amountCents: 1800 },
      { quantity: 1, name: 'Lemonade', modifiers: [], amountCents: 350 },
    ],
    subtotalCents: 2150,
    taxCents: 188,
    serviceChargeCents: 300,
    tipCents: 387,
    totalCents: 3025,
    method: 'Card',
    paid: true,
    at: AT,
  } satisfies GuestReceipt,
};

const expectedText = (kind: ReceiptKind, data: unknown, reprint = false) =>
  receiptLines(kind, data, { reprint })
    .map((line) => paperLineText(line))
    .join('\n');

beforeAll(async () => {
  harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  const paired = await pairTerminal(harness.cloud.url, a.managerEmail, 'Host stand');
  terminalId = paired.id;
  [desk, bar, office] = await Promise.all([
    startPrinterEmulator({ name: 'Front Desk', port: 0 }),
    startPrinterEmulator({ name: 'Bar', port: 0 }),
    startPrinterEmulator({ name: 'Office', port: 0 }),
  ]);
  deskId = await insertPrinter(harness.database.db, a, {
    name: 'Front Desk',
    station: null,
    port: desk.port,
    terminalId: paired.id,
  });
  barId = await insertPrinter(harness.database.db, a, {
    name: 'Bar',
    station: 'Bar',
    port: bar.port,
    terminalId: paired.id,
  });
  terminal = await startCoreOn(harness.cloud.url, paired.credential, { printing: true, firingIntervalMs: 100 });
  await untilOnline(terminal.core);
  tab = await loginAs(terminal.core.url, a.staffEmail);
  manager = await loginAs(harness.cloud.url, a.managerEmail);
}, 60_000);

afterAll(async () => {
  await terminal?.close();
  await Promise.all([desk?.close(), bar?.close(), office?.close()]);
  await harness?.close();
});

const jobCount = async () => z.array(PrintJob).parse((await tab.get('/api/print-jobs')).body).length;

describe('POST /api/print/receipt', () => {
  it.each(Object.keys(SAMPLES) as ReceiptKind[])(
    'prints a %s on the receipt printer exactly as its layout draws it',
    async (kind) => {
      const reply = await tab.post('/api/print/receipt', { type: kind, data: SAMPLES[kind] }, { key: randomUUID() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const job = PrintJob.parse(reply.body);
      expect(job).toMatchObject({ printerId: deskId, type: kind === 'guest_receipt' ? 'receipt' : kind });
      const printed = await desk.waitForTicket((t) => t.text === expectedText(kind, SAMPLES[kind]), 15_000);
      expect(printed.text).toBe(expectedText(kind, SAMPLES[kind]));
      await expect
        .poll(
          async () =>
            z
              .array(PrintJob)
              .parse((await tab.get('/api/print-jobs')).body)
              .find((j) => j.id === job.id)?.status,
        )
        .toBe('COMPLETED');
    },
  );

  it('answers a repeat with the same Idempotency-Key with the first job, printing once', async () => {
    const key = randomUUID();
    const data = { ...(SAMPLES.waitlist_ticket as object), guestName: 'Once Only' };
    const before = desk.tickets().length;
    const first = await tab.post('/api/print/receipt', { type: 'waitlist_ticket', data }, { key });
    const again = await tab.post('/api/print/receipt', { type: 'waitlist_ticket', data }, { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    await desk.waitForTicket((t) => t.text.includes('Once Only'), 15_000);
    // Another job after it prints too: the queue went on past the one copy.
    await tab.post('/api/print/receipt', { type: 'shift_report', data: SAMPLES.shift_report }, { key: randomUUID() });
    await expect.poll(() => desk.tickets().length, { timeout: 15_000 }).toBe(before + 2);
    expect(desk.tickets().filter((t) => t.text.includes('Once Only'))).toHaveLength(1);
  });

  it('refuses data that does not fit its layout, an unknown type and a printer it does not drive, queueing nothing', async () => {
    const guest = SAMPLES.guest_receipt as GuestReceipt;
    const cases: [unknown, number, string][] = [
      [
        { type: 'waitlist_ticket', data: { ...(SAMPLES.waitlist_ticket as object), guestName: '' } },
        400,
        'Guest name is required',
      ],
      [
        { type: 'reservation_confirmation', data: { ...(SAMPLES.reservation_confirmation as object), partySize: 0 } },
        400,
        'partySize',
      ],
      [
        { type: 'daily_summary', data: { ...(SAMPLES.daily_summary as object), rows: [] } },
        400,
        'A report needs at least one row',
      ],
      [
        { type: 'daily_summary', data: { ...(SAMPLES.daily_summary as object), timezone: 'Mars/Base' } },
        400,
        'Unknown timezone',
      ],
      [{ type: 'guest_receipt', data: { ...guest, totalCents: guest.totalCents + 1 } }, 400, 'totalCents'],
      [{ type: 'guest_receipt', data: { ...guest, subtotalCents: 1 } }, 400, 'subtotalCents'],
      [{ type: 'guest_receipt', data: { ...guest, lines: [] } }, 400, 'A receipt needs at least one line'],
      [{ type: 'guest_receipt', data: { ...guest, taxCents: 1.5 } }, 400, 'taxCents'],
      [{ type: 'birthday_card', data: {} }, 400, 'type'],
      [{ data: SAMPLES.shift_report }, 400, 'type'],
      [
        {
          type: 'shift_report',
          data: SAMPLES.shift_report,
          printerId: barId.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        },
        404,
        'Printer',
      ],
    ];
    const before = await jobCount();
    const printed = desk.tickets().length;
    for (const [body, status, message] of cases) {
      const reply = await tab.post('/api/print/receipt', body, { key: randomUUID() });
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.message, JSON.stringify(body)).toContain(message);
    }
    expect(await jobCount()).toBe(before);
    expect(desk.tickets()).toHaveLength(printed);
  });

  it('is for signed-in staff only', async () => {
    const anonymous = await fetch(`${terminal.core.url}/api/print/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'shift_report', data: SAMPLES.shift_report }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('printers a manager adds and removes in the cloud', () => {
  it('prints what waited on a wrong address once the manager corrects it', async () => {
    const wrongPort = await freePort();
    const added = await manager.post(
      '/api/printers',
      { name: 'Patio Desk', host: '127.0.0.1', port: wrongPort, terminalId },
      { key: randomUUID() },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const patioId = added.body.id as string;
    await expect
      .poll(async () => ((await tab.get('/api/printers')).body as { id: string }[]).map((p) => p.id), {
        timeout: 15_000,
      })
      .toContain(patioId);
    const data = { ...(SAMPLES.waitlist_ticket as object), guestName: 'Patio Party' };
    const queued = await tab.post('/api/print/receipt', { type: 'waitlist_ticket', data, printerId: patioId });
    expect(queued.status, JSON.stringify(queued.body)).toBe(201);
    await expect
      .poll(
        async () =>
          ((await tab.get('/api/printers')).body as { id: string; status: string }[]).find((p) => p.id === patioId)
            ?.status,
        { timeout: 15_000 },
      )
      .toBe('OFFLINE');
    const patio = await startPrinterEmulator({ name: 'Patio Desk', port: 0 });
    try {
      const fixed = await manager.request('PATCH', `/api/printers/${patioId}`, {
        body: { port: patio.port },
        key: randomUUID(),
      });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      const printed = await patio.waitForTicket((t) => t.text.includes('Patio Party'), 30_000);
      expect(printed.text).toBe(expectedText('waitlist_ticket', data));
    } finally {
      await patio.close();
    }
    expect((await manager.delete(`/api/printers/${patioId}`, { key: randomUUID() })).status).toBe(200);
  });

  it('prints on a printer added for this terminal as soon as the cloud says so, and forgets one removed', async () => {
    const added = await manager.post(
      '/api/printers',
      { name: 'Office', host: '127.0.0.1', port: office.port, terminalId },
      { key: randomUUID() },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const officeId = added.body.id as string;
    await expect
      .poll(async () => ((await tab.get('/api/printers')).body as { id: string }[]).map((p) => p.id), {
        timeout: 15_000,
      })
      .toContain(officeId);
    const reply = await tab.post(
      '/api/print/receipt',
      { type: 'end_of_day', data: SAMPLES.end_of_day, printerId: officeId },
      { key: randomUUID() },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const printed = await office.waitForTicket((t) => t.text.includes('END OF DAY'), 15_000);
    expect(printed.text).toBe(expectedText('end_of_day', SAMPLES.end_of_day));

    // Both receipt printers removed: the terminal has none left to print a receipt on.
    expect((await manager.delete(`/api/printers/${officeId}`, { key: randomUUID() })).status).toBe(200);
    expect((await manager.delete(`/api/printers/${deskId}`, { key: randomUUID() })).status).toBe(200);
    await expect
      .poll(async () => ((await tab.get('/api/printers')).body as { id: string }[]).map((p) => p.id), {
        timeout: 15_000,
      })
      .toEqual([barId]);
    const none = await tab.post('/api/print/receipt', { type: 'shift_report', data: SAMPLES.shift_report });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(SERVICE_MESSAGES.noReceiptPrinter);
  });
});

describe('POST /api/print/kitchen-ticket/:id', () => {
  it("prints an order's kitchen tickets again, marked REPRINT, on the printer they went to", async () => {
    const a = harness.fixture.a;
    const staff = await loginAs(harness.cloud.url, a.staffEmail);
    const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[0] as string);
    const placed = await guest.post(
      '/api/orders',
      { id: randomUUID(), sessionId, items: [{ menuItemId: a.menu.lemonade, quantity: 2, course: 'drink' }] },
      { key: randomUUID() },
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    const first = await bar.waitForTicket((t) => t.text.includes(orderId.slice(-8)), 30_000);
    expect(first.text).not.toContain(REPRINT_BANNER);

    const key = randomUUID();
    const reply = await tab.post(`/api/print/kitchen-ticket/${orderId}`, undefined, { key });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const jobs = z.array(PrintJob).parse(reply.body);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ printerId: barId, type: 'kitchen_ticket', reprint: true });
    const copy = await bar.waitForTicket(
      (t) => t.text.includes(orderId.slice(-8)) && t.text.includes(REPRINT_BANNER),
      15_000,
    );
    // The same ticket, with the banner at the top and the bottom.
    expect(copy.text.split('\n').slice(1, -1).join('\n')).toBe(first.text);
    // A repeat with the same key answers the same jobs and prints nothing more.
    const again = await tab.post(`/api/print/kitchen-ticket/${orderId}`, undefined, { key });
    expect(again.body.map((j: { id: string }) => j.id)).toEqual(jobs.map((j) => j.id));
    await expect
      .poll(
        async () =>
          z
            .array(PrintJob)
            .parse((await tab.get('/api/print-jobs')).body)
            .find((j) => j.id === jobs[0]?.id)?.status,
        { timeout: 15_000 },
      )
      .toBe('COMPLETED');
    expect(bar.tickets().filter((t) => t.text.includes(REPRINT_BANNER))).toHaveLength(1);
  });

  it('refuses an order it does not know, an order without tickets here, and a malformed id', async () => {
    const a = harness.fixture.a;
    const staff = await loginAs(harness.cloud.url, a.staffEmail);
    const { guest, sessionId } = await checkInGuest(harness.cloud.url, staff, a.tableIds[1] as string);
    // Fries go to the Fry station, which has no printer: no ticket is made.
    const placed = await guest.post(
      '/api/orders',
      { id: randomUUID(), sessionId, items: [{ menuItemId: a.menu.fries, quantity: 1, course: 'drink' }] },
      { key: randomUUID() },
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    await expect
      .poll(async () => (await tab.get('/api/orders')).body.some((o: { id: string }) => o.id === orderId), {
        timeout: 15_000,
      })
      .toBe(true);
    const before = await jobCount();
    const none = await tab.post(`/api/print/kitchen-ticket/${orderId}`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(SERVICE_MESSAGES.orderHasNoTickets);
    const unknown = await tab.post(`/api/print/kitchen-ticket/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('Order');
    expect((await tab.post('/api/print/kitchen-ticket/not-an-id')).status).toBe(404);
    expect(await jobCount()).toBe(before);
  });
});
