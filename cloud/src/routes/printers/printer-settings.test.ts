// Adding, changing and removing printers (issue 10), against a real PostgreSQL: what a manager
// sets, every refusal with its message changing nothing, another organization's printers out of
// reach, repeats with the same Idempotency-Key answered once, and the events each replica needs.
import { randomUUID } from 'node:crypto';
import { MESSAGES, Printer, SERVICE_MESSAGES, SnapshotAnswer, Terminal } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertPrinter } from '../../testkit/fixture.js';
import { Client, type Harness, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
let terminal: { client: Client; id: string };
let betaPrinter: string;

const events = (type: string) =>
  h.database
    .db('events')
    .where({ venue_id: h.fixture.a.venueId, type })
    .orderBy('seq')
    .select('payload_json')
    .then((rows: { payload_json: Record<string, unknown> }[]) => rows.map((r) => r.payload_json));
const printerCount = async () =>
  Number((await h.database.db('printers').where({ venue_id: h.fixture.a.venueId }).count('* as n'))[0]?.n);
const listed = async () => z.array(Printer).parse((await manager.get('/api/printers')).body);

beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Kitchen PC');
  betaPrinter = await insertPrinter(h.database.db, h.fixture.b, { name: 'Beta', station: 'Grill' });
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/printers', () => {
  it('adds a network printer driven by a terminal: 201, UNKNOWN until asked, one printer.updated event', async () => {
    const before = (await events('printer.updated')).length;
    const reply = await manager.post(
      '/api/printers',
      {
        name: 'Pass',
        location: 'Kitchen pass',
        station: 'Grill',
        host: '10.0.0.21',
        port: 9100,
        terminalId: terminal.id,
      },
      { key: randomUUID() },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const printer = Printer.parse(reply.body);
    expect(printer).toMatchObject({
      name: 'Pass',
      location: 'Kitchen pass',
      type: 'thermal',
      station: 'Grill',
      connection: 'tcp',
      host: '10.0.0.21',
      port: 9100,
      terminalId: terminal.id,
      status: 'UNKNOWN',
      backupPrinterId: null,
    });
    const emitted = (await events('printer.updated')).slice(before);
    expect(emitted).toMatchObject([{ printer: { id: printer.id, name: 'Pass' } }]);
    expect((await listed()).map((p) => p.id)).toContain(printer.id);
  });

  it('adds a USB receipt printer with a backup', async () => {
    const pass = (await listed()).find((p) => p.name === 'Pass') as Printer;
    const reply = await manager.post(
      '/api/printers',
      { name: 'Front Desk', connection: 'usb', host: '/dev/usb/lp0', station: '', backupPrinterId: pass.id },
      { key: randomUUID() },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(Printer.parse(reply.body)).toMatchObject({
      connection: 'usb',
      host: '/dev/usb/lp0',
      port: null,
      station: null,
      terminalId: null,
      backupPrinterId: pass.id,
    });
  });

  it('answers a repeat with the same Idempotency-Key with the first printer, adding one', async () => {
    const key = randomUUID();
    const before = await printerCount();
    const first = await manager.post('/api/printers', { name: 'Bar', host: '10.0.0.30', port: 9100 }, { key });
    const again = await manager.post('/api/printers', { name: 'Bar', host: '10.0.0.30', port: 9100 }, { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await printerCount()).toBe(before + 1);
  });

  it('refuses what it cannot add with 400 naming the field and its problem, adding nothing', async () => {
    const revoked = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Old PC');
    expect((await manager.delete(`/api/terminals/${revoked.id}`)).status).toBe(200);
    const cases: [unknown, string][] = [
      [{ host: '10.0.0.9', port: 9100 }, 'name'],
      [{ name: '  ', host: '10.0.0.9', port: 9100 }, 'name'],
      [{ name: 'X', port: 9100 }, SERVICE_MESSAGES.printerHostRequired],
      [{ name: 'X', host: '10.0.0.9' }, SERVICE_MESSAGES.printerPortRequired],
      [{ name: 'X', host: '10.0.0.9', port: 0 }, 'port'],
      [{ name: 'X', connection: 'usb' }, SERVICE_MESSAGES.printerDeviceRequired],
      [{ name: 'X', connection: 'usb', host: '/dev/usb/lp0', port: 9100 }, SERVICE_MESSAGES.printerPortUsb],
      [{ name: 'X', connection: 'serial', host: 'COM1' }, 'connection'],
      [{ name: 'X', host: 'a\u0007b', port: 9100 }, 'host'],
      [{ name: 'pass', host: '10.0.0.9', port: 9100 }, SERVICE_MESSAGES.printerNameTaken],
      [{ name: 'X', host: '10.0.0.9', port: 9100, terminalId: revoked.id }, MESSAGES.noSuchTerminal],
      [{ name: 'X', host: '10.0.0.9', port: 9100, terminalId: randomUUID() }, MESSAGES.noSuchTerminal],
      [{ name: 'X', host: '10.0.0.9', port: 9100, backupPrinterId: betaPrinter }, MESSAGES.noSuchPrinter],
      [{ name: 'X', host: '10.0.0.9', port: 9100, status: 'ONLINE' }, 'status'],
    ];
    const before = await printerCount();
    for (const [body, message] of cases) {
      const reply = await manager.post('/api/printers', body, { key: randomUUID() });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message, JSON.stringify(body)).toContain(message);
    }
    expect(await printerCount()).toBe(before);
  });

  it('is for managers: 403 to staff without MANAGE_SETTINGS, 401 to nobody', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const body = { name: 'Sneaky', host: '10.0.0.9', port: 9100 };
    expect((await staff.post('/api/printers', body, { key: randomUUID() })).status).toBe(403);
    expect((await new Client(h.cloud.url).post('/api/printers', body)).status).toBe(401);
    expect((await listed()).map((p) => p.name)).not.toContain('Sneaky');
  });
});

