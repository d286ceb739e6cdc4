// How the terminal talks to a printer. A socket write is not a print: before a job the driver asks
// the printer's status (DLE EOT 1-4), and after it sends GS r 1, which the printer answers only
// once it has processed everything before it; that answer is the proof of printing. Every step
// has a time limit (connect, each answer, each write), so a printer that stops reading or
// answering cannot hold its queue, or the terminal's shutdown, for longer than that.
import fs from 'node:fs';
import net from 'node:net';
import { MESSAGES, PRINTING, type Printer } from '@tablewise/shared';

export interface PrinterStatusReport {
  online: boolean;
  coverOpen: boolean;
  paperOut: boolean;
  error: boolean;
}

export type PrinterFailureKind = 'unreachable' | 'noAnswer' | 'paperOut' | 'coverOpen' | 'error';

/** A printer problem with the message staff see on the job. */
export class PrinterFailure extends Error {
  constructor(
    readonly kind: PrinterFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'PrinterFailure';
  }
}

/** One conversation with a printer; close it when done. */
export interface PrinterConnection {
  /** DLE EOT 1..4. Throws PrinterFailure('noAnswer') when the printer does not answer in time. */
  queryStatus(): Promise<PrinterStatusReport>;
  /** Hands the job bytes to the link. Resolving proves nothing about paper. */
  write(bytes: Buffer): Promise<void>;
  /** GS r 1: resolves with the paper sensor once the printer has processed all bytes before it. */
  confirm(): Promise<{ paperOut: boolean }>;
  close(): void;
}

/** A way to reach one printer: TCP port 9100, a USB device node, or a test double. */
export interface PrinterTransport {
  /** Throws PrinterFailure('unreachable') when the printer cannot be reached at all. */
  connect(): Promise<PrinterConnection>;
}

export interface TransportTimeouts {
  /** Connecting, and each status answer. */
  statusTimeoutMs: number;
  confirmTimeoutMs: number;
  /** Handing one job's bytes to the link: a printer that stops reading fails the write after this. */
  writeTimeoutMs: number;
}

const DEFAULT_TIMEOUTS: TransportTimeouts = {
  statusTimeoutMs: PRINTING.statusTimeoutMs,
  confirmTimeoutMs: PRINTING.confirmTimeoutMs,
  writeTimeoutMs: PRINTING.writeTimeoutMs,
};

/** Settles `start`'s promise, or rejects it after `ms` (running `onTimeout` first). */
function withinTime<T>(ms: number, onTimeout: () => void, start: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`no progress within ${ms} ms`));
    }, ms);
    start().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Bytes both ways; the ESC/POS conversation on top is the same for TCP and USB. */
interface ByteChannel {
  write(bytes: Buffer): Promise<void>;
  /** The next byte from the printer, or null when none came within the time (or the link closed). */
  readByte(timeoutMs: number): Promise<number | null>;
  close(): void;
}

// Epson status bytes: bits 1 and 4 are fixed 1, bits 0 and 7 fixed 0.
function isStatusByte(b: number): boolean {
  return (b & 0x93) === 0x12;
}

/** The printer's state from its answers to DLE EOT 1, 2, 3 and 4 (Epson's documented bits). */
function parseStatusBytes(printer: number, offlineCause: number, error: number, paper: number): PrinterStatusReport {
  const paperOut = (paper & 0x60) === 0x60 || (offlineCause & 0x20) !== 0;
  const coverOpen = (offlineCause & 0x04) !== 0;
  return {
    online: (printer & 0x08) === 0,
    coverOpen,
    paperOut,
    // n=2 bit 6: an error occurred; n=3 bits 2, 3, 5, 6: mechanical, cutter, unrecoverable, auto-recoverable.
    error: (offlineCause & 0x40) !== 0 || (error & 0x6c) !== 0,
  };
}

/** The failure a status report stands for, or null when the printer can take a job. */
export function statusFailure(status: PrinterStatusReport): PrinterFailure | null {
  if (status.paperOut) return new PrinterFailure('paperOut', MESSAGES.printerPaperOut);
  if (status.coverOpen) return new PrinterFailure('coverOpen', MESSAGES.printerCoverOpen);
  if (status.error || !status.online) return new PrinterFailure('error', MESSAGES.printerError);
  return null;
}

class EscPosConnection implements PrinterConnection {
  constructor(
    private readonly channel: ByteChannel,
    private readonly timeouts: TransportTimeouts,
  ) {}

