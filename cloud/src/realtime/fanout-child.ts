// The live fan-out process (see fanout-process.ts): a LiveHub on its own PostgreSQL connections,
// fed the sockets the parent's gate admits. It ends when told to stop or when its parent is gone.
import type { Socket } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { closeDb, connectDb } from '../db/connect.js';
import { createNotifier, type Notifier } from '../db/notify.js';
import { createLogger } from '../log/logger.js';
import { createHubMetrics } from '../ops/metrics.js';
import type { FromFanout, ToFanout } from './fanout-process.js';
import { LiveHub } from './hub.js';

let hub: LiveHub | undefined;
/** What the parent's /metrics merges in: the hub's event lag and this process's memory and event loop. */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'tablewise_fanout_' });
const hubMetrics = createHubMetrics(registry);
let stopping: Promise<void> | undefined;

function tell(message: FromFanout): void {
  if (process.connected) process.send?.(message);
}

type Start = Extract<ToFanout, { type: 'start' }>;

async function start({ databaseUrl, hub: options, logLevel }: Start): Promise<void> {
  const db = await connectDb({ databaseUrl });
  // Lines go to the parent, which writes them with its own (one stream for the instance).
  const log = createLogger({
    level: logLevel,
    destination: { write: (line: string) => tell({ type: 'log', line }) },
  });
  const live = new LiveHub({ db, log, hubMetrics }, { ...options, gone: (id) => tell({ type: 'gone', id }) });
  const notifier: Notifier = await createNotifier(db, { databaseUrl, log, onReconnect: () => live.refreshAll() });
  await live.listen(notifier);
  hub = live;
  const stop = () => {
    stopping ??= (async () => {
      await live.close();
      await notifier.close();
      await closeDb(db);
    })();
    return stopping;
  };
  process.on('message', (message: ToFanout) => {
    if (message.type === 'stop') stop().finally(() => process.exit(0));
  });
  // The parent is gone: so are the gate and the restart, and this process with them.
  process.on('disconnect', () => {
    stop().finally(() => process.exit(0));
  });
  tell({ type: 'ready' });
}

process.on('message', (message: ToFanout, handle: Socket | undefined) => {
  switch (message.type) {
    case 'start':
      start(message).catch((error) => {
        // No logger yet to trust: stderr, which the parent's process shares.
        console.error('The live fan-out process could not start', error);
        process.exit(1);
      });
      return;
    case 'socket':
      if (!hub || !handle || stopping) {
        handle?.destroy();
        tell({ type: 'gone', id: message.id });
        return;
      }
      hub.accept(message.id, message.req, handle, Buffer.from(message.head, 'base64'), message.admission);
      return;
    case 'close':
      hub?.closeClients(message.ids, message.code, message.reason);
      return;
    case 'metrics':
      registry.getMetricsAsJSON().then(
        (metrics) => tell({ type: 'metrics', id: message.id, metrics }),
        () => tell({ type: 'metrics', id: message.id, metrics: [] }),
      );
      return;
    case 'stop':
      // Answered by the handler start() adds; before the start there is nothing to close.
      if (!hub) process.exit(0);
      return;
    default: {
      const never: never = message;
      throw new Error(`Unknown fan-out message ${String(never)}`);
    }
  }
});
