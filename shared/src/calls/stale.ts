// The live path from an event to the cached answers it makes stale, built from the call modules'
// staleOn lists: a new read declares its events in its module and every screen follows.
import type { Call, CallSpec } from './define.js';
import { ALL_CALLS } from './index.js';

export type QueryKeyPrefix = readonly unknown[];

function staleKeysFrom(calls: readonly Call<CallSpec>[]): (eventType: string) => readonly QueryKeyPrefix[] {
  const byEvent = new Map<string, QueryKeyPrefix[]>();
  for (const call of calls) {
    if (call.method !== 'GET') continue;
    for (const type of call.staleOn ?? []) {
      const keys = byEvent.get(type) ?? [];
      keys.push(call.key());
      byEvent.set(type, keys);
    }
  }
  return (eventType) => byEvent.get(eventType) ?? [];
}

/** The query keys (prefixes) an event of `eventType` makes stale; none for a type not known. */
export const staleKeysFor = staleKeysFrom(ALL_CALLS);
