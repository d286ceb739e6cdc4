import { expect, it } from 'vitest';
import { type Attempted, isStuck } from './stuck.js';

const ONLINE_AT = '2026-11-23T12:00:00.000Z';
const after = '2026-11-23T12:00:05.000Z';
const before = '2026-11-23T11:59:55.000Z';

// Five tries make a change stuck.
it.each<[string, Attempted, string | null, boolean]>([
  ['failing again while online', { attempts: 5, lastError: '500: boom', updatedAt: after }, ONLINE_AT, true],
  ['failing many times', { attempts: 40, lastError: '503: down', updatedAt: after }, ONLINE_AT, true],
  ['not tried enough yet', { attempts: 4, lastError: '500: boom', updatedAt: after }, ONLINE_AT, false],
  ['offline: the offline banner says it', { attempts: 9, lastError: 'unreachable', updatedAt: after }, null, false],
  [
    'tries from the outage, not retried since the cloud came back',
    { attempts: 9, lastError: 'unreachable', updatedAt: before },
    ONLINE_AT,
    false,
  ],
  ['never failed', { attempts: 0, lastError: null, updatedAt: after }, ONLINE_AT, false],
])('%s', (_case, entry, onlineSince, stuck) => {
  expect(isStuck(entry, onlineSince)).toBe(stuck);
});
