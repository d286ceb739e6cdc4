// The floor layout on the server (issue 25): versions with who and when, the 409 of a stale save,
// restore, and Publish turning the layout into the venue's tables in one transaction, refused
// while a table to retire is in use. One cloud and one database for the file.
import { randomUUID } from 'node:crypto';
import {
  FLOOR_MESSAGES,
  type FloorLayoutInput,
  FloorTemplate,
  GuestTable,
  PublishAnswer,
  type Table,
} from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../testkit/fixture.js';
import {
  Client,
  checkInGuest,
  entranceCode,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../testkit/harness.js';

let h: Harness;
let mia: Client;
let max: Client;
let staff: Client;
let beta: Client;
let t1: string;
let t2: string;
let t3: string;
const held = randomUUID();
const ordered = randomUUID();

beforeAll(async () => {
  h = await startHarness();
  const { db } = h.database;
  const { orgId, venueId, tableIds, managerEmail, staffEmail } = h.fixture.a;
  [t1, t2, t3] = tableIds as [string, string, string];
  const hash = (await db('users').where({ email: managerEmail }).first('password_hash')).password_hash;
  const maxId = randomUUID();
  await db('users').insert({
    id: maxId,
    email: 'max@a.test',
    password_hash: hash,
    first_name: 'Max',
    last_name: 'Second',
  });
  await db('user_roles').insert({
    id: randomUUID(),
    user_id: maxId,
    organization_id: orgId,
    venue_id: venueId,
    role: 'MANAGER',
    permissions: [],
  });
  // Table 4 is held for Lee's booking; table 5 has an order not yet closed, Kim's.
  const table = (id: string, number: string, extra: object = {}) => ({
    id,
    org_id: orgId,
    venue_id: venueId,
    number,
    name: `Table ${number}`,
    capacity: 2,
    capacity_max: 2,
    ...extra,
  });
  await db('tables').insert([table(held, '4', { state: 'RESERVED', party_name: 'Lee' }), table(ordered, '5')]);
  const sessionId = randomUUID();
  await db('sessions').insert({
    id: sessionId,
    org_id: orgId,
    venue_id: venueId,
    table_id: ordered,
    party_size: 2,
    guest_name: 'Kim',
    status: 'CLOSED',
  });
  await db('orders').insert({
    id: randomUUID(),
    org_id: orgId,
    venue_id: venueId,
    session_id: sessionId,
    status: 'CREATED',
  });
  mia = await loginAs(h.cloud.url, managerEmail);
  max = await loginAs(h.cloud.url, 'max@a.test');
  staff = await loginAs(h.cloud.url, staffEmail);
  beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
  expect(PASSWORD).toBeTruthy();
});
afterAll(async () => {
  await h?.close();
});

const zones: FloorLayoutInput['zones'] = [
  { id: 'z-main', name: 'Main', type: 'dining', x: 0, y: 0, width: 400, height: 300, color: '#dbeafe' },
  { id: 'z-bar', name: 'Bar', type: 'bar', x: 500, y: 0, width: 200, height: 200, color: '#fef3c7' },
];
function table(id: string, x: number, y: number, tableId: string | null, number: string | null = null) {
  return {
    id,
    libraryComponentId: 'round-4',
    name: 'Round Table',
    type: 'table' as const,
    shape: 'round' as const,
    x,
    y,
    width: 80,
    height: 80,
    number,
    capacity: 4,
    zone: null,
    tableId,
  };
}
/** Table 1 stays, table 2 moves to the bar (unnumbered: it becomes B1), a new table joins the
 * main room, and `keep` says which of tables 3, 4 and 5 stay on the floor. */
function layout(keep: { t3?: boolean; held?: boolean; ordered?: boolean }): FloorLayoutInput {
  return {
    zones,
    components: [
      table('c1', 20, 20, t1, '1'),
      table('c2', 520, 20, t2),
      table('c-new', 200, 20, null),
      ...(keep.t3 ? [table('c3', 100, 150, t3, '3')] : []),
      ...(keep.held ? [table('c4', 20, 400, held, '4')] : []),
      ...(keep.ordered ? [table('c5', 120, 400, ordered, '5')] : []),
    ],
  };
}

async function head(): Promise<number> {
  return (await mia.get('/api/floor-layout')).body.current?.version ?? 0;
}
async function save(client: Client, body: unknown) {
  return client.request('PUT', '/api/floor-layout', { body });
}
async function tables(): Promise<Table[]> {
  return (await mia.get('/api/tables')).body;
}

describe('saving in versions', () => {
  it('saves a first version with who and when, and staff without MANAGE_TABLES may look but not save', async () => {
    expect((await mia.get('/api/floor-layout')).body).toEqual({ current: null, publishedVersion: null });
    const first = await save(mia, { baseVersion: null, layout: layout({ t3: true, held: true, ordered: true }) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: 1, savedBy: 'Mia Manager', tables: 6, zones: 2, publishedAt: null });
    expect(first.body.layout.numbering).toEqual({
      useZonePrefixes: true,
      useShapeSuffixes: false,
      sequentialByZone: true,
    });
    expect((await staff.get('/api/floor-layout')).body.current.version).toBe(1);
    const refused = await save(staff, { baseVersion: 1, layout: layout({}) });
    expect(refused.status).toBe(403);
    expect(await head()).toBe(1);
  });

  it('answers a save over a newer version with 409 naming who saved it and when, and keeps both', async () => {
    const second = await save(max, { baseVersion: 1, layout: layout({ t3: true }) });
    expect(second.status).toBe(201);
    expect(second.body.savedBy).toBe('Max Second');
    const stale = await save(mia, { baseVersion: 1, layout: layout({ t3: true, held: true }) });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ id: 'layout_stale', version: 2, savedBy: 'Max Second' });
    expect(stale.body.message).toMatch(/^Max Second saved version 2 of this floor at \w+ \d+, \d+:\d\d [AP]M\. Reload/);
    const versions = (await mia.get('/api/floor-layout/versions')).body;
    expect(versions.map((v: { version: number; savedBy: string }) => [v.version, v.savedBy])).toEqual([
      [2, 'Max Second'],
      [1, 'Mia Manager'],
    ]);
  });

  it('restores an older version as the newest, and looks one up by number', async () => {
    const restored = await mia.post('/api/floor-layout/versions/1/restore', { baseVersion: 2 });
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ version: 3, note: 'Restored version 1', tables: 6 });
    const one = await mia.get('/api/floor-layout/versions/1');
    expect(one.body.layout.components).toEqual(restored.body.layout.components);
    expect((await mia.get('/api/floor-layout/versions/99')).status).toBe(404);
    expect((await mia.get('/api/floor-layout/versions/abc')).status).toBe(404);
    const staleRestore = await mia.post('/api/floor-layout/versions/2/restore', { baseVersion: 2 });
    expect(staleRestore.status).toBe(409);
  });

  it('refuses bad input with the field named, a table of another floor, and saves nothing', async () => {
    const bad = layout({ t3: true }) as { components: { x: unknown }[] };
    (bad.components[0] as { x: unknown }).x = 'left';
    const badReply = await save(mia, { baseVersion: 3, layout: bad });
    expect(badReply.status).toBe(400);
    expect(badReply.body.message).toContain('layout.components.0.x');
    const twice = layout({});
    twice.components.push({ ...(twice.components[0] as object), tableId: null } as never);
    const twiceReply = await save(mia, { baseVersion: 3, layout: twice });
    expect(twiceReply.status).toBe(400);
    expect(twiceReply.body.message).toContain(FLOOR_MESSAGES.duplicateComponentId('c1'));
    const foreign = layout({});
    foreign.components.push(table('c-x', 300, 200, h.fixture.b.tableIds[0] as string, '9'));
    const foreignReply = await save(mia, { baseVersion: 3, layout: foreign });
    expect(foreignReply.status).toBe(422);
    expect(foreignReply.body).toEqual({ id: 'layout_invalid', message: FLOOR_MESSAGES.foreignTable('9') });
    expect(await head()).toBe(3);
  });

  it('keeps organizations apart: another organization sees none of it and cannot restore it', async () => {
    expect((await beta.get('/api/floor-layout')).body.current).toBeNull();
    expect((await beta.get('/api/floor-layout/versions/1')).status).toBe(404);
    expect((await beta.post('/api/floor-layout/versions/1/restore', { baseVersion: null })).status).toBe(404);
    expect((await beta.post('/api/floor-layout/publish', { baseVersion: 3 })).status).toBe(409);
    expect(await head()).toBe(3);
    expect((await tables()).map((t) => t.number)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('publishing', () => {
  it('refuses to retire a table with a seated party, open orders or a hold, naming the party, and changes nothing', async () => {
    await checkInGuest(h.cloud.url, staff, t3);
    const cases = [
      { keep: { held: true, ordered: true }, message: FLOOR_MESSAGES.retireSeated('3', 'Ada') },
      { keep: { t3: true, ordered: true }, message: FLOOR_MESSAGES.retireHeld('4', 'Lee') },
      { keep: { t3: true, held: true }, message: FLOOR_MESSAGES.retireOpenOrders('5', 'Kim') },
    ];
    for (const { keep, message } of cases) {
      const base = await head();
      expect((await save(mia, { baseVersion: base, layout: layout(keep) })).status).toBe(201);
      const refused = await mia.post('/api/floor-layout/publish', { baseVersion: base + 1 });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ id: 'table_in_use', message });
    }
    const after = await tables();
    expect(after.map((t) => t.number)).toEqual(['1', '2', '3', '4', '5']);
    expect((await mia.get('/api/floor-layout')).body.publishedVersion).toBeNull();
  });

  it('creates, moves, renumbers and retires tables in one go, and says so live', async () => {
    await h.database.db('tables').where({ id: held }).update({ state: 'EMPTY', party_name: null });
    await h.database
      .db('orders')
      .whereIn('session_id', h.database.db('sessions').where({ table_id: ordered }).select('id'))
      .update({ status: 'CLOSED' });
    const base = await head();
    expect((await save(mia, { baseVersion: base, layout: layout({ t3: true }) })).status).toBe(201);
    const stale = await mia.post('/api/floor-layout/publish', { baseVersion: base });
    expect(stale.status).toBe(409);
    const reply = await mia.post('/api/floor-layout/publish', { baseVersion: base + 1 });
    expect(reply.status).toBe(200);
    const answer = PublishAnswer.parse(reply.body);
    expect(answer).toMatchObject({ created: 1, retired: 2, renumbered: 1 });
    expect(answer.moved).toBeGreaterThanOrEqual(2);
    expect(answer.version).toMatchObject({ version: base + 2, note: `Published version ${base + 1}` });
    const byNumber = Object.fromEntries((await tables()).map((t) => [t.number, t]));
    expect(Object.keys(byNumber).sort()).toEqual(['1', '2', '3', 'B1']);
    expect(byNumber.B1).toMatchObject({
      id: t2,
      zone: 'Bar',
      xPosition: 520,
      yPosition: 20,
      capacity: 4,
      shape: 'CIRCLE',
    });
    expect(byNumber['3']).toMatchObject({ id: t3, zone: 'Main', xPosition: 100, state: 'OCCUPIED' });
    const created = byNumber['2'] as Table;
    expect(answer.version.layout.components.find((c) => c.id === 'c-new')?.tableId).toBe(created.id);
    expect((await mia.get('/api/floor-layout')).body.publishedVersion).toBe(base + 2);
    const [event] = await h.database.db('events').where({ type: 'floor.published' }).orderBy('seq', 'desc');
    expect(event.payload_json.retiredTableIds.sort()).toEqual([held, ordered].sort());
    expect(event.payload_json.tables).toHaveLength(4);
    // The version published rides on the event and the terminals' snapshot, zones and all: a
    // replica draws the live floor from it with the cloud down.
    expect(event.payload_json.published).toEqual(answer.version);
    const terminal = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail);
    const snapshot = await terminal.client.get('/api/sync/snapshot');
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.floorLayout).toEqual(answer.version);
    expect(snapshot.body.floorLayout.layout.zones.length).toBeGreaterThan(0);
  });

  it('swaps two numbers, and a new save over the published version keeps the links', async () => {
    const current = (await mia.get('/api/floor-layout')).body.current;
    const swapped = {
      ...current.layout,
      components: current.layout.components.map((c: { id: string; number: string }) =>
        c.id === 'c1' ? { ...c, number: '2' } : c.id === 'c-new' ? { ...c, number: '1' } : c,
      ),
    };
    expect((await save(mia, { baseVersion: current.version, layout: swapped })).status).toBe(201);
    const reply = await mia.post('/api/floor-layout/publish', { baseVersion: current.version + 1 });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ created: 0, retired: 0, renumbered: 2 });
    expect((await tables()).find((t) => t.number === '2')?.id).toBe(t1);
  });
});

