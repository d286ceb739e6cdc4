// The live fan-out process (see fanout-process.ts): a LiveHub on its own PostgreSQL connections,
// fed the sockets the parent's gate admits. It ends when told to stop or when its parent is gone.
import type { Socket } from 'node:net';
import { closeDb, connectDb } from '../db/connect.js';
import { createNotifier, type Notifier } from '../db/notify.js';
import type { FromFanout, ToFanout } from './fanout-process.js';
import { LiveHub } from './hub.js';

let hub: LiveHub | undefined;
let stopping: Promise<void> | undefined;

function tell(message: FromFanout): void {
  if (process.connected) process.send?.(message);
}

async function start(databaseUrl: string, options: Extract<ToFanout, { type: 'start' }>['hub']): Promise<void> {
  const db = await connectDb({ databaseUrl });
  const log = (line: string) => tell({ type: 'log', line });
  const live = new LiveHub({ db, log }, { ...options, gone: (id) => tell({ type: 'gone', id }) });
  const notifier: Notifier = await createNotifier(db, { databaseUrl, onReconnect: () => live.refreshAll() });
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
      start(message.databaseUrl, message.hub).catch((error) => {
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
