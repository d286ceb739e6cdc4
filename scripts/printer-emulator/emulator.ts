// A network receipt printer on a TCP port, as far as a terminal can tell: it decodes ESC/POS into
// readable tickets (one per cut), answers DLE EOT and GS r with Epson's documented status bytes,
// and can act out paper out, cover open, a printer that has gone silent, and one that prints what
// it takes but never answers GS r (its proof of printing), and one that stops reading its socket
// (what the terminal writes then waits in the kernel's buffers until the printer reads again).
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { type Align, type Command, decodeText, parseCommand } from './escpos.js';

export const EMULATOR_CONDITIONS = ['ok', 'paperOut', 'coverOpen', 'silent', 'neverAcks', 'stopsReading'] as const;
/** @internal exported for tests */
export type EmulatorCondition = (typeof EMULATOR_CONDITIONS)[number];

interface EmulatedLine {
  text: string;
  bold: boolean;
  align: Align;
  tall: boolean;
  wide: boolean;
}

export interface EmulatedTicket {
  id: string;
  printer: string;
  port: number;
  /** The paper as plain text, one line per printed line, trailing feed lines dropped. */
  text: string;
  /** The same lines with the formatting the printer applied, for the demo page. */
  lines: EmulatedLine[];
  /** The job bytes of this ticket up to and including its cut (status queries excluded). */
  raw: Buffer;
  receivedAt: Date;
}

export interface PrinterEmulator {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  tickets(): EmulatedTicket[];
  condition(): EmulatorCondition;
  /** Every byte taken off the wire so far, answered or not: lets a test know a silent printer got its bytes. */
  bytesReceived(): number;
  setCondition(condition: EmulatorCondition): void;
  waitForTicket(predicate: (ticket: EmulatedTicket) => boolean, timeoutMs: number): Promise<EmulatedTicket>;
  clear(): void;
  close(): Promise<void>;
}

// Epson status bytes: bits 1 and 4 are always 1, bits 0 and 7 always 0.
const STATUS_BASE = 0x12;
const DLE_EOT = {
  /** n=1 printer status: bit 3 offline. */
  offline: 0x08,
  /** n=2 offline cause: bit 2 cover open, bit 5 stopped by paper end. */
  coverOpen: 0x04,
  stoppedByPaperEnd: 0x20,
  /** n=4 roll paper sensor: bits 2-3 near end, bits 5-6 paper end. */
  paperNearEnd: 0x0c,
  paperEnd: 0x60,
} as const;

/** The printer's answer to DLE EOT n in a condition, or null when it does not answer. */
function statusAnswer(condition: EmulatorCondition, n: number): number | null {
  if (condition === 'silent' || n < 1 || n > 4) return null;
  const paperOut = condition === 'paperOut';
  const coverOpen = condition === 'coverOpen';
  switch (n) {
    case 1:
      return STATUS_BASE | (paperOut || coverOpen ? DLE_EOT.offline : 0);
    case 2:
      return STATUS_BASE | (coverOpen ? DLE_EOT.coverOpen : 0) | (paperOut ? DLE_EOT.stoppedByPaperEnd : 0);
    case 3:
      return STATUS_BASE;
    default:
      return STATUS_BASE | (paperOut ? DLE_EOT.paperNearEnd | DLE_EOT.paperEnd : 0);
  }
}

/**
 * The answer to GS r n, or null. GS r is not a real-time command: it waits in the receive buffer
 * behind the job, so a printer that is offline (paper out, cover open) or silent never answers.
 */
function transmitStatusAnswer(condition: EmulatorCondition, n: number): number | null {
  if (condition !== 'ok') return null;
  switch (n) {
    case 1:
    case 49:
      // Paper sensor: bits 0-1 near end, bits 2-3 paper end, all clear; bits 4 and 7 are fixed 0.
      return 0x00;
    case 2:
    case 50:
    case 4:
    case 52:
      return 0x00;
    default:
      return null;
  }
}

class Page {
  lines: EmulatedLine[] = [];
  current: EmulatedLine | null = null;
  raw: Buffer[] = [];
  bold = false;
  align: Align = 'left';
  tall = false;
  wide = false;
  codePage = 0;
  /** The QR symbol's data the printer holds (GS ( k fn 80), printed by fn 81. */
  qrData: string | null = null;

  reset(): void {
    this.bold = false;
    this.align = 'left';
    this.tall = false;
    this.wide = false;
    this.codePage = 0;
  }

  addText(text: string): void {
    if (!this.current) this.current = { text: '', bold: false, align: this.align, tall: false, wide: false };
    this.current.text += text;
    this.current.bold ||= this.bold;
    this.current.tall ||= this.tall;
    this.current.wide ||= this.wide;
  }

  lineFeed(): void {
    this.lines.push(this.current ?? { text: '', bold: false, align: this.align, tall: false, wide: false });
    this.current = null;
  }

  hasContent(): boolean {
    return this.current !== null || this.lines.some((l) => l.text.trim() !== '');
  }

