// How the terminal talks to a printer. A socket write is not a print: before a job the driver asks
// the printer's status (DLE EOT 1-4), and after it sends GS r 1, which the printer answers only
// once it has processed everything before it; that answer is the proof of printing.
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
  statusTimeoutMs: number;
  confirmTimeoutMs: number;
}

const DEFAULT_TIMEOUTS: TransportTimeouts = {
  statusTimeoutMs: PRINTING.statusTimeoutMs,
  confirmTimeoutMs: PRINTING.confirmTimeoutMs,
};

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

  private async ask(command: number[], timeoutMs: number, valid: (b: number) => boolean): Promise<number> {
    await this.channel.write(Buffer.from(command)).catch(() => {
      throw new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer);
    });
    const answer = await this.channel.readByte(timeoutMs);
    if (answer === null || !valid(answer)) throw new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer);
    return answer;
  }

  async queryStatus(): Promise<PrinterStatusReport> {
    const answers: number[] = [];
    for (const n of [1, 2, 3, 4])
      answers.push(await this.ask([0x10, 0x04, n], this.timeouts.statusTimeoutMs, isStatusByte));
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
    const answer = await this.ask([0x1d, 0x72, 0x01], this.timeouts.confirmTimeoutMs, (b) => (b & 0x90) === 0);
    return { paperOut: (answer & 0x0c) !== 0 };
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
          write: (bytes) =>
            new Promise<void>((ok, fail) => {
              if (socket.destroyed) return fail(new Error('connection closed'));
              socket.write(bytes, (error) => (error ? fail(error) : ok()));
            }),
          readByte: (timeoutMs) => replies.read(timeoutMs),
          close: () => socket.destroy(),
        };
        resolve(new EscPosConnection(channel, this.timeouts));
      });
    });
  }
}

/**
 * ESC/POS to a USB printer through its device node (Linux usblp: /dev/usb/lp0), which is
 * bidirectional: the printer's status answers are read back from the same node. Built and tested
 * as far as possible without hardware (a missing or unwritable node is "unreachable"); reads on
 * a real usblp node block in libuv's thread pool until the printer answers, so a printer that
 * never answers ties up one pool thread until the node is closed.
 */
class UsbPrinterTransport implements PrinterTransport {
  constructor(
    private readonly target: { name: string; devicePath: string },
    private readonly timeouts: TransportTimeouts = DEFAULT_TIMEOUTS,
  ) {}

  connect(): Promise<PrinterConnection> {
    const { name, devicePath } = this.target;
    return new Promise((resolve, reject) => {
      fs.open(devicePath, fs.constants.O_RDWR | fs.constants.O_NOCTTY, (error, fd) => {
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
            if (readError || closed) return replies.end();
            if (n > 0) replies.push(buf.subarray(0, n));
            // usblp answers 0 bytes when the printer has nothing to say yet; ask again shortly.
            setTimeout(pump, n > 0 ? 0 : 20);
          });
        };
        const channel: ByteChannel = {
          write: (bytes) =>
            new Promise<void>((ok, fail) => {
              fs.write(fd, bytes, (writeError) => (writeError ? fail(writeError) : ok()));
            }),
          readByte: (timeoutMs) => {
            pump();
            return replies.read(timeoutMs);
          },
          close: () => {
            if (closed) return;
            closed = true;
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
