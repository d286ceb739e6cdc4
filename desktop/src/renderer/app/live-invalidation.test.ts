import {
  getTerminalStatus,
  listPrinters,
  listPrintJobs,
  listTables,
  type Printer,
  type PrintJob,
  type Table,
} from '@tablewise/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from './live-client.js';
import { applyLiveMessage } from './live-invalidation.js';

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
  isAccessible: false,
  state,
  holdExpiresAt: null,
  partyName: null,
  guestCount: null,
  timeSeated: null,
});

function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of keys) client.setQueryData(key, []);
  return client;
}
const staleKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.map((k) => (typeof k === 'string' ? k : JSON.stringify(k))).join('/'))
    .sort();

const event = (type: string, extra: Record<string, unknown> = {}) => {
  const parsed = parseLiveMessage(
    JSON.stringify({ type, seq: 4, venueId: VENUE, at: '2025-01-01T12:00:00.000Z', ...extra }),
  );
  if (!parsed) throw new Error(`${type} did not parse`);
  return parsed;
};

describe('live messages and the cache', () => {
  it.each([
    ['order.created', ['api/guest/orders', 'api/order-items/kitchen', 'api/orders']],
    ['order.item.status.changed', ['api/guest/orders', 'api/order-items/kitchen', 'api/orders']],
    ['guest.checkedin', ['api/guest/session', 'api/tables', 'api/tables/{"available":"1"}']],
    ['something.else', []],
  ])('%s invalidates %o, as the call modules declare', (type, expected) => {
    const client = clientWith([
      ['api', 'order-items', 'kitchen'],
      ['api', 'orders'],
      ['api', 'guest', 'orders'],
      ['api', 'guest', 'session'],
      ['api', 'tables'],
      ['api', 'tables', { available: '1' }],
      ['api', 'menu'],
      ['api', 'terminal', 'status'],
    ]);
    applyLiveMessage(client, event(type, { order: 'not parsed by the screens' }));
    expect(staleKeys(client)).toEqual(expected);
  });

  it('patches the changed table in place in every tables read, then refetches them', () => {
    const client = clientWith([]);
    client.setQueryData(listTables.key(), [table(T1, 'EMPTY'), table(T2, 'EMPTY')]);
    applyLiveMessage(
      client,
      event('table.state.changed', { tableId: T2, state: 'OCCUPIED', table: table(T2, 'OCCUPIED') }),
    );
    expect(client.getQueryData<Table[]>(listTables.key())?.map((t) => t.state)).toEqual(['EMPTY', 'OCCUPIED']);
    expect(staleKeys(client)).toEqual(['api/tables']);
  });

  it('refuses a table change whose table is malformed, rather than patching nonsense in', () => {
    expect(parseLiveMessage(JSON.stringify({ type: 'table.state.changed', seq: 5, table: { id: T1 } }))).toBeNull();
  });

  it('stores a pushed terminal status as the status read', () => {
    const client = clientWith([]);
    const status = {
      online: false,
      paired: true,
      cloudUrl: 'http://c',
      terminalId: null,
      venueId: null,
      cursor: 9,
      outbox: { pending: 1, rejected: [] },
    };
    applyLiveMessage(client, { kind: 'control', message: { type: 'terminal.status', ...status } });
    expect(client.getQueryData(getTerminalStatus.key())).toEqual(status);
  });

  it('patches a printer’s pushed state into the printers read, and marks it stale (the print-jobs read is not)', () => {
    const printer = (id: string): Printer => ({
      id,
      venueId: VENUE,
      name: `Printer ${id.slice(-1)}`,
      location: null,
      type: 'thermal',
      station: 'grill',
      connection: 'tcp',
      host: '127.0.0.1',
      port: 9100,
      terminalId: null,
      status: 'ONLINE',
      backupPrinterId: null,
    });
    const client = clientWith([listPrintJobs.key()]);
    client.setQueryData(listPrinters.key(), [printer(T1), printer(T2)]);
    const message = parseLiveMessage(JSON.stringify({ type: 'printer.status', printerId: T2, status: 'PAPER_OUT' }));
    if (!message) throw new Error('printer.status did not parse');
    applyLiveMessage(client, message);
    expect(client.getQueryData<Printer[]>(listPrinters.key())?.map((p) => p.status)).toEqual(['ONLINE', 'PAPER_OUT']);
    expect(staleKeys(client)).toEqual(['api/printers']);
  });

  it('puts a pushed print job into the print-jobs read (replacing it, or first when new), and marks it stale', () => {
    const job = (id: string, status: PrintJob['status']): PrintJob => ({
      id,
      printerId: T1,
      printerName: 'Grill',
      type: 'kitchen_ticket',
      status,
      data: '{}',
      attempts: 1,
      reprint: false,
      error: null,
      createdAt: '2025-01-01T12:00:00.000Z',
      updatedAt: '2025-01-01T12:00:00.000Z',
    });
    const client = clientWith([listPrinters.key()]);
    client.setQueryData(listPrintJobs.key(), [job(T1, 'PRINTING')]);
    for (const pushed of [job(T1, 'UNCONFIRMED'), job(T2, 'PENDING')]) {
      const message = parseLiveMessage(JSON.stringify({ type: 'print.job.updated', job: pushed }));
      if (!message) throw new Error('print.job.updated did not parse');
      applyLiveMessage(client, message);
    }
    expect(client.getQueryData<PrintJob[]>(listPrintJobs.key())?.map((j) => `${j.id.slice(-1)}:${j.status}`)).toEqual([
      '2:PENDING',
      '1:UNCONFIRMED',
    ]);
    expect(staleKeys(client)).toEqual(['api/print-jobs']);
  });
});
