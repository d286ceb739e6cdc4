import { randomUUID } from 'node:crypto';
import { MESSAGES, Printer, PrintJob, SERVICE_MESSAGES, SnapshotAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertPrinter } from '../../testkit/fixture.js';
import {
  Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
let terminal: { client: Client; id: string };
let otherTerminal: { client: Client; id: string };
let grill: string;
let cold: string;
let betaPrinter: string;
let seq = 0;

const events = (type: string) =>
  h.database
    .db('events')
    .where({ venue_id: h.fixture.a.venueId, type })
    .orderBy('seq')
    .select('payload_json')
    .then((rows: { payload_json: Record<string, unknown> }[]) => rows.map((r) => r.payload_json));

const printerRow = (id: string) => h.database.db('printers').where({ id }).first();

/** A terminal's outbox sends every mutation with a key and the next number. */
function push(path: string, body: unknown, who = terminal) {
  seq += who === terminal ? 1 : 0;
  return who.client.post(path, body, { key: randomUUID(), ...(who === terminal ? { seq } : {}) });
}

function jobReport(overrides: Record<string, unknown> = {}) {
  const at = new Date().toISOString();
  return {
    printerId: grill,
    type: 'kitchen_ticket',
    status: 'PENDING',
    data: JSON.stringify({ station: 'Grill', items: [] }),
    attempts: 0,
    reprint: false,
    error: null,
    createdAt: at,
    updatedAt: at,
    ticketed: [],
    ...overrides,
  };
}

beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Kitchen PC');
  otherTerminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Bar PC');
  grill = await insertPrinter(h.database.db, h.fixture.a, { name: 'Grill', station: 'Grill' });
  cold = await insertPrinter(h.database.db, h.fixture.a, { name: 'Cold', station: 'Cold' });
  betaPrinter = await insertPrinter(h.database.db, h.fixture.b, { name: 'Beta', station: 'Grill' });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db('printers').whereIn('id', [grill, cold]).update({ terminal_id: terminal.id });
});