  take(): { lines: EmulatedLine[]; raw: Buffer } {
    if (this.current) this.lineFeed();
    const lines = [...this.lines];
    while (lines.length > 0 && (lines.at(-1) as EmulatedLine).text.trim() === '') lines.pop();
    while (lines.length > 0 && (lines[0] as EmulatedLine).text.trim() === '') lines.shift();
    const raw = Buffer.concat(this.raw);
    this.lines = [];
    this.current = null;
    this.raw = [];
    return { lines, raw };
  }

  discard(): void {
    this.lines = [];
    this.current = null;
    this.raw = [];
  }
}

/** @internal exported for tests */
export async function startPrinterEmulator(
  opts: {
    port?: number;
    host?: string;
    name?: string;
    /** Told of each ticket the moment its cut is read (a benchmark notes when it reached paper). */
    onTicket?: (ticket: EmulatedTicket) => void;
  } = {},
): Promise<PrinterEmulator> {
  const name = opts.name ?? 'Printer';
  const host = opts.host ?? '127.0.0.1';
  let condition: EmulatorCondition = 'ok';
  let tickets: EmulatedTicket[] = [];
  const waiters = new Set<(ticket: EmulatedTicket) => void>();
  const sockets = new Set<net.Socket>();
  let received = 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    if (condition === 'stopsReading') socket.pause();
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const page = new Page();
    let pending: Buffer = Buffer.alloc(0);

    const apply = (command: Command, bytes: Buffer): void => {
      if (command.kind === 'statusRequest') {
        const answer = statusAnswer(condition, command.n);
        if (answer !== null) socket.write(Buffer.of(answer));
        return;
      }
      if (command.kind === 'transmitStatus') {
        const answer = transmitStatusAnswer(condition, command.n);
        if (answer !== null) socket.write(Buffer.of(answer));
        return;
      }
      // Offline or silent, the paper does not move: what arrives now is lost, not printed later.
      if (condition !== 'ok' && condition !== 'neverAcks') {
        page.discard();
        return;
      }
      page.raw.push(Buffer.from(bytes));
      switch (command.kind) {
        case 'text':
          page.addText(decodeText(command.bytes, page.codePage));
          return;
        case 'lf':
          page.lineFeed();
          return;
        case 'feed':
          for (let i = 0; i < command.lines; i++) page.lineFeed();
          return;
        case 'init':
          page.reset();
          return;
        case 'bold':
          page.bold = command.on;
          return;
        case 'align':
          page.align = command.align;
          if (page.current && page.current.text === '') page.current.align = command.align;
          return;
        case 'size':
          page.tall = command.tall;
          page.wide = command.wide;
          return;
        case 'codePage':
          page.codePage = command.page;
          return;
        case 'cut': {
          if (!page.hasContent()) {
            page.discard();
            return;
          }
          const { lines, raw } = page.take();
          const ticket: EmulatedTicket = {
            id: randomUUID(),
            printer: name,
            port: (server.address() as net.AddressInfo).port,
            text: lines.map((l) => l.text).join('\n'),
            lines,
            raw,
            receivedAt: new Date(),
          };
          tickets.push(ticket);
          opts.onTicket?.(ticket);
          for (const waiter of [...waiters]) waiter(ticket);
          return;
        }
        case 'qrStore':
          page.qrData = command.data;
          return;
        case 'qrPrint':
          // The symbol shows on the readable ticket as its data, on a line of its own.
          if (page.current && page.current.text !== '') page.lineFeed();
          page.addText(`[QR ${page.qrData ?? ''}]`);
          page.lineFeed();
          return;
        case 'skip':
          return;
        default: {
          const never: never = command;
          throw new Error(`Unhandled command ${JSON.stringify(never)}`);
        }
      }
    };

    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let offset = 0;
      for (;;) {
        const parsed = parseCommand(pending, offset);
        if (!parsed) break;
        apply(parsed.command, pending.subarray(offset, offset + parsed.length));
        offset += parsed.length;
      }
      pending = Buffer.from(pending.subarray(offset));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 9100, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    name,
    host,
    port,
    tickets: () => [...tickets],
    condition: () => condition,
    bytesReceived: () => received,
    setCondition(next) {
      if (!EMULATOR_CONDITIONS.includes(next)) throw new Error(`Unknown condition ${String(next)}`);
      condition = next;
      for (const socket of sockets) {
        if (next === 'stopsReading') socket.pause();
        else socket.resume();
      }
    },
    waitForTicket(predicate, timeoutMs) {
      const existing = tickets.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const waiter = (ticket: EmulatedTicket): void => {
          if (!predicate(ticket)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(ticket);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching ticket on ${name} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      tickets = [];
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Several printers in one process, each on its own port. */
export async function startPrinterEmulators(
  printers: { name: string; port: number; host?: string }[],
): Promise<PrinterEmulator[]> {
  const started: PrinterEmulator[] = [];
  try {
    for (const p of printers) started.push(await startPrinterEmulator(p));
  } catch (error) {
    await Promise.all(started.map((e) => e.close()));
    throw error;
  }
  return started;
}
