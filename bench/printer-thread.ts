// A printer for a benchmark: the ESC/POS emulator on a thread of its own, as a real printer is a
// device of its own. On the benchmark's main thread, beside the cloud, the moment a ticket's bytes
// were read would wait for whatever the cloud was doing then. Each ticket's arrival is noted on the
// emulator's thread, on the clock every thread shares (wallNow).
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { startPrinterEmulator } from '../scripts/printer-emulator/emulator.js';
import { benchThread, wallNow } from './thread.js';

type FromPrinter = { type: 'listening'; host: string; port: number } | { type: 'ticket'; at: number };

if (!isMainThread && workerData?.benchPrinter) {
  const { name } = workerData.benchPrinter as { name: string };
  const emulator = await startPrinterEmulator({
    name,
    port: 0,
    onTicket: () => parentPort?.postMessage({ type: 'ticket', at: wallNow() } satisfies FromPrinter),
  });
  parentPort?.postMessage({ type: 'listening', host: emulator.host, port: emulator.port } satisfies FromPrinter);
  parentPort?.on('message', (message: { type: 'close' }) => {
    if (message.type === 'close') void emulator.close().then(() => process.exit(0));
  });
}

export class PrinterThread {
  /** When each ticket so far reached paper (wallNow), in order. */
  readonly arrivals: number[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly worker: Worker,
    readonly host: string,
    readonly port: number,
  ) {
    worker.on('message', (message: FromPrinter) => {
      if (message.type !== 'ticket') return;
      this.arrivals.push(message.at);
      for (const waiter of [...this.waiters]) waiter();
    });
  }

  static async start(name: string): Promise<PrinterThread> {
    const worker = benchThread(import.meta.url, { benchPrinter: { name } });
    const listening = await new Promise<Extract<FromPrinter, { type: 'listening' }>>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: FromPrinter) => {
        worker.off('error', reject);
        if (message.type === 'listening') resolve(message);
        else reject(new Error(`The printer thread said ${message.type} before it listened`));
      });
    });
    return new PrinterThread(worker, listening.host, listening.port);
  }

  /** Resolves with the arrival time of ticket number `count` (1-based) once it has come. */
  nth(count: number, timeoutMs: number): Promise<number> {
    const have = () => this.arrivals[count - 1];
    const now = have();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`Ticket ${count} did not reach the printer within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const at = have();
        if (at === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(at);
      };
      this.waiters.add(check);
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage({ type: 'close' });
    const killer = setTimeout(() => void this.worker.terminate(), 5000);
    await exited;
    clearTimeout(killer);
  }
}