describe("the guest's seat map", () => {
  /** A walk-in's phone at the venue of `managerEmail`, by its entrance code: the tables as seat selection reads them. */
  async function guestTablesAt(venueId: string, managerEmail: string): Promise<GuestTable[]> {
    const guest = new Client(h.cloud.url);
    const { token } = await entranceCode(h.cloud.url, managerEmail);
    const checkin = await guest.post('/api/guest/checkin', { guestName: 'Noor', partySize: 2, venueId, token });
    expect(checkin.status, JSON.stringify(checkin.body)).toBe(200);
    const reply = await guest.get('/api/guest/tables');
    expect(reply.status).toBe(200);
    return GuestTable.array().parse(reply.body);
  }

  it('places each table where the published layout draws it, in its size and shape; a venue that never published gets none', async () => {
    const published = (await mia.get('/api/floor-layout')).body;
    const drawn = await mia.get(`/api/floor-layout/versions/${published.publishedVersion}`);
    const components = drawn.body.layout.components as { tableId: string; x: number; y: number }[];
    const seen = await guestTablesAt(h.fixture.a.venueId, h.fixture.a.managerEmail);
    expect(seen.length).toBeGreaterThan(0);
    for (const t of seen) {
      const c = components.find((o) => o.tableId === t.id);
      expect(c, t.number).toBeDefined();
      expect(t.place).toEqual({ x: c?.x, y: c?.y, width: 80, height: 80, rotation: 0, shape: 'round' });
      expect(t.name).toBe(`Table ${t.number}`);
    }
    // Another organization's venue has published nothing: its guests keep the spec's map.
    const other = await guestTablesAt(h.fixture.b.venueId, h.fixture.b.managerEmail);
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((t) => t.place === null)).toBe(true);
  });
});

