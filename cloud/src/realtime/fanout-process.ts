// The live fan-out on a process of its own (issue 8, P2/P4): writing every event to thousands of
// sockets is most of what a busy instance's one thread does, and while it writes, orders wait.
// The API's process keeps the gate (authentication, revocation, the periodic re-check) and hands
// each admitted socket, with what the gate found out, to a child process (child_process.fork with
// the socket as the message's handle; a worker thread cannot take over a socket). The child runs
// the hub: it listens for the feed's notifications on its own PostgreSQL connection, reads the
// events table when it must, and sends each event's one frame per audience to its sockets.
// If the child dies, its sockets close with it: the gate forgets them, the parent forks a new
// child, and clients reconnect and resume from their `after` cursor, gap-free as on any reconnect.
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LogLevel } from '@tablewise/shared/logging';
import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type { Logger } from '../log/logger.js';
import type { Admission, HubOptions, UpgradeRequest } from './hub.js';
import type { LiveSink } from './live-gate.js';

/** What the parent tells the child. */
export type ToFanout =
  | { type: 'start'; databaseUrl: string; hub: FanoutHubOptions; logLevel: LogLevel }
  | { type: 'socket'; id: string; req: UpgradeRequest; head: string; admission: Admission }
  | { type: 'close'; ids: readonly string[]; code: number; reason: string }
  /** Asks for the child's metrics (answered with a 'metrics' message of the same id). */
  | { type: 'metrics'; id: number }
  | { type: 'stop' };

/** What the child tells the parent. */
export type FromFanout =
  | { type: 'ready' }
  | { type: 'gone'; id: string }
  /** One JSON line of the child's logger, written out by the parent's (one stream, one level). */
  | { type: 'log'; line: string }
  | { type: 'metrics'; id: number; metrics: ChildMetrics };

type FanoutHubOptions = Pick<HubOptions, 'safetyPollMs' | 'heartbeatMs' | 'maxBufferedBytes'>;

export interface FanoutProcessOptions {
  databaseUrl: string;
  hub: FanoutHubOptions;
  log: Logger;
  /** The child no longer holds the socket (closed, or the child ended). */
  gone: (id: string) => void;
  /** Wait before forking again after the child ended (doubling, up to 5 s, while it keeps failing). */
  restartDelayMs?: number;
}

const LEVEL_NAMES: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** A line the child logged, written by the parent's logger with the child's fields and its pid. */
function relayLine(log: Logger, line: string, pid: number | undefined): void {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    log.warn({ fanoutPid: pid }, 'unreadable log line from the live fan-out process');
    return;
  }
  const { level, time: _time, pid: _pid, service: _service, msg, ...fields } = parsed;
  const name = LEVEL_NAMES[level as number] ?? 'info';
  log[name]({ ...fields, proc: 'fanout', fanoutPid: pid }, typeof msg === 'string' ? msg : '');
}

type ChildMetrics = MetricObjectWithValues<MetricValue<string>>[];

/** How long a scrape waits for a fan-out process's metrics before leaving them out. */
const METRICS_WAIT_MS = 1000;

/** How long a stopping child gets to close its sockets before it is killed. */
const STOP_GRACE_MS = 5000;