  /** Sends `commands` and reads one answer byte for each, in order, each within `timeoutMs`. */
  private async ask(commands: number[][], timeoutMs: number, valid: (b: number) => boolean): Promise<number[]> {
    await this.channel.write(Buffer.from(commands.flat())).catch(() => {
      throw new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer);
    });
    const answers: number[] = [];
    for (const _ of commands) {
      const answer = await this.channel.readByte(timeoutMs);
      if (answer === null || !valid(answer)) throw new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer);
      answers.push(answer);
    }
    return answers;
  }

  async queryStatus(): Promise<PrinterStatusReport> {
    // DLE EOT is a real-time command: the printer answers each on receipt, in order, so the four
    // go out together and cost one round trip before a job, not four.
    const queries = [1, 2, 3, 4].map((n) => [0x10, 0x04, n]);
    const answers = await this.ask(queries, this.timeouts.statusTimeoutMs, isStatusByte);
    const [printer, offlineCause, error, paper] = answers as [number, number, number, number];
    return parseStatusBytes(printer, offlineCause, error, paper);
  }

  async write(bytes: Buffer): Promise<void> {
    await this.channel.write(bytes).catch(() => {
      throw new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer);
    });
  }

  async confirm(): Promise<{ paperOut: boolean }> {
    // GS r 1 answer: bits 4 and 7 fixed 0; bits 2-3 set when the roll has run out.
    const [answer] = await this.ask([[0x1d, 0x72, 0x01]], this.timeouts.confirmTimeoutMs, (b) => (b & 0x90) === 0);
    return { paperOut: ((answer as number) & 0x0c) !== 0 };
  }

  close(): void {
    this.channel.close();
  }
}

/** Replies arrive as a byte stream; readers take them one at a time in order. */
class ReplyQueue {
  private bytes: number[] = [];
  private waiter: ((b: number | null) => void) | null = null;
  private closed = false;

  push(chunk: Buffer): void {
    for (const b of chunk) this.bytes.push(b);
    this.flush();
  }

  end(): void {
    this.closed = true;
    this.flush();
  }

  private flush(): void {
    if (!this.waiter) return;
    const next = this.bytes.shift();
    if (next !== undefined) {
      const w = this.waiter;
      this.waiter = null;
      w(next);
    } else if (this.closed) {
      const w = this.waiter;
      this.waiter = null;
      w(null);
    }
  }

  /** Whether a reader is waiting for a byte. */
  waiting(): boolean {
    return this.waiter !== null;
  }

  read(timeoutMs: number): Promise<number | null> {
    const next = this.bytes.shift();
    if (next !== undefined) return Promise.resolve(next);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(null);
      }, timeoutMs);
      this.waiter = (b) => {
        clearTimeout(timer);
        resolve(b);
      };
    });
  }
}

/** ESC/POS over TCP (port 9100 by default). */
class TcpPrinterTransport implements PrinterTransport {
  constructor(
    private readonly target: { name: string; host: string; port?: number },
    private readonly timeouts: TransportTimeouts = DEFAULT_TIMEOUTS,
  ) {}

  connect(): Promise<PrinterConnection> {
    const { name, host } = this.target;
    const port = this.target.port ?? PRINTING.defaultPort;
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      const replies = new ReplyQueue();
      const unreachable = () => {
        socket.destroy();
        reject(new PrinterFailure('unreachable', MESSAGES.printerUnreachable(name)));
      };
      socket.setNoDelay(true);
      socket.setTimeout(this.timeouts.statusTimeoutMs, unreachable);
      socket.once('error', unreachable);
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.off('error', unreachable);
        socket.on('error', () => socket.destroy());
        socket.on('data', (chunk: Buffer) => replies.push(chunk));
        socket.on('close', () => replies.end());
        const channel: ByteChannel = {
          // The callback comes once the bytes are in the kernel's buffer; a printer that stopped
          // reading never lets that happen, so the write gives up (and drops the link) in time.
          write: (bytes) =>
            withinTime(
              this.timeouts.writeTimeoutMs,
              () => socket.destroy(),
              () =>
                new Promise<void>((ok, fail) => {
                  if (socket.destroyed) return fail(new Error('connection closed'));
                  const closed = () => fail(new Error('connection closed'));
                  socket.once('close', closed);
                  socket.write(bytes, (error) => {
                    socket.off('close', closed);
                    if (error) fail(error);
                    else ok();
                  });
                }),
            ),
          readByte: (timeoutMs) => replies.read(timeoutMs),
          close: () => socket.destroy(),
        };
        resolve(new EscPosConnection(channel, this.timeouts));
      });
    });
  }
}