describe('PATCH /api/printers/:id', () => {
  it('moves a printer to another terminal: one printer.updated event, and its state is UNKNOWN until that terminal asks it', async () => {
    await h.database.db('printers').where({ id: grill }).update({ status: 'ONLINE' });
    const before = (await events('printer.updated')).length;
    const key = randomUUID();
    const reply = await manager.request('PATCH', `/api/printers/${grill}`, {
      body: { terminalId: otherTerminal.id },
      key,
    });
    expect(reply.status).toBe(200);
    expect(Printer.parse(reply.body)).toMatchObject({ id: grill, terminalId: otherTerminal.id, status: 'UNKNOWN' });
    // A repeat of the same key moves it once.
    const again = await manager.request('PATCH', `/api/printers/${grill}`, {
      body: { terminalId: otherTerminal.id },
      key,
    });
    expect(again.body).toEqual(reply.body);
    const emitted = await events('printer.updated');
    expect(emitted).toHaveLength(before + 1);
    expect(emitted.at(-1)).toMatchObject({ printer: { id: grill, terminalId: otherTerminal.id } });
    expect(await printerRow(grill)).toMatchObject({ terminal_id: otherTerminal.id, status: 'UNKNOWN' });
  });

  it('names a backup printer, and clears it with null', async () => {
    const named = await manager.request('PATCH', `/api/printers/${grill}`, { body: { backupPrinterId: cold } });
    expect(named.status).toBe(200);
    expect(named.body.backupPrinterId).toBe(cold);
    const cleared = await manager.request('PATCH', `/api/printers/${grill}`, { body: { backupPrinterId: null } });
    expect(cleared.body.backupPrinterId).toBeNull();
    expect((await printerRow(grill)).backup_printer_id).toBeNull();
  });

  it('refuses what it cannot do with 400 naming the field, and changes nothing', async () => {
    const revoked = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Old PC');
    expect((await manager.delete(`/api/terminals/${revoked.id}`)).status).toBe(200);
    const otherVenueTerminal = await pairTerminal(h.cloud.url, h.fixture.b.managerEmail, 'Beta PC');
    const cases: [unknown, string][] = [
      [{}, 'names nothing to change'],
      [{ terminalId: 'nope' }, 'terminalId'],
      [{ terminalId: randomUUID() }, MESSAGES.noSuchTerminal],
      [{ terminalId: revoked.id }, MESSAGES.noSuchTerminal],
      [{ terminalId: otherVenueTerminal.id }, MESSAGES.noSuchTerminal],
      [{ backupPrinterId: grill }, MESSAGES.backupIsItself],
      [{ backupPrinterId: betaPrinter }, MESSAGES.noSuchPrinter],
      [{ colour: 'red' }, 'colour'],
      [{ name: '' }, 'name'],
      [{ connection: 'usb', host: null }, SERVICE_MESSAGES.printerDeviceRequired],
      [{ connection: 'usb', host: '/dev/usb/lp0', port: 9100 }, SERVICE_MESSAGES.printerPortUsb],
      [{ port: 70_000 }, 'port'],
      [{ name: 'cold' }, SERVICE_MESSAGES.printerNameTaken],
    ];
    const before = await printerRow(grill);
    for (const [body, message] of cases) {
      const reply = await manager.request('PATCH', `/api/printers/${grill}`, { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toContain(message);
    }
    expect(await printerRow(grill)).toEqual(before);
  });

  it("answers 404 for another organization's printer, 403 to staff who may not pair terminals, 401 to nobody", async () => {
    const foreign = await manager.request('PATCH', `/api/printers/${betaPrinter}`, {
      body: { terminalId: terminal.id },
    });
    expect(foreign.status).toBe(404);
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await staff.request('PATCH', `/api/printers/${grill}`, { body: { terminalId: null } })).status).toBe(403);
    const nobody = new Client(h.cloud.url);
    expect((await nobody.request('PATCH', `/api/printers/${grill}`, { body: { terminalId: null } })).status).toBe(401);
    expect((await printerRow(grill)).terminal_id).toBe(terminal.id);
    expect((await printerRow(betaPrinter)).terminal_id).toBeNull();
  });
});