/** The child's entry beside this file; under tsx (a .ts source) the child loads tsx too. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `fanout-child${ext}`);
  if (ext !== '.ts') return { file, execArgv: [] };
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return { file, execArgv: ['--import', pathToFileURL(tsx).href] };
}

class FanoutProcess implements LiveSink {
  private child: ChildProcess | undefined;
  /** The sockets handed to this slot's child and not yet gone. */
  private readonly held = new Set<string>();
  /** The child that takes sockets, once it is listening. */
  private ready: Promise<ChildProcess>;
  private closing = false;
  private failures = 0;
  /** Metrics asked of the child and not yet answered, by request number. */
  private readonly asked = new Map<number, (metrics: ChildMetrics | null) => void>();
  private nextAsk = 0;

  private constructor(private readonly opts: FanoutProcessOptions) {
    this.ready = this.spawn();
  }

  /** Forks the fan-out process and answers once it listens for the feed. */
  static async start(opts: FanoutProcessOptions): Promise<FanoutProcess> {
    const fanout = new FanoutProcess(opts);
    try {
      await fanout.ready;
    } catch (error) {
      // No restart for a child that never started: the instance fails to start instead.
      await fanout.close();
      throw error;
    }
    return fanout;
  }

  /** How many sockets the child holds. */
  get size(): number {
    return this.held.size;
  }

  holds(id: string): boolean {
    return this.held.has(id);
  }

  private release(id: string): void {
    if (this.held.delete(id)) this.opts.gone(id);
  }

  /** The child's process id, while one runs (tests end it to check the restart). */
  pid(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined;
  }

  private spawn(): Promise<ChildProcess> {
    const { file, execArgv } = childEntry();
    const child = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    return new Promise((resolve, reject) => {
      child.on('message', (message: FromFanout) => {
        switch (message.type) {
          case 'ready':
            this.failures = 0;
            resolve(child);
            return;
          case 'gone':
            this.release(message.id);
            return;
          case 'log':
            relayLine(this.opts.log, message.line, child.pid);
            return;
          case 'metrics':
            this.asked.get(message.id)?.(message.metrics);
            this.asked.delete(message.id);
            return;
          default: {
            const never: never = message;
            throw new Error(`Unknown fan-out message ${String(never)}`);
          }
        }
      });
      child.once('exit', (code, signal) => {
        for (const id of [...this.held]) this.release(id);
        reject(new Error(`The live fan-out process ended before it was ready (${signal ?? code})`));
        if (this.closing) return;
        this.opts.log.warn(
          { fanoutPid: child.pid, exit: signal ?? code },
          'live fan-out process ended; starting another',
        );
        this.failures += 1;
        const delay = Math.min(5000, (this.opts.restartDelayMs ?? 50) * 2 ** (this.failures - 1));
        const next = new Promise<void>((r) => setTimeout(r, delay).unref()).then(() =>
          this.closing ? Promise.reject(new Error('The live fan-out is closed')) : this.spawn(),
        );
        // Upgrades arriving meanwhile wait for the next child.
        this.ready = next;
        next.catch(() => {});
      });
      const start: ToFanout = {
        type: 'start',
        databaseUrl: this.opts.databaseUrl,
        hub: this.opts.hub,
        logLevel: this.opts.log.level as LogLevel,
      };
      child.send(start);
    });
  }

  accept(id: string, req: UpgradeRequest, socket: Duplex, head: Buffer, admission: Admission): void {
    this.held.add(id);
    const handOver = (child: ChildProcess) => {
      if (socket.destroyed || this.closing || child.exitCode !== null || child.signalCode !== null) {
        socket.destroy();
        this.release(id);
        return;
      }
      const message: ToFanout = { type: 'socket', id, req, head: head.toString('base64'), admission };
      // Node counts a socket sent from a server's connection as the child's, and server.close()
      // then polls the children it went to, waiting forever once they have all ended and been
      // replaced. Detached from `server` the socket is sent as a plain one; destroying what is left
      // of it here (no handle once sent) releases the server's count of it.
      const tcp = socket as Socket & { server: unknown };
      tcp.server = null;
      child.send(message, tcp, (error) => {
        socket.destroy();
        // The child ended meanwhile: the client reconnects to its successor.
        if (error) this.release(id);
      });
    };
    this.ready.then(handOver, () => {
      socket.destroy();
      this.release(id);
    });
  }

  /** The child's metrics, or null when it does not answer within METRICS_WAIT_MS. */
  metrics(): Promise<ChildMetrics | null> {
    const child = this.child;
    if (!child?.connected) return Promise.resolve(null);
    const id = this.nextAsk++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.asked.delete(id);
        resolve(null);
      }, METRICS_WAIT_MS);
      this.asked.set(id, (metrics) => {
        clearTimeout(timer);
        resolve(metrics);
      });
      const ask: ToFanout = { type: 'metrics', id };
      child.send(ask);
    });
  }

  closeClients(ids: readonly string[], code: number, reason: string): void {
    const message: ToFanout = { type: 'close', ids, code, reason };
    if (this.child?.connected) this.child.send(message);
  }

  /** Stops the child: it closes its sockets (1001) and its connections, or is killed after a grace. */
  async close(): Promise<void> {
    this.closing = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop: ToFanout = { type: 'stop' };
    if (child.connected) child.send(stop);
    else child.kill();
    const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(grace);
  }
}

/**
 * One or more fan-out processes: each admitted socket goes to the one holding the fewest, so on a
 * machine with cores to spare the writes of one event to thousands of sockets run side by side.
 * Each child keeps its own feed of the venues its sockets follow, so every socket still gets its
 * venue's events in order, whichever child holds it.
 */
export class FanoutPool implements LiveSink {
  private constructor(private readonly slots: readonly FanoutProcess[]) {}

  static async start(count: number, opts: FanoutProcessOptions): Promise<FanoutPool> {
    if (!Number.isInteger(count) || count < 1) throw new Error(`Fan-out processes must be 1 or more, got ${count}`);
    const started = await Promise.allSettled(Array.from({ length: count }, () => FanoutProcess.start(opts)));
    const slots = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(slots.map((slot) => slot.close()));
      throw failed.reason;
    }
    return new FanoutPool(slots);
  }

  accept(id: string, req: UpgradeRequest, socket: Duplex, head: Buffer, admission: Admission): void {
    const slot = this.slots.reduce((least, next) => (next.size < least.size ? next : least));
    slot.accept(id, req, socket, head, admission);
  }

  closeClients(ids: readonly string[], code: number, reason: string): void {
    for (const slot of this.slots) {
      const mine = ids.filter((id) => slot.holds(id));
      if (mine.length > 0) slot.closeClients(mine, code, reason);
    }
  }

  /** Every running child's metrics, for the parent's /metrics to merge. */
  async metrics(): Promise<ChildMetrics[]> {
    const answers = await Promise.all(this.slots.map((slot) => slot.metrics()));
    return answers.filter((m): m is ChildMetrics => m !== null);
  }

  /** The running children's process ids. */
  pids(): number[] {
    return this.slots.flatMap((slot) => slot.pid() ?? []);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.close()));
  }
}
