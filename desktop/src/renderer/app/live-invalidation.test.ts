import {
  ALL_CALLS,
  getMenu,
  getSessionBill,
  getTerminalStatus,
  listGuestOrders,
  listKitchenItems,
  listOrders,
  listPrinters,
  listPrintJobs,
  listTables,
  type Printer,
  type PrintJob,
  type Table,
} from '@tablewise/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type LiveMessage, parseLiveMessage } from './live-client.js';
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

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
}

/** A screen open on one read: an active query whose fetches are counted. */
function openScreen<T>(client: QueryClient, queryKey: readonly unknown[], answer: () => T | Promise<T>) {
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      fetches += 1;
      return answer();
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    fetches: () => fetches,
    data: () => observer.getCurrentResult().data,
    close: unsubscribe,
  };
}

/** Every GET call's key with each `:param` of its path filled in: one screen each. */
const READS = ALL_CALLS.filter((c) => c.method === 'GET').map((call) => {
  const params = Object.fromEntries([...call.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, `${name}-1`]));
  return { call, key: call.key(params as never) };
});

/** Opens a screen on every read, each fetched once, and answers which of them `arrive` refetches. */
async function refetchedBy(arrive: (client: QueryClient) => void): Promise<string[]> {
  const client = newClient();
  const screens = READS.map(({ call, key }) => ({ call, screen: openScreen(client, key, () => []) }));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  expect(screens.every(({ screen }) => screen.fetches() === 1)).toBe(true);
  arrive(client);
  // A refetch starts as the message is applied; once none is running, every one has happened.
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  for (const { screen } of screens) screen.close();
  return screens.filter(({ screen }) => screen.fetches() > 1).map(({ call }) => call.id);
}

const event = (type: string, extra: Record<string, unknown> = {}) => {
  const parsed = parseLiveMessage(
    JSON.stringify({ type, seq: 4, venueId: VENUE, at: '2025-01-01T12:00:00.000Z', ...extra }),
  );
  if (!parsed) throw new Error(`${type} did not parse`);
  return parsed;
};

