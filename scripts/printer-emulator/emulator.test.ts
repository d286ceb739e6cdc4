import net from 'node:net';
import { type KitchenTicket, kitchenTicketLines, SHELL_MESSAGES, tableQrLines } from '@tablewise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ticketBytes } from '../../desktop/src/core/printing/bytes.js';
import { parseArgs } from './args.js';
import { type EmulatorControl, startEmulatorControl } from './control.js';
import {
  type EmulatorCondition,
  type PrinterEmulator,
  startPrinterEmulator,
  startPrinterEmulators,
} from './emulator.js';

const ticket: KitchenTicket = {
  tableName: 'Table 12',
  orderId: '3f1c2b7e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  station: 'grill',
  items: [
    { quantity: 2, name: 'Ribeye', modifiers: ['Medium rare', 'No butter'], notes: 'Allergy: dairy', course: 'main' },
    { quantity: 1, name: 'Crème brûlée', modifiers: [], notes: null, course: 'dessert' },
  ],
  firedAt: new Date('2025-06-14T23:42:00Z'),
  timezone: 'America/New_York',
};

const started: { close(): Promise<void> }[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function emulator(name = 'Grill'): Promise<PrinterEmulator> {
  const e = await startPrinterEmulator({ port: 0, name });
  started.push(e);
  return e;
}

/** A raw client: send bytes, read answers byte by byte in order. */
async function client(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const received: number[] = [];
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    received.push(...chunk);
    for (const w of waiters.splice(0)) w();
  });
  return {
    send: (bytes: number[] | Buffer) =>
      new Promise<void>((resolve) => socket.write(Buffer.from(bytes), () => resolve())),
    async next(): Promise<number> {
      while (received.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
      return received.shift() as number;
    },
    received,
  };
}

