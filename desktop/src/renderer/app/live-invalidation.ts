// What each live message does to the cache: it invalidates the reads it makes stale (spec 1
// section 7: "each makes the matching lists reload"); a table state change also patches the table
// in place first so the floor updates before the refetch lands.

import { type LiveEvent, type Table, TerminalStatusAnswer } from '@tablewise/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveMessage } from './live-client.js';

export const TABLES_KEY = ['api', 'tables'] as const;
export const TERMINAL_STATUS_KEY = ['api', 'terminal', 'status'] as const;

const ORDER_KEYS: QueryKey[] = [
  ['api', 'order-items'],
  ['api', 'orders'],
  ['api', 'runner'],
];

/** The read keys an event of `type` makes stale, by the event's family (the part before the first dot). */
export function keysForEventType(type: string): QueryKey[] {
  const family = type.split('.')[0] ?? '';
  switch (family) {
    case 'order':
      return ORDER_KEYS;
    case 'table':
      return [[...TABLES_KEY]];
    case 'payment':
      return [
        ['api', 'payments'],
        ['api', 'orders'],
      ];
    case 'reservation':
      return [['api', 'reservations']];
    case 'waitlist':
      return [['api', 'waitlist']];
    case 'task':
      return [['api', 'tasks']];
    case 'runner':
      return [
        ['api', 'runners'],
        ['api', 'runner'],
      ];
    case 'print':
      return [
        ['api', 'print-jobs'],
        ['api', 'printers'],
      ];
    case 'guest':
      return [[...TABLES_KEY], ['api', 'waitlist']];
    default:
      return [];
  }
}

function isLiveEvent(message: LiveMessage): message is LiveEvent {
  return !('unknown' in message) && 'seq' in message;
}

export function applyLiveMessage(client: QueryClient, message: LiveMessage): void {
  if ('unknown' in message || isLiveEvent(message)) {
    if (message.type === 'table.state.changed' && 'tableId' in message) {
      const { tableId, state, table } = message;
      client.setQueryData<Table[]>(TABLES_KEY, (tables) =>
        tables?.map((t) => (t.id === tableId ? { ...table, state } : t)),
      );
    }
    for (const queryKey of keysForEventType(message.type)) void client.invalidateQueries({ queryKey });
    return;
  }
  switch (message.type) {
    case 'terminal.status': {
      const { type: _type, ...status } = message;
      client.setQueryData(TERMINAL_STATUS_KEY, TerminalStatusAnswer.parse(status));
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