describe('templates (Save as Template)', () => {
  const patioOf = () => ({
    zones: [{ id: 'z-patio', name: 'Patio', type: 'patio', x: 0, y: 0, width: 300, height: 200, color: '#dcfce7' }],
    components: [
      { ...table('p1', 20, 20, t1 as string, '7'), zone: 'z-patio' },
      { ...table('p2', 140, 20, null), zone: 'z-patio' },
    ],
  });

  it("keeps a zone with its tables for the organization, by name; every venue's staff list it", async () => {
    const patio = patioOf();
    expect(patio.components[0]?.tableId).toBe(t1);
    const reply = await mia.post(
      '/api/floor-templates',
      { name: '  Summer patio ', layout: patio },
      { key: randomUUID() },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const saved = FloorTemplate.parse(reply.body);
    expect(saved).toMatchObject({ name: 'Summer patio', layout: { zones: [{ name: 'Patio' }] } });
    expect(saved.savedBy).toBeTruthy();
    // The link to the venue's table is not carried: placing it makes new tables.
    expect(saved.layout.components.map((c) => c.tableId)).toEqual([null, null]);
    const listed = (await staff.get('/api/floor-templates')).body.templates as FloorTemplate[];
    expect(listed.map((t) => t.name)).toEqual(['Summer patio']);
    // The same name again replaces it.
    const again = await mia.post(
      '/api/floor-templates',
      { name: 'summer PATIO', layout: { ...patio, components: patio.components.slice(0, 1) } },
      { key: randomUUID() },
    );
    expect(again.status).toBe(201);
    const after = (await mia.get('/api/floor-templates')).body.templates as FloorTemplate[];
    expect(after.map((t) => [t.name, t.layout.components.length])).toEqual([['summer PATIO', 1]]);
  });

  it('refuses staff without MANAGE_TABLES, an empty name and a bad layout, and keeps organizations apart', async () => {
    const patio = patioOf();
    const before = await h.database.db('floor_templates').count({ n: '*' });
    expect(
      (await staff.post('/api/floor-templates', { name: 'Mine', layout: patio }, { key: randomUUID() })).status,
    ).toBe(403);
    const empty = await mia.post('/api/floor-templates', { name: '   ', layout: patio }, { key: randomUUID() });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(FLOOR_MESSAGES.templateNameRequired);
    const bad = await mia.post(
      '/api/floor-templates',
      { name: 'Bad', layout: { zones: [], components: [{ ...patio.components[0], width: -5 }] } },
      { key: randomUUID() },
    );
    expect(bad.status).toBe(400);
    expect(await h.database.db('floor_templates').count({ n: '*' })).toEqual(before);
    expect((await beta.get('/api/floor-templates')).body.templates).toEqual([]);
  });
});