/** How long a non-blocking USB read or write waits before asking the device node again. */
const USB_POLL_MS = 20;

function isWouldBlock(error: NodeJS.ErrnoException | null): boolean {
  return error?.code === 'EAGAIN' || error?.code === 'EWOULDBLOCK';
}

/**
 * ESC/POS to a USB printer through its device node (Linux usblp: /dev/usb/lp0), which is
 * bidirectional: the printer's status answers are read back from the same node. The node is
 * opened non-blocking (usblp honours O_NONBLOCK: a read with nothing to say, or a write the
 * printer cannot take yet, answers EAGAIN at once), so no read or write ever waits inside
 * libuv's thread pool, where a printer that never answers would hold a thread (and after four,
 * stall sign-in and file I/O); the waiting happens here, on timers, within the same limits as TCP.
 */
class UsbPrinterTransport implements PrinterTransport {
  constructor(
    private readonly target: { name: string; devicePath: string },
    private readonly timeouts: TransportTimeouts = DEFAULT_TIMEOUTS,
  ) {}

  connect(): Promise<PrinterConnection> {
    const { name, devicePath } = this.target;
    const flags = fs.constants.O_RDWR | fs.constants.O_NOCTTY | fs.constants.O_NONBLOCK;
    return new Promise((resolve, reject) => {
      fs.open(devicePath, flags, (error, fd) => {
        if (error) return reject(new PrinterFailure('unreachable', MESSAGES.printerUnreachable(name)));
        let closed = false;
        const replies = new ReplyQueue();
        let reading = false;
        const pump = () => {
          if (reading || closed) return;
          reading = true;
          const buf = Buffer.alloc(64);
          fs.read(fd, buf, 0, buf.length, null, (readError, n) => {
            reading = false;
            if (closed) return;
            if (readError && !isWouldBlock(readError)) return replies.end();
            if (!readError && n > 0) replies.push(buf.subarray(0, n));
            // Nothing to read yet (EAGAIN, or usblp's 0 bytes): ask again shortly while someone waits.
            if (replies.waiting()) setTimeout(pump, !readError && n > 0 ? 0 : USB_POLL_MS);
          });
        };
        const writeAll = async (bytes: Buffer, deadline: number): Promise<void> => {
          let offset = 0;
          while (offset < bytes.length) {
            if (closed) throw new Error('device closed');
            if (Date.now() > deadline) throw new Error(`no progress within ${this.timeouts.writeTimeoutMs} ms`);
            const written = await new Promise<number>((ok, fail) => {
              fs.write(fd, bytes, offset, bytes.length - offset, null, (writeError, n) => {
                if (isWouldBlock(writeError)) ok(0);
                else if (writeError) fail(writeError);
                else ok(n);
              });
            });
            offset += written;
            if (written === 0) await new Promise((r) => setTimeout(r, USB_POLL_MS));
          }
        };
        const channel: ByteChannel = {
          write: (bytes) => writeAll(bytes, Date.now() + this.timeouts.writeTimeoutMs),
          readByte: (timeoutMs) => {
            const answer = replies.read(timeoutMs);
            pump();
            return answer;
          },
          close: () => {
            if (closed) return;
            closed = true;
            replies.end();
            fs.close(fd, () => {});
          },
        };
        resolve(new EscPosConnection(channel, this.timeouts));
      });
    });
  }
}

/** The transport a Printer row describes. For USB printers `host` holds the device path. */
export function transportForPrinter(
  printer: Printer,
  timeouts: TransportTimeouts = DEFAULT_TIMEOUTS,
): PrinterTransport {
  switch (printer.connection) {
    case 'tcp':
      if (!printer.host) throw new Error(`Printer ${printer.name} has no host`);
      return new TcpPrinterTransport(
        { name: printer.name, host: printer.host, port: printer.port ?? PRINTING.defaultPort },
        timeouts,
      );
    case 'usb':
      return new UsbPrinterTransport({ name: printer.name, devicePath: printer.host ?? '/dev/usb/lp0' }, timeouts);
    default: {
      const never: never = printer.connection;
      throw new Error(`Unknown printer connection ${String(never)}`);
    }
  }
}
