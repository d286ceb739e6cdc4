// The terminal core's composition root: the replica, the sync client, the outbox pusher, the
// print queue, the kitchen's clock and the local server, wired together. What each does lives in
// its own module (commands/, printing/, kitchen/, sync/, server/). Plain Node: the Electron shell
// and `npm run terminal` both call startTerminalCore.
import { join } from 'node:path';
import { DEFAULT_TIMEZONE, PRINTING, type TerminalStatusAnswer } from '@tablewise/shared';
import type { BackoffPolicy } from './backoff.js';
import { Bus } from './bus.js';
import { localWrites } from './commands/local-writes.js';
import { onRefused } from './commands/refused.js';
import { localKitchen } from './kitchen/local-kitchen.js';
import { createPrintQueue, type PrintQueue } from './print-queue.js';
import { localPrinting, printRequestedReceipt } from './printing/local-printing.js';
import { PRINT_JOB_ENTITY } from './printing/report.js';
import { type LocalServer, startLocalServer } from './server/app.js';
import { openReplica, type Replica } from './sqlite/replica.js';
import { getMeta } from './sqlite/repositories/meta.js';
import { listPrinters } from './sqlite/repositories/printers.js';
import { getVenue } from './sqlite/repositories/venue.js';
import { terminalStatus } from './status.js';
import { CloudApi } from './sync/cloud-api.js';
import { OutboxPusher } from './sync/pusher.js';
import { SyncClient } from './sync/sync-client.js';

export const DEFAULT_TERMINAL_PORT = 8181;
const REPLICA_FILE = 'replica.sqlite';

export interface TerminalCoreOptions {
  cloudUrl: string;
  credential: string;
  dataDir: string;
  port?: number;
  staticDir?: string;
  /** Drive this terminal's printers (default true). */
  printing?: boolean;
  now?: () => Date;
  /** Retry schedule of the sync client and the outbox pusher (tests shorten it). */
  backoff?: BackoffPolicy;
  /** The outbox pusher's own retry schedule, when it differs from `backoff`. */
  pushBackoff?: BackoffPolicy;
  /** How often held items are checked for firing, in ms (default 1000). */
  firingIntervalMs?: number;
  /** How often a faulty printer with waiting jobs is asked its status, in ms (default PRINTING.statusPollMs). */
  printerStatusPollMs?: number;
  /** How often an idle printer is asked its status, in ms (default PRINTING.idleCheckMs). */
  printerIdleCheckMs?: number;
  /** How long a print job's report may wait in the outbox for the next, in ms (default PRINTING.reportWaitMs). */
  reportWaitMs?: number;
  /** How often the local live channel re-checks each socket's sign-in (default LIVE_LIMITS.revalidateMs). */
  liveRevalidateMs?: number;
}

export interface TerminalCore {
  url: string;
  port: number;
  replica: Replica;
  sync: SyncClient;
  pusher: OutboxPusher;
  bus: Bus;
  printQueue: PrintQueue | null;
  status(): TerminalStatusAnswer;
  /** Runs one firing and ticketing pass now (the timer does it every second). */
  tick(): void;
  close(): Promise<void>;
}

export async function startTerminalCore(opts: TerminalCoreOptions): Promise<TerminalCore> {
  const now = opts.now ?? (() => new Date());
  const replica = openReplica(join(opts.dataDir, REPLICA_FILE));
  const { read, write } = replica;
  const bus = new Bus();
  const api = new CloudApi(opts.cloudUrl, opts.credential);
  // Whichever notices first that the cloud is back wakes the other: the pull and the push start at
  // once, not at the end of their own back-off.
  const sync: SyncClient = new SyncClient({
    db: write,
    api,
    bus,
    now,
    backoff: opts.backoff,
    onReachable: () => pusher.kick(),
  });
  const pusher: OutboxPusher = new OutboxPusher({
    db: write,
    api,
    bus,
    now,
    backoff: opts.pushBackoff ?? opts.backoff,
    mayWaitMs: (entry) => (entry.entityType === PRINT_JOB_ENTITY ? (opts.reportWaitMs ?? PRINTING.reportWaitMs) : 0),
    mayWaitCount: PRINTING.reportBatch,
    onReachable: () => sync.reconnectNow(),
    onRejected: (entry) => onRefused({ read, write, api, bus, now }, entry),
  });
  let printQueue: PrintQueue | null = null;
  const queue = () => printQueue;
  /** When the terminal last came online (its clock), null while offline. */
  let onlineSince: string | null = null;
  const status = (): TerminalStatusAnswer => terminalStatus(read, sync, opts.cloudUrl, onlineSince);
  const kitchen = localKitchen({ read, write, bus, now, printQueue: queue });

  // Jobs and printer states go to the cloud through the outbox (printing/report.ts): send them now.
  bus.on('printJob', () => pusher.kick());
  bus.on('printerStatus', () => pusher.kick());
  bus.on('live', (event) => {
    if (event.type === 'printer.updated' && event.printer.terminalId === getMeta(read).terminalId) {
      printQueue?.relearnPrinter(event.printer.id);
    }
    if (event.type === 'receipt.print_requested') printRequestedReceipt(read, printQueue, event);
  });

  let wasOnline = false;
  bus.on('status', () => {
    const online = sync.isOnline();
    if (online && !wasOnline) {
      onlineSince = now().toISOString();
      pusher.kick();
    }
    if (!online) onlineSince = null;
    wasOnline = online;
  });

  let server: LocalServer;
  try {
    if (opts.printing !== false) {
      printQueue = createPrintQueue({
        db: write,
        bus,
        now,
        printers: () => {
          const terminalId = getMeta(read).terminalId;
          return terminalId ? listPrinters(read).filter((p) => p.terminalId === terminalId) : [];
        },
        timezone: () => getVenue(read)?.timezone ?? DEFAULT_TIMEZONE,
        statusPollMs: opts.printerStatusPollMs,
        idleCheckMs: opts.printerIdleCheckMs,
      });
    }
    server = await startLocalServer(
      {
        read,
        write,
        api,
        bus,
        now,
        status,
        staticDir: opts.staticDir,
        ...localWrites({ read, write, bus, now, pusher, printQueue: queue }),
        ...localPrinting(read, queue),
      },
      opts.port ?? DEFAULT_TERMINAL_PORT,
      opts.liveRevalidateMs,
    );
  } catch (error) {
    await printQueue?.stop();
    replica.close();
    throw error;
  }

  printQueue?.start();
  sync.start();
  pusher.start();
  const firing = setInterval(kitchen.tick, opts.firingIntervalMs ?? 1000);
  let closed: Promise<void> | null = null;

  return {
    url: server.url,
    port: server.port,
    replica,
    sync,
    pusher,
    bus,
    printQueue,
    status,
    tick: kitchen.tick,
    close() {
      closed ??= (async () => {
        clearInterval(firing);
        await server.close();
        await pusher.stop();
        await sync.stop();
        await printQueue?.stop();
        replica.close();
      })();
      return closed;
    },
  };
}