describe('live messages and the cache', () => {
  const declares = (call: (typeof READS)[number]['call'], type: string) =>
    (call.staleOn as readonly string[] | undefined)?.includes(type) ?? false;
  const declared = (type: string) => READS.filter(({ call }) => declares(call, type)).map(({ call }) => call.id);
  const EVENT_TYPES = [...new Set(READS.flatMap(({ call }) => call.staleOn ?? []))].sort();

  /** Reads cached under a stale read's path are stale with it (a session's bill is under /api/orders). */
  const under = (type: string) => {
    const prefixes = READS.filter(({ call }) => declares(call, type)).map(({ call }) => call.key());
    return READS.filter(({ key }) => prefixes.some((p) => p.every((part, i) => key[i] === part))).map(
      ({ call }) => call.id,
    );
  };

  /** A message of `type` as the live client hands it on: the terminal's own, or a cloud event. */
  const messageOf = (type: string): LiveMessage => {
    const local: Record<string, unknown> = {
      'printer.status': { type, printerId: T1, status: 'PAPER_OUT' },
      'print.job.updated': { type, job: job(T1, 'PENDING') },
    };
    if (!(type in local)) return { kind: 'event', type, seq: 4, table: null };
    const parsed = parseLiveMessage(JSON.stringify(local[type]));
    if (!parsed) throw new Error(`${type} did not parse`);
    return parsed;
  };

  it.each(EVENT_TYPES)(
    '%s reloads every open screen whose read it makes stale, whatever its params, and no other',
    async (type) => {
      const refetched = await refetchedBy((client) => applyLiveMessage(client, messageOf(type)));
      expect(refetched).toEqual(expect.arrayContaining(declared(type)));
      expect(refetched.sort()).toEqual(under(type).sort());
    },
  );

  it('reloads nothing for an event no read is made stale by', async () => {
    expect(await refetchedBy((client) => applyLiveMessage(client, event('something.else')))).toEqual([]);
  });

  it("brings a guest's new order to the kitchen display, the orders screen, the guest's orders and bill, whatever their filters", async () => {
    const client = newClient();
    const kitchen = openScreen(client, listKitchenItems.key(), () => []);
    const orders = openScreen(client, listOrders.key(undefined, { status: 'active' } as never), () => []);
    const guestOrders = openScreen(client, listGuestOrders.key(), () => []);
    const bill = openScreen(client, getSessionBill.key({ sessionId: 'session-1' } as never), () => null);
    const menu = openScreen(client, getMenu.key(), () => []);
    const floor = openScreen(client, listTables.key(undefined, { available: '1' } as never), () => []);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    applyLiveMessage(client, event('order.created', { order: 'not parsed by the screens' }));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect([kitchen, orders, guestOrders, bill].map((s) => s.fetches() > 1)).toEqual([true, true, true, true]);
    expect([menu, floor].map((s) => s.fetches())).toEqual([1, 1]);
  });

  it('marks a closed screen’s answer stale without fetching it, so it reloads when opened again', async () => {
    const client = newClient();
    const kitchen = openScreen(client, listKitchenItems.key(), () => []);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    kitchen.close();
    applyLiveMessage(client, event('order.item.status.changed'));
    expect(client.isFetching()).toBe(0);
    expect(kitchen.fetches()).toBe(1);
    expect(client.getQueryState(listKitchenItems.key())?.isInvalidated).toBe(true);
    const again = openScreen(client, listKitchenItems.key(), () => []);
    await vi.waitFor(() => expect(again.fetches()).toBe(1));
  });

  it('shows a changed table on the floor at once, then reloads the floor, filtered or not', async () => {
    const client = newClient();
    let reload: (tables: Table[]) => void = () => {};
    let floorFetches = 0;
    const floor = openScreen(client, listTables.key(), () => {
      floorFetches += 1;
      return floorFetches === 1
        ? [table(T1, 'EMPTY'), table(T2, 'EMPTY')]
        : new Promise<Table[]>((resolve) => {
            reload = resolve;
          });
    });
    const free = openScreen(client, listTables.key(undefined, { available: '1' } as never), () => [table(T2, 'EMPTY')]);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    applyLiveMessage(
      client,
      event('table.state.changed', { tableId: T2, state: 'OCCUPIED', table: table(T2, 'OCCUPIED') }),
    );
    // Before the reload answers, the floor already shows it.
    expect(client.getQueryData<Table[]>(listTables.key())?.map((t) => t.state)).toEqual(['EMPTY', 'OCCUPIED']);
    expect([floor.fetches(), free.fetches()]).toEqual([2, 2]);
    reload([table(T1, 'OCCUPIED'), table(T2, 'OCCUPIED')]);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(client.getQueryData<Table[]>(listTables.key())?.map((t) => t.state)).toEqual(['OCCUPIED', 'OCCUPIED']);
  });

  it('refuses a table change whose table is malformed, rather than patching nonsense in', () => {
    expect(parseLiveMessage(JSON.stringify({ type: 'table.state.changed', seq: 5, table: { id: T1 } }))).toBeNull();
  });

  it('shows a pushed terminal status at once, without asking for it', async () => {
    const client = newClient();
    const status = {
      online: false,
      paired: true,
      cloudUrl: 'http://c',
      terminalId: null,
      venueId: null,
      cursor: 9,
      outbox: { pending: 1, rejected: [] },
    };
    const banner = openScreen(client, getTerminalStatus.key(), () => ({ ...status, online: true, cursor: 8 }));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    applyLiveMessage(client, { kind: 'control', message: { type: 'terminal.status', ...status } });
    expect(client.getQueryData(getTerminalStatus.key())).toEqual(status);
    expect(client.isFetching()).toBe(0);
    expect(banner.fetches()).toBe(1);
  });

  /** The printer screen's two reads, open, with the terminal's answers. */
  async function printerScreen(jobs: PrintJob[]) {
    const client = newClient();
    let printersAnswer = [printer(T1), printer(T2)];
    const printers = openScreen(client, listPrinters.key(), () => printersAnswer);
    const printJobs = openScreen(client, listPrintJobs.key(), () => jobs);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    return {
      client,
      printers,
      printJobs,
      answerPrinters: (next: Printer[]) => {
        printersAnswer = next;
      },
    };
  }

  const push = (client: QueryClient, message: unknown) => {
    const parsed = parseLiveMessage(JSON.stringify(message));
    if (!parsed) throw new Error(`${JSON.stringify(message)} did not parse`);
    applyLiveMessage(client, parsed);
  };

  it('shows a printer’s pushed state at once and reloads the printers, not the print jobs', async () => {
    const { client, printers, printJobs, answerPrinters } = await printerScreen([]);
    answerPrinters([printer(T1), { ...printer(T2), status: 'PAPER_OUT' }]);
    push(client, { type: 'printer.status', printerId: T2, status: 'PAPER_OUT' });
    expect(client.getQueryData<Printer[]>(listPrinters.key())?.map((p) => p.status)).toEqual(['ONLINE', 'PAPER_OUT']);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect([printers.fetches(), printJobs.fetches()]).toEqual([2, 1]);
  });

  it('shows a pushed print job at once (in its place, or first when new) and reloads the print jobs, not the printers', async () => {
    const { client, printers, printJobs } = await printerScreen([job(T1, 'PRINTING')]);
    for (const pushed of [job(T1, 'UNCONFIRMED'), job(T2, 'PENDING')])
      push(client, { type: 'print.job.updated', job: pushed });
    expect(client.getQueryData<PrintJob[]>(listPrintJobs.key())?.map((j) => `${j.id.slice(-1)}:${j.status}`)).toEqual([
      '2:PENDING',
      '1:UNCONFIRMED',
    ]);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(printJobs.fetches()).toBeGreaterThan(1);
    expect(printers.fetches()).toBe(1);
  });
});