describe('printer states reported by terminals', () => {
  it('keeps the state the driving terminal reports, with a printer.status event only when it changes', async () => {
    const before = (await events('printer.status')).length;
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    expect((await push(`/api/printers/${grill}/status`, { status: 'PAPER_OUT', at: at(1) })).status).toBe(200);
    expect((await push(`/api/printers/${grill}/status`, { status: 'PAPER_OUT', at: at(2) })).status).toBe(200);
    // An older report (it waited in an outbox) does not undo a newer one.
    expect((await push(`/api/printers/${grill}/status`, { status: 'ONLINE', at: at(0) })).status).toBe(200);
    const emitted = await events('printer.status');
    expect(emitted.slice(before)).toMatchObject([{ printerId: grill, status: 'PAPER_OUT' }]);
    const listed = z.array(Printer).parse((await manager.get('/api/printers')).body);
    expect(listed.find((p) => p.id === grill)?.status).toBe('PAPER_OUT');
    expect(listed.map((p) => p.id)).not.toContain(betaPrinter);
  });

  it("ignores a report from a terminal that no longer drives the printer, and refuses another venue's printer", async () => {
    await h.database.db('printers').where({ id: cold }).update({ status: 'ONLINE', status_at: null });
    const stale = await push(
      `/api/printers/${cold}/status`,
      { status: 'OFFLINE', at: new Date().toISOString() },
      otherTerminal,
    );
    expect(stale.status).toBe(200);
    expect((await printerRow(cold)).status).toBe('ONLINE');
    expect(
      (await push(`/api/printers/${betaPrinter}/status`, { status: 'OFFLINE', at: new Date().toISOString() })).status,
    ).toBe(404);
    expect((await printerRow(betaPrinter)).status).toBe('UNKNOWN');
  });

  it('is a call for terminals only, with a checked body', async () => {
    const asStaff = await manager.post(`/api/printers/${grill}/status`, {
      status: 'ONLINE',
      at: new Date().toISOString(),
    });
    expect(asStaff.status).toBe(403);
    const bad = await push(`/api/printers/${grill}/status`, { status: 'ON FIRE', at: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status|at/);
  });
});

describe('print jobs reported by terminals', () => {
  it('keeps a reported job and the items it ticketed; the snapshot hands them to any replica', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    const order = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' }],
    });
    expect(order.status).toBe(201);
    const item = order.body.items[0];
    const jobId = randomUUID();
    const ticketed = [{ itemId: item.id, orderId: order.body.id, station: 'Bar' }];
    const reply = await push(`/api/print-jobs/${jobId}/report`, jobReport({ ticketed }));
    expect(reply.status).toBe(200);
    expect(PrintJob.parse(reply.body)).toMatchObject({ id: jobId, printerName: 'Grill', status: 'PENDING' });
    const [created] = (await events('print.job.updated')).filter((e) => (e.job as { id: string }).id === jobId);
    expect(created).toMatchObject({ terminalId: terminal.id, ticketed });

    const snapshot = SnapshotAnswer.parse((await terminal.client.get('/api/sync/snapshot')).body);
    expect(snapshot.ticketed).toContainEqual(ticketed[0]);
  });

  it('moves the job through its states; COMPLETED also says print.completed, once', async () => {
    const jobId = randomUUID();
    const t0 = Date.now();
    const report = (status: string, s: number) =>
      jobReport({ status, createdAt: new Date(t0).toISOString(), updatedAt: new Date(t0 + s * 1000).toISOString() });
    await push(`/api/print-jobs/${jobId}/report`, report('PENDING', 0));
    await push(`/api/print-jobs/${jobId}/report`, report('UNCONFIRMED', 1));
    await push(`/api/print-jobs/${jobId}/report`, { ...report('COMPLETED', 2), attempts: 1 });
    await push(`/api/print-jobs/${jobId}/report`, report('PENDING', 1)); // older than what is kept
    const jobs = z.array(PrintJob).parse((await manager.get('/api/print-jobs')).body);
    expect(jobs.find((j) => j.id === jobId)).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    const completed = (await events('print.completed')).filter((e) => (e.job as { id: string }).id === jobId);
    expect(completed).toHaveLength(1);
    const updates = (await events('print.job.updated')).filter((e) => (e.job as { id: string }).id === jobId);
    expect(updates.map((e) => (e.job as { status: string }).status)).toEqual(['PENDING', 'UNCONFIRMED', 'COMPLETED']);
  });

  it('refuses a ticketed item that is not the venue’s, or a printer of another venue, writing nothing', async () => {
    const jobId = randomUUID();
    const foreignItem = await push(
      `/api/print-jobs/${jobId}/report`,
      jobReport({ ticketed: [{ itemId: randomUUID(), orderId: randomUUID(), station: 'Grill' }] }),
    );
    expect(foreignItem.status).toBe(400);
    expect(foreignItem.body.message).toContain('ticketed.0.itemId');
    const foreignPrinter = await push(`/api/print-jobs/${jobId}/report`, jobReport({ printerId: betaPrinter }));
    expect(foreignPrinter.status).toBe(400);
    expect(foreignPrinter.body.message).toContain('printerId');
    expect(await h.database.db('print_jobs').where({ id: jobId })).toHaveLength(0);
  });

  it('lists jobs to staff only, and no guest socket hears of printing', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const { guest } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    const socket = await LiveSocket.open(h.cloud.url, { cookie: guest.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const jobId = randomUUID();
    await push(`/api/print-jobs/${jobId}/report`, jobReport({ status: 'COMPLETED', attempts: 1 }));
    await push(`/api/printers/${grill}/status`, {
      status: 'COVER_OPEN',
      at: new Date(Date.now() + 60_000).toISOString(),
    });
    // A staff socket opened after them hears them in the replay; the guest heard nothing of them.
    const staffSocket = await LiveSocket.open(h.cloud.url, { cookie: manager.cookieHeader() });
    staffSocket.send({ type: 'subscribe', after: 0 });
    await staffSocket.next((m) => m.type === 'printer.status' && m.status === 'COVER_OPEN');
    await socket.close();
    await staffSocket.close();
    expect(socket.messages.map((m) => m.type).filter((t) => t.startsWith('print'))).toEqual([]);
    expect((await guest.get('/api/print-jobs')).status).toBe(401);
    expect((await terminal.client.get('/api/print-jobs')).status).toBe(401);
  });
});