describe('PATCH /api/printers/:id', () => {
  it("changes a printer's name, place, station and address; a new address is asked again (UNKNOWN)", async () => {
    const pass = (await listed()).find((p) => p.name === 'Pass') as Printer;
    await h.database.db('printers').where({ id: pass.id }).update({ status: 'ONLINE' });
    const reply = await manager.request('PATCH', `/api/printers/${pass.id}`, {
      body: { name: 'Grill Pass', location: null, station: 'Grill', host: '10.0.0.22' },
      key: randomUUID(),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(Printer.parse(reply.body)).toMatchObject({
      name: 'Grill Pass',
      location: null,
      host: '10.0.0.22',
      port: 9100,
      status: 'UNKNOWN',
      terminalId: terminal.id,
    });
    const last = (await events('printer.updated')).at(-1);
    expect(last).toMatchObject({ printer: { id: pass.id, name: 'Grill Pass', host: '10.0.0.22' } });
  });

  it('turns a network printer into a USB one: the port goes', async () => {
    const bar = (await listed()).find((p) => p.name === 'Bar') as Printer;
    const reply = await manager.request('PATCH', `/api/printers/${bar.id}`, {
      body: { connection: 'usb', host: '/dev/usb/lp1' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ connection: 'usb', host: '/dev/usb/lp1', port: null });
  });
});

describe('DELETE /api/printers/:id', () => {
  it('removes a printer: gone from the list and the snapshot, its backup role cleared, printer.removed', async () => {
    const [pass, desk] = await Promise.all([
      listed().then((l) => l.find((p) => p.name === 'Grill Pass') as Printer),
      listed().then((l) => l.find((p) => p.name === 'Front Desk') as Printer),
    ]);
    expect(desk.backupPrinterId).toBe(pass.id);
    const key = randomUUID();
    const reply = await manager.delete(`/api/printers/${pass.id}`, { key });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.id).toBe(pass.id);
    // A repeat with the same key answers the same; without one, the printer is not found any more.
    expect((await manager.delete(`/api/printers/${pass.id}`, { key })).body.id).toBe(pass.id);
    expect((await manager.delete(`/api/printers/${pass.id}`)).status).toBe(404);
    const now = await listed();
    expect(now.map((p) => p.id)).not.toContain(pass.id);
    expect(now.find((p) => p.id === desk.id)?.backupPrinterId).toBeNull();
    expect(await events('printer.removed')).toEqual([expect.objectContaining({ printerId: pass.id })]);
    expect((await events('printer.updated')).at(-1)).toMatchObject({ printer: { id: desk.id, backupPrinterId: null } });
    const snapshot = SnapshotAnswer.parse((await terminal.client.get('/api/sync/snapshot')).body);
    expect(snapshot.printers.map((p) => p.id)).not.toContain(pass.id);
    // A removed printer cannot be changed, nor named as a backup.
    expect((await manager.request('PATCH', `/api/printers/${pass.id}`, { body: { name: 'Back' } })).status).toBe(404);
    const asBackup = await manager.request('PATCH', `/api/printers/${desk.id}`, { body: { backupPrinterId: pass.id } });
    expect(asBackup.status).toBe(400);
    expect(asBackup.body.message).toContain(MESSAGES.noSuchPrinter);
  });

  it("answers 404 for another organization's printer and 403 to staff, removing nothing", async () => {
    const desk = (await listed()).find((p) => p.name === 'Front Desk') as Printer;
    expect((await manager.delete(`/api/printers/${betaPrinter}`)).status).toBe(404);
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await staff.delete(`/api/printers/${desk.id}`)).status).toBe(403);
    expect((await listed()).map((p) => p.id)).toContain(desk.id);
    const beta = await h.database.db('printers').where({ id: betaPrinter }).first();
    expect(beta.removed_at).toBeNull();
  });
});

describe('GET /api/terminals', () => {
  it("lists the venue's paired terminals, not revoked ones nor another venue's", async () => {
    await pairTerminal(h.cloud.url, h.fixture.b.managerEmail, 'Beta PC');
    const reply = await manager.get('/api/terminals');
    expect(reply.status).toBe(200);
    const names = z
      .array(Terminal)
      .parse(reply.body)
      .map((t) => t.name);
    expect(names).toContain('Kitchen PC');
    expect(names).not.toContain('Old PC');
    expect(names).not.toContain('Beta PC');
    expect((await new Client(h.cloud.url).get('/api/terminals')).status).toBe(401);
  });
});
