// What each live message does to the cache: an event invalidates the reads its call modules say
// it makes stale (spec 1 section 7: "each makes the matching lists reload"); a table change also
// patches the table in place first, so the floor updates before the refetch lands. The terminal's
// own printer messages do the same for the printer and print-job lists.
import {
  type Call,
  getTerminalStatus,
  listPrinters,
  listPrintJobs,
  listTables,
  type Printer,
  type PrintJob,
  staleKeysFor,
  type Table,
  type TerminalLocalMessageType,
} from '@tablewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from './live-client.js';

/**
 * The reads each terminal-local message makes stale: staleOn for messages that are not cloud
 * events (a call module's staleOn names only those). The compiler asks for a new message's row.
 */
const STALE_ON_TERMINAL_MESSAGE: { readonly [T in TerminalLocalMessageType]: readonly Call[] } = {
  'printer.status': [listPrinters],
  'print.job.updated': [listPrintJobs],
};

function invalidate(client: QueryClient, type: TerminalLocalMessageType): void {
  for (const call of STALE_ON_TERMINAL_MESSAGE[type]) void client.invalidateQueries({ queryKey: call.key() });
}

export function applyLiveMessage(client: QueryClient, live: LiveMessage): void {
  if (live.kind === 'event') {
    const changed = live.table;
    if (changed) {
      client.setQueriesData<Table[]>({ queryKey: listTables.key() }, (tables) =>
        tables?.map((t) => (t.id === changed.id ? changed : t)),
      );
    }
    for (const queryKey of staleKeysFor(live.type)) void client.invalidateQueries({ queryKey });
    return;
  }
  const { message } = live;
  switch (message.type) {
    case 'terminal.status': {
      const { type: _type, ...status } = message;
      client.setQueryData(getTerminalStatus.key(), status);
      return;
    }
    case 'printer.status': {
      const { printerId, status } = message;
      client.setQueriesData<Printer[]>({ queryKey: listPrinters.key() }, (printers) =>
        printers?.map((p) => (p.id === printerId ? { ...p, status } : p)),
      );
      invalidate(client, message.type);
      return;
    }
    case 'print.job.updated': {
      const { job } = message;
      client.setQueriesData<PrintJob[]>(
        { queryKey: listPrintJobs.key() },
        (jobs) =>
          jobs && (jobs.some((j) => j.id === job.id) ? jobs.map((j) => (j.id === job.id ? job : j)) : [job, ...jobs]),
      );
      invalidate(client, message.type);
      return;
    }
    case 'hello':
    case 'pong':
      return;
    case 'error':
      console.warn('Live channel error:', message.message);
      return;
    default: {
      const never: never = message;
      throw new Error(`Unhandled live message ${JSON.stringify(never)}`);
    }
  }
}