/** Waits for a state the test cannot be told about directly; the test's own timeout bounds it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const DLE_EOT = (n: number) => [0x10, 0x04, n];
const GS_R = (n: number) => [0x1d, 0x72, n];

describe('printer emulator decoding', () => {
  it('decodes a kitchen ticket from the byte builder into readable text', async () => {
    const printer = await emulator();
    const c = await client(printer.port);
    const bytes = ticketBytes(kitchenTicketLines(ticket, { reprint: false }));
    await c.send(bytes);
    const printed = await printer.waitForTicket(() => true, 5000);
    const lines = printed.text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['GRILL', 'Table 12', 'Order #2c3d4e5f', 'Fired Jun 14, 7:42 PM']);
    expect(lines).toContain('2 x Ribeye');
    expect(lines).toContain('  + Medium rare');
    expect(lines).toContain('  + No butter');
    expect(lines).toContain('  Note: Allergy: dairy');
    expect(lines).toContain('1 x Crème brûlée');
    expect(lines).toContain('-'.repeat(48));
    expect(lines.at(-1)?.trim()).toBe('3 items');
    // No command parameter leaked into the text: every line is one the layout produced.
    const expected = new Set(
      kitchenTicketLines(ticket, { reprint: false }).map((l) => (l.kind === 'text' ? l.text : '-'.repeat(48))),
    );
    for (const line of lines) expect(expected.has(line)).toBe(true);
    expect(printed).toMatchObject({ printer: 'Grill', port: printer.port });
    expect(printed.raw.equals(bytes.subarray(0, printed.raw.length))).toBe(true);
    expect(printed.lines.find((l) => l.text === 'Table 12')).toMatchObject({
      bold: true,
      align: 'center',
      tall: true,
      wide: true,
    });
  });

  it("decodes a table's QR code receipt: its caption, and the QR symbol as the link it holds", async () => {
    const printer = await emulator();
    const c = await client(printer.port);
    const url = 'http://localhost:8080/guest/checkin?tableId=t1&venueId=v1&token=abc.def';
    await c.send(ticketBytes(tableQrLines({ document: 'table_qr', tableNumber: '7', url }, { reprint: false })));
    const printed = await printer.waitForTicket(() => true, 5000);
    expect(printed.text.split('\n').filter((l) => l.trim() !== '')).toEqual([
      SHELL_MESSAGES.tableQrCaption('7'),
      `[QR ${url}]`,
    ]);
    expect(printed.lines.find((l) => l.text.startsWith('[QR '))).toMatchObject({ align: 'center' });
  });

  it('decodes the same ticket when bytes arrive one at a time', async () => {
    const printer = await emulator();
    const c = await client(printer.port);
    const bytes = ticketBytes(kitchenTicketLines(ticket, { reprint: true }));
    for (const b of bytes) await c.send([b]);
    const printed = await printer.waitForTicket(() => true, 5000);
    expect(printed.text.split('\n')[0]).toBe('*** REPRINT ***');
    expect(printed.text).toContain('2 x Ribeye');
  });

  it('ends a ticket at each cut and skips parameters of commands it knows', async () => {
    const printer = await emulator();
    const c = await client(printer.port);
    const text = (s: string) => [...Buffer.from(s, 'latin1')];
    await c.send([
      0x1b,
      0x40,
      0x1b,
      0x74,
      0x00,
      0x1b,
      0x61,
      0x01,
      0x1d,
      0x21,
      0x11,
      0x1b,
      0x45,
      0x01,
      ...text('ONE'),
      0x0a,
      0x1b,
      0x64,
      0x03,
      0x1d,
      0x56,
      0x41,
      0x05,
      0x1b,
      0x70,
      0x00,
      0x19,
      0xfa,
      0x1d,
      0x68,
      0x50,
      0x1d,
      0x6b,
      0x04,
      ...text('123'),
      0x00,
      ...text('TWO'),
      0x0a,
      0x1d,
      0x56,
      0x00,
    ]);
    await printer.waitForTicket((t) => t.text === 'TWO', 5000);
    expect(printer.tickets().map((t) => t.text)).toEqual(['ONE', 'TWO']);
    expect(printer.tickets()[0]?.lines[0]).toMatchObject({ bold: true, align: 'center', tall: true, wide: true });
  });
});

describe('printer emulator status answers', () => {
  it.each<{ condition: EmulatorCondition; answers: number[] }>([
    { condition: 'ok', answers: [0x12, 0x12, 0x12, 0x12] },
    { condition: 'paperOut', answers: [0x1a, 0x32, 0x12, 0x7e] },
    { condition: 'coverOpen', answers: [0x1a, 0x16, 0x12, 0x12] },
  ])('answers DLE EOT 1-4 in $condition', async ({ condition, answers }) => {
    const printer = await emulator();
    printer.setCondition(condition);
    const c = await client(printer.port);
    const got: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      await c.send(DLE_EOT(n));
      got.push(await c.next());
    }
    expect(got).toEqual(answers);
  });

  it.each([1, 49])('answers GS r %i with the paper sensor byte when ok', async (n) => {
    const printer = await emulator();
    const c = await client(printer.port);
    await c.send(GS_R(n));
    expect(await c.next()).toBe(0x00);
  });

  it.each<EmulatorCondition>(['paperOut', 'coverOpen'])(
    'does not answer GS r and prints nothing in %s',
    async (condition) => {
      const printer = await emulator();
      printer.setCondition(condition);
      const c = await client(printer.port);
      // GS r is answered in order; the DLE EOT after it is answered at once, so the first byte
      // back being the DLE EOT answer shows GS r got none.
      await c.send([...ticketBytes(kitchenTicketLines(ticket, { reprint: false })), ...GS_R(1), ...DLE_EOT(1)]);
      expect(await c.next()).toBe(0x1a);
      printer.setCondition('ok');
      await c.send([...DLE_EOT(1), 0x1b, 0x40, ...Buffer.from('AFTER\n'), 0x1d, 0x56, 0x00]);
      expect(await c.next()).toBe(0x12);
      await printer.waitForTicket((t) => t.text === 'AFTER', 5000);
      expect(printer.tickets().map((t) => t.text)).toEqual(['AFTER']);
      expect(c.received).toEqual([]);
    },
  );

  it('answers nothing and prints nothing while silent', async () => {
    const printer = await emulator();
    printer.setCondition('silent');
    const c = await client(printer.port);
    const bytes = [...DLE_EOT(1), ...DLE_EOT(4), ...Buffer.from('LOST\n'), 0x1d, 0x56, 0x00, ...GS_R(1)];
    await c.send(bytes);
    await until(() => printer.bytesReceived() === bytes.length);
    printer.setCondition('ok');
    await c.send(DLE_EOT(2));
    expect(await c.next()).toBe(0x12);
    expect(c.received).toEqual([]);
    expect(printer.tickets()).toEqual([]);
  });

  it('prints what it takes but never answers GS r while neverAcks, still answering its status', async () => {
    const printer = await emulator();
    printer.setCondition('neverAcks');
    const c = await client(printer.port);
    await c.send([0x1b, 0x40, ...Buffer.from('SWALLOWED\n'), 0x1d, 0x56, 0x00, ...GS_R(1), ...DLE_EOT(1)]);
    // The first answer is DLE EOT's: GS r got none.
    expect(await c.next()).toBe(0x12);
    await printer.waitForTicket((t) => t.text === 'SWALLOWED', 5000);
    expect(c.received).toEqual([]);
  });

  it('reads nothing while stopsReading, then reads and prints what waited once it reads again', async () => {
    const printer = await emulator();
    printer.setCondition('stopsReading');
    const c = await client(printer.port);
    await c.send([...DLE_EOT(1), 0x1b, 0x40, ...Buffer.from('WAITED\n'), 0x1d, 0x56, 0x00]);
    // Another printer on this process's event loop answers a question sent after those bytes: the
    // loop has gone past the moment this one would have read them.
    const other = await emulator('Pass');
    const d = await client(other.port);
    await d.send(DLE_EOT(1));
    expect(await d.next()).toBe(0x12);
    expect(printer.bytesReceived()).toBe(0);
    expect(c.received).toEqual([]);
    printer.setCondition('ok');
    expect(await c.next()).toBe(0x12);
    await printer.waitForTicket((t) => t.text === 'WAITED', 5000);
  });

  it('rejects an unknown condition and keeps the old one', async () => {
    const printer = await emulator();
    expect(() => printer.setCondition('jammed' as EmulatorCondition)).toThrow('Unknown condition jammed');
    expect(printer.condition()).toBe('ok');
  });
});

describe('emulator control server', () => {
  let control: EmulatorControl;

  async function twoPrinters() {
    const emulators = await startPrinterEmulators([
      { name: 'Grill', port: 0 },
      { name: 'Bar', port: 0 },
    ]);
    started.push(...emulators);
    control = await startEmulatorControl({ emulators, port: 0 });
    started.push(control);
    return emulators as [PrinterEmulator, PrinterEmulator];
  }

  async function print(e: PrinterEmulator, text: string) {
    const c = await client(e.port);
    await c.send([...Buffer.from(`${text}\n`), 0x1d, 0x56, 0x00]);
    await e.waitForTicket((t) => t.text === text, 5000);
  }

  it('lists tickets oldest first, filters by printer, and shows them on a page', async () => {
    const [grill, bar] = await twoPrinters();
    await print(grill, 'first');
    await print(bar, 'second & <b>');
    const all = (await (await fetch(`${control.url}/tickets`)).json()) as {
      printer: string;
      text: string;
      raw: string;
    }[];
    expect(all.map((t) => [t.printer, t.text])).toEqual([
      ['Grill', 'first'],
      ['Bar', 'second & <b>'],
    ]);
    expect(Buffer.from(all[0]?.raw ?? '', 'base64').toString()).toContain('first');
    const barOnly = (await (await fetch(`${control.url}/tickets?printer=Bar`)).json()) as { text: string }[];
    expect(barOnly.map((t) => t.text)).toEqual(['second & <b>']);
    expect((await fetch(`${control.url}/tickets?printer=Nope`)).status).toBe(404);
    const html = await (await fetch(`${control.url}/`)).text();
    expect(html).toContain('first');
    expect(html).toContain('second &#38; &#60;b&#62;');
  });

  it('sets a condition and clears tickets over HTTP, refusing bad input', async () => {
    const [grill] = await twoPrinters();
    await print(grill, 'kept?');
    const post = (path: string, body: unknown) =>
      fetch(`${control.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post('/condition', { printer: 'Grill', condition: 'jammed' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('paperOut');
    expect(grill.condition()).toBe('ok');
    expect((await post('/condition', { printer: 'Nope', condition: 'silent' })).status).toBe(404);
    expect((await post('/condition', { printer: 'Grill', condition: 'paperOut' })).status).toBe(200);
    expect(grill.condition()).toBe('paperOut');
    expect((await post('/clear', {})).status).toBe(200);
    expect(grill.tickets()).toEqual([]);
  });
});

describe('emulator CLI options', () => {
  it.each([
    { argv: [], expected: { printers: [{ name: 'Printer', port: 9100 }], host: '127.0.0.1', httpPort: 9180 } },
    {
      argv: ['--printer', 'Grill=9101', '--printer', 'Bar=9102', '--host', '0.0.0.0', '--http-port', '8000'],
      expected: {
        printers: [
          { name: 'Grill', port: 9101 },
          { name: 'Bar', port: 9102 },
        ],
        host: '0.0.0.0',
        httpPort: 8000,
      },
    },
  ])('parses $argv', ({ argv, expected }) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([
    { argv: ['--printer', 'Grill'], error: 'expected NAME=PORT' },
    { argv: ['--printer', 'Grill=abc'], error: 'not a port number' },
    { argv: ['--http-port'], error: 'needs a value' },
    { argv: ['--colour', 'red'], error: 'Unknown option --colour' },
  ])('refuses $argv', ({ argv, error }) => {
    expect(() => parseArgs(argv)).toThrow(error);
  });
});