describe('print-job reports pushed together', () => {
  it('answers and writes exactly what the same reports pushed one at a time do', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const together = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Together PC');
    const alone = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Alone PC');
    // Four drinks on one order: the first two are the together set's to ticket, the others the alone set's.
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const placed = await guest.post('/api/orders', {
      sessionId,
      items: [1, 2, 3, 4].map((quantity) => ({ menuItemId: h.fixture.a.menu.lemonade, quantity, course: 'drink' })),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    const drinks = (placed.body.items as { id: string }[]).map((i) => i.id);
    const sets = {
      together: { orderId, items: drinks.slice(0, 2) },
      alone: { orderId, items: drinks.slice(2, 4) },
    };
    // A job id another venue holds: refused, whoever reports it.
    const foreignJob = randomUUID();
    await h.database.db('print_jobs').insert({
      id: foreignJob,
      org_id: h.fixture.b.orgId,
      venue_id: h.fixture.b.venueId,
      printer_id: betaPrinter,
      type: 'kitchen_ticket',
      status: 'PENDING',
      data: '{}',
    });
    const t0 = Date.parse('2026-11-25T18:00:00.000Z');
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    type Step = [job: 'a' | 'b' | 'c' | 'foreign', report: Record<string, unknown>];
    const ticket = (item: number) => ({ item, station: 'Grill' });
    const script: Step[] = [
      ['a', { status: 'PENDING', ticketed: [ticket(0)], createdAt: at(0), updatedAt: at(0) }],
      ['a', { status: 'PRINTING', createdAt: at(0), updatedAt: at(1) }],
      ['b', { status: 'PENDING', ticketed: [{ item: 0, station: 'Grill', orderId: randomUUID() }] }], // not its order
      ['a', { status: 'COMPLETED', attempts: 1, createdAt: at(0), updatedAt: at(2) }],
      ['a', { status: 'PENDING', createdAt: at(0), updatedAt: at(1) }], // older than what is kept
      ['b', { printerId: betaPrinter }], // another venue's printer
      ['c', { status: 'ON FIRE' }], // refused by the call's schema
      ['foreign', {}],
      ['b', { status: 'PENDING', ticketed: [ticket(1), ticket(0)], createdAt: at(3), updatedAt: at(3) }],
      ['b', { status: 'UNCONFIRMED', attempts: 1, error: 'No answer', createdAt: at(3), updatedAt: at(4) }],
      ['b', { status: 'COMPLETED', attempts: 1, createdAt: at(3), updatedAt: at(5) }],
    ];
    const jobIds = {
      together: { a: randomUUID(), b: randomUUID(), c: randomUUID() },
      alone: { a: randomUUID(), b: randomUUID(), c: randomUUID() },
    };
    const mutationsOf = (set: 'together' | 'alone') =>
      script.map(([job, overrides], i) => {
        const { items, orderId } = sets[set];
        const { ticketed, ...rest } = overrides as { ticketed?: { item: number; station: string; orderId?: string }[] };
        return {
          seq: i + 1,
          idempotencyKey: randomUUID(),
          method: 'POST',
          path: `/api/print-jobs/${job === 'foreign' ? foreignJob : jobIds[set][job]}/report`,
          body: jobReport({
            createdAt: at(0),
            updatedAt: at(0),
            ...rest,
            ticketed: (ticketed ?? []).map((t) => ({
              itemId: items[t.item],
              orderId: t.orderId ?? orderId,
              station: t.station,
            })),
          }),
        };
      });
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    h.database.db.on('query', listen);
    const togetherAnswer = await together.client.post('/api/sync/push', { mutations: mutationsOf('together') });
    h.database.db.off('query', listen);
    expect(togetherAnswer.status).toBe(200);
    // Run together: every job written in one statement, not one or more a report.
    expect(statements.filter((sql) => /insert into "print_jobs"/.test(sql))).toHaveLength(1);
    const aloneResults: unknown[] = [];
    for (const mutation of mutationsOf('alone')) {
      const one = await alone.client.post('/api/sync/push', { mutations: [mutation] });
      expect(one.status).toBe(200);
      aloneResults.push(...(one.body.results as unknown[]));
    }

    /** What either run did, with each set's ids as the script's names. */
    const seen = async (set: 'together' | 'alone', results: unknown) => {
      const names = new Map<unknown, string>([
        ...Object.entries(jobIds[set]).map(([name, id]) => [id, `job ${name}`] as const),
        ...sets[set].items.map((id, i) => [id, `item ${i}`] as const),
        [orderId, 'the order'],
        [set === 'together' ? together.id : alone.id, 'the terminal'],
      ]);
      const shown = (value: unknown): unknown =>
        JSON.parse(JSON.stringify(value), (key, v) => (key === 'seq' ? undefined : (names.get(v) ?? v)));
      const ids = Object.values(jobIds[set]);
      const emitted = await h.database
        .db('events')
        .whereRaw("payload_json->'job'->>'id' = any(?)", [ids])
        .orderBy('seq')
        .select('type', 'payload_json', 'terminal_id');
      return {
        results: shown(results),
        events: shown(emitted),
        jobs: shown(
          await h.database
            .db('print_jobs')
            .whereIn('id', ids)
            .orderBy('created_at')
            .select(
              'id',
              'printer_id',
              'terminal_id',
              'type',
              'status',
              'data',
              'attempts',
              'reprint',
              'error',
              'created_at',
              'updated_at',
            ),
        ),
        ticketed: (
          shown(
            await h.database
              .db('ticketed_items')
              .whereIn('item_id', sets[set].items)
              .select('item_id', 'order_id', 'station', 'print_job_id'),
          ) as { item_id: string }[]
        ).sort((x, y) => x.item_id.localeCompare(y.item_id)),
      };
    };
    const mine = await seen('together', togetherAnswer.body.results);
    expect(mine).toEqual(await seen('alone', aloneResults));
    // And what it is: each report answered in its place, item 0 keeping its first ticket.
    expect((mine.results as { status: number }[]).map((r) => r.status)).toEqual([
      200, 200, 400, 200, 200, 400, 400, 409, 200, 200, 200,
    ]);
    expect((mine.events as { type: string }[]).map((e) => e.type)).toEqual([
      ...Array(3).fill('print.job.updated'),
      'print.completed',
      ...Array(3).fill('print.job.updated'),
      'print.completed',
    ]);
    expect(mine.jobs).toMatchObject([
      { id: 'job a', status: 'COMPLETED', attempts: 1 },
      { id: 'job b', status: 'COMPLETED', attempts: 1, error: null },
    ]);
    expect(mine.ticketed).toEqual([
      { item_id: 'item 0', order_id: 'the order', station: 'Grill', print_job_id: 'job a' },
      { item_id: 'item 1', order_id: 'the order', station: 'Grill', print_job_id: 'job b' },
    ]);
    expect(await h.database.db('print_jobs').where({ id: foreignJob }).first()).toMatchObject({ status: 'PENDING' });
  });
});
