// The transport's time limits, against real links: a TCP printer that stops reading, and a USB
// device node that never answers (a pseudo-terminal stands in for /dev/usb/lp0: like usblp it
// blocks a plain read until the other side speaks, and answers EAGAIN to a non-blocking one).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type Printer } from '@tablewise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PrinterFailure, transportForPrinter } from './transport.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function printer(extra: Partial<Printer>): Printer {
  return {
    id: randomUUID(),
    venueId: randomUUID(),
    name: 'Grill',
    location: null,
    type: 'thermal',
    station: 'grill',
    connection: 'tcp',
    host: '127.0.0.1',
    port: 9100,
    terminalId: null,
    status: 'ONLINE',
    backupPrinterId: null,
    ...extra,
  };
}

/** Accepts connections and never reads from them (nor answers). */
async function listenerThatNeverReads(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as net.AddressInfo).port;
}

async function elapsedMs(work: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  let error: unknown = null;
  try {
    await work();
  } catch (e) {
    error = e;
  }
  return { ms: performance.now() - started, error };
}

describe('TCP transport', () => {
  it('gives up a write to a printer that stopped reading within the write time limit', async () => {
    const port = await listenerThatNeverReads();
    const connection = await transportForPrinter(printer({ port }), {
      statusTimeoutMs: 200,
      confirmTimeoutMs: 200,
      writeTimeoutMs: 300,
    }).connect();
    // Far more than the kernel's buffers on both ends hold: the write can only finish if read.
    const { ms, error } = await elapsedMs(() => connection.write(Buffer.alloc(64 * 1024 * 1024, 0x41)));
    connection.close();
    expect(error).toBeInstanceOf(PrinterFailure);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(3000);
  });

  it('gives up a status query nobody answers within the status time limit', async () => {
    const port = await listenerThatNeverReads();
    const connection = await transportForPrinter(printer({ port }), {
      statusTimeoutMs: 200,
      confirmTimeoutMs: 200,
      writeTimeoutMs: 200,
    }).connect();
    const { ms, error } = await elapsedMs(() => connection.queryStatus());
    connection.close();
    expect(error).toEqual(new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer));
    expect(ms).toBeLessThan(2000);
  });
});

const hasPython = spawnSync('python3', ['-c', 'import pty, tty'], { stdio: 'ignore' }).status === 0;

/** A pseudo-terminal held open by a helper process that never writes: a USB printer that never answers. */
async function silentDeviceNode(): Promise<string> {
  const helper: ChildProcess = spawn(
    'python3',
    [
      '-c',
      'import os, pty, sys, time, tty\nm, s = pty.openpty()\ntty.setraw(s)\nprint(os.ttyname(s), flush=True)\ntime.sleep(600)',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => {
    helper.kill();
  });
  return new Promise((resolve, reject) => {
    helper.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    helper.once('error', reject);
  });
}

describe.skipIf(!hasPython)('USB transport', () => {
  it('never holds a libuv pool thread while a printer does not answer', async () => {
    const devicePath = await silentDeviceNode();
    const usb = printer({ connection: 'usb', host: devicePath, port: null, name: 'Bar USB' });
    const transport = transportForPrinter(usb, { statusTimeoutMs: 1500, confirmTimeoutMs: 1500, writeTimeoutMs: 1500 });
    // More waiting status queries than libuv has pool threads (4 by default).
    const connections = await Promise.all(Array.from({ length: 8 }, () => transport.connect()));
    const queries = connections.map((c) =>
      c.queryStatus().then(
        () => null,
        (e: unknown) => e,
      ),
    );
    // Meanwhile file I/O (which runs on the pool) must go on as usual.
    const file = path.join(os.tmpdir(), `pool-${randomUUID()}`);
    fs.writeFileSync(file, 'ok');
    cleanups.push(() => fs.rmSync(file, { force: true }));
    await new Promise((r) => setTimeout(r, 100));
    const { ms, error } = await elapsedMs(() => fs.promises.readFile(file, 'utf8'));
    expect(error).toBeNull();
    expect(ms).toBeLessThan(500);
    for (const e of await Promise.all(queries))
      expect(e).toEqual(new PrinterFailure('noAnswer', MESSAGES.printerNoAnswer));
    const closed = await elapsedMs(async () => {
      for (const c of connections) c.close();
      await fs.promises.readFile(file, 'utf8');
    });
    expect(closed.ms).toBeLessThan(500);
  });
});
