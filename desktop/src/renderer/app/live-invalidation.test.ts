import type { Table } from '@tablewise/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, keysForEventType, TABLES_KEY, TERMINAL_STATUS_KEY } from './live-invalidation.js';

const VENUE = '00000000-0000-4000-8000-0000000000aa';
const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';
const table = (id: string, state: Table['state']): Table => ({
  id,
  venueId: VENUE,
  name: `Table ${id.slice(-1)}`,
  number: id.slice(-1),
  shape: 'CIRCLE',
  capacity: 4,
  capacityMin: 1,
  capacityMax: 4,
  xPosition: 0,
  yPosition: 0,
  rotation: 0,
  zone: null,
  state,
  holdExpiresAt: null,
  partyName: null,
  guestCount: null,
  timeSeated: null,
});

function clientWith(keys: readonly (readonly string[])[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of keys) client.setQueryData(key, []);
  return client;
}
const staleKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.join('/'))
    .sort();

describe('live messages and the cache', () => {
  it.each([
    ['order.item.status.changed', ['api/order-items/kitchen', 'api/orders']],
    ['order.priority.changed', ['api/order-items/kitchen', 'api/orders']],
    ['task.created', ['api/tasks']],
    ['waitlist.updated', ['api/waitlist']],
    ['reservation.created', ['api/reservations']],
    ['payment.status.changed', ['api/orders', 'api/payments']],
    ['something.else', []],
  ])('%s invalidates %o', (type, expected) => {
    const client = clientWith([
      ['api', 'order-items', 'kitchen'],
      ['api', 'orders'],
      ['api', 'tasks'],
      ['api', 'waitlist'],
      ['api', 'reservations'],
      ['api', 'payments'],
      ['api', 'menu'],
    ]);
    applyLiveMessage(client, { type, unknown: true });
    expect(staleKeys(client)).toEqual(expected);
  });

  it('patches the changed table in place, then refetches tables', () => {
    const client = clientWith([]);
    client.setQueryData(TABLES_KEY, [table(T1, 'EMPTY'), table(T2, 'EMPTY')]);
    applyLiveMessage(client, {
      type: 'table.state.changed',
      seq: 4,
      venueId: VENUE,
      at: '2025-01-01T12:00:00.000Z',
      tableId: T2,
      state: 'OCCUPIED',
      table: table(T2, 'OCCUPIED'),
    });
    expect(client.getQueryData<Table[]>(TABLES_KEY)?.map((t) => t.state)).toEqual(['EMPTY', 'OCCUPIED']);
    expect(staleKeys(client)).toEqual(['api/tables']);
  });

  it('stores a pushed terminal status as the status read', () => {
    const client = clientWith([]);
    const status = {
      online: false,
      cloudUrl: 'http://c',
      terminalId: null,
      venueId: null,
      cursor: 9,
      outbox: { pending: 1, rejected: [] },
    };
    applyLiveMessage(client, { type: 'terminal.status', ...status });
    expect(client.getQueryData(TERMINAL_STATUS_KEY)).toEqual(status);
  });

  it('maps event families to read keys', () => {
    expect(keysForEventType('order.created')).toEqual([
      ['api', 'order-items'],
      ['api', 'orders'],
      ['api', 'runner'],
    ]);
    expect(keysForEventType('guest.checkedin')).toEqual([
      ['api', 'tables'],
      ['api', 'waitlist'],
    ]);
  });
});
