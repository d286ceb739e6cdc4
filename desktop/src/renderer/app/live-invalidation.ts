// What each live message does to the cache: an event invalidates the reads its call modules say
// it makes stale (spec 1 section 7: "each makes the matching lists reload"); a table change also
// patches the table in place first, so the floor updates before the refetch lands.
import { getTerminalStatus, listTables, staleKeysFor, type Table } from '@tablewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from './live-client.js';

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
