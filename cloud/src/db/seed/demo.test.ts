import { rmSync } from 'node:fs';
import { ModifierGroup, PERMISSIONS } from '@tablewise/shared';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { pgliteFolder } from '../../test/pglite-folder.js';
import { closeDb, connectDb, type Db } from '../connect.js';
import { migrateLatest } from '../migrate.js';
import { seedDemo } from './demo.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo-data.js';

const printers = [
  { station: 'Grill', host: '127.0.0.1', port: 9101 },
  { station: 'Fry', host: '127.0.0.1', port: 9102 },
  { station: 'Bar', host: '10.0.0.7', port: 9104 },
];

async function count(db: Db, table: string, where: Record<string, unknown>): Promise<number> {
  const [row] = await db(table).where(where).count({ n: '*' });
  return Number(row?.n);
}

describe('seedDemo on a PostgreSQL server', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('seeds the demo venue once and answers the same ids afterwards', async () => {
    const { db } = t;
    const seed = await seedDemo(db, { printers });
    expect(seed.created).toBe(true);

    const org = await db('organizations').where({ id: seed.organizationId }).first('name', 'plan', 'owner_user_id');
    expect(org).toEqual({ name: 'Demo Restaurant Group', plan: 'PREMIUM', owner_user_id: seed.managerUserId });
    const venue = await db('venues').where({ id: seed.venueId }).first('name', 'tz', 'org_id', 'address');
    expect(venue).toMatchObject({ name: 'Main Location', tz: 'America/New_York', org_id: seed.organizationId });
    expect(venue.address).toBeTruthy();

    // The floor: three zones, numbering ranges of spec 2, inside the 800x600 canvas.
    expect(seed.tableIds.length).toBeGreaterThanOrEqual(16);
    const tables = await db('tables').where({ venue_id: seed.venueId }).select('*');
    expect(tables).toHaveLength(seed.tableIds.length);
    expect(new Set(tables.map((r) => r.zone))).toEqual(new Set(['Dining Room', 'Patio', 'Bar Area']));
    for (const r of tables) {
      expect(r.org_id).toBe(seed.organizationId);
      expect(r.capacity).toBeGreaterThanOrEqual(2);
      expect(r.capacity).toBeLessThanOrEqual(8);
      const x = Number(r.x_position);
      const y = Number(r.y_position);
      expect(x >= 0 && x <= 800 - 60 && y >= 0 && y <= 600 - 60, `table ${r.number} at ${x},${y}`).toBe(true);
      if (r.zone === 'Dining Room') expect(Number(r.number)).toBeLessThanOrEqual(20);
      if (r.zone === 'Patio') expect(Number(r.number)).toBeGreaterThanOrEqual(21);
      if (r.zone === 'Bar Area') expect(r.number).toMatch(/^B[1-8]$/);
      expect(r.state).toBe('EMPTY');
    }
    const first = await db('tables').where({ id: seed.tableIds[0] }).first('number', 'name');
    expect(first).toEqual({ number: '1', name: 'Table 1' });
    expect(await count(db, 'zones', { venue_id: seed.venueId })).toBe(3);
    expect(await count(db, 'floor_layouts', { venue_id: seed.venueId })).toBe(1);
    expect(await count(db, 'floor_layout_versions', { venue_id: seed.venueId })).toBe(1);

    // The menu: every item on one of the four stations, drinks at the Bar, valid modifier groups.
    expect(seed.menuItemIds.length).toBeGreaterThanOrEqual(20);
    const items = await db('menu_items').where({ venue_id: seed.venueId }).select('*');
    expect(new Set(items.map((m) => m.category)).size).toBeGreaterThanOrEqual(4);
    for (const m of items) {
      expect(['Grill', 'Fry', 'Cold', 'Bar']).toContain(m.station);
      if (m.category === 'Drinks') expect(m.station).toBe('Bar');
      expect(m.price).toMatch(/^\d+\.\d{2}$/);
      expect(m.prep_time).toBeGreaterThan(0);
      expect(Array.isArray(m.allergens)).toBe(true);
      z.array(ModifierGroup).parse(m.modifiers_schema);
    }
    const byName = new Map(items.map((m) => [m.name, m] as const));
    const steak = z.array(ModifierGroup).parse(byName.get('Ribeye Steak')?.modifiers_schema);
    expect(steak.find((g) => g.name === 'Doneness')).toMatchObject({ type: 'single', required: true });
    const burger = z.array(ModifierGroup).parse(byName.get('Classic Burger')?.modifiers_schema);
    expect(burger.find((g) => g.name === 'Add-ons')).toMatchObject({ type: 'multiple' });
    expect(
      items.some(
        (m) => m.station === 'Bar' && (m.modifiers_schema as ModifierGroup[]).some((g) => g.type === 'single'),
      ),
    ).toBe(true);
    expect(items.some((m) => m.is_vegetarian) && items.some((m) => m.is_popular)).toBe(true);

    // The manager signs in with the documented password and may do everything in the venue.
    const manager = await db('users').where({ id: seed.managerUserId }).first('email', 'password_hash');
    expect(manager.email).toBe('manager@demo.test');
    expect(await argon2.verify(manager.password_hash, 'demo-manager')).toBe(true);
    expect(await argon2.verify(manager.password_hash, 'wrong')).toBe(false);
    const roles = await db('user_roles')
      .where({ user_id: seed.managerUserId })
      .select('role', 'organization_id', 'venue_id', 'permissions');
    expect(roles).toEqual([
      { role: 'MANAGER', organization_id: seed.organizationId, venue_id: seed.venueId, permissions: [...PERMISSIONS] },
    ]);

    // One floor staff member per duty, with the documented password and no extra permission.
    const floor = await db('users')
      .join('user_roles', 'user_roles.user_id', 'users.id')
      .whereIn(
        'users.email',
        DEMO_STAFF.map((m) => m.email),
      )
      .select('users.email', 'users.password_hash', 'user_roles.role', 'user_roles.duty', 'user_roles.permissions');
    expect(floor.map((r) => [r.email, r.role, r.duty, r.permissions]).sort()).toEqual(
      DEMO_STAFF.map((m) => [m.email, 'STAFF', m.duty, []]).sort(),
    );
    expect(await argon2.verify(floor[0].password_hash, DEMO_STAFF_PASSWORD)).toBe(true);

    // One printer per station, at the given address or the default, not yet given to a terminal.
    const printerRows = await db('printers').whereIn('id', seed.printerIds).select('*');
    expect(seed.printerIds).toHaveLength(4);
    const byStation = new Map(printerRows.map((p) => [p.station, p] as const));
    expect(byStation.get('Grill')).toMatchObject({
      name: 'Grill Printer',
      type: 'thermal',
      connection: 'tcp',
      host: '127.0.0.1',
      port: 9101,
      terminal_id: null,
      backup_printer_id: null,
    });
    // The bar's tickets go to the cold station's printer when the bar's has been down a while.
    expect(byStation.get('Bar')).toMatchObject({
      name: 'Bar Printer',
      host: '10.0.0.7',
      port: 9104,
      backup_printer_id: byStation.get('Cold')?.id,
    });
    expect(byStation.get('Cold')).toMatchObject({ name: 'Cold Printer', host: '127.0.0.1', port: 9100 });
    const printerOrder = await db('printers').whereIn('id', seed.printerIds).select('id', 'station');
    expect(seed.printerIds.map((id) => printerOrder.find((p) => p.id === id)?.station)).toEqual([
      'Grill',
      'Fry',
      'Cold',
      'Bar',
    ]);

    // Idempotent: a second call changes nothing but the printer addresses it is given.
    const again = await seedDemo(db, { printers: [{ station: 'Cold', host: '127.0.0.1', port: 9203 }] });
    expect(again).toEqual({ ...seed, created: false });
    expect(await count(db, 'organizations', {})).toBe(1);
    expect(await count(db, 'tables', {})).toBe(seed.tableIds.length);
    expect(await count(db, 'menu_items', {})).toBe(seed.menuItemIds.length);
    expect(await count(db, 'users', {})).toBe(1 + DEMO_STAFF.length);
    expect(await db('printers').where({ station: 'Cold' }).first('port')).toEqual({ port: 9203 });
    expect(await db('printers').where({ station: 'Grill' }).first('port')).toEqual({ port: 9101 });
  });

  it('refuses a bad printer port and writes nothing', async () => {
    const other = await createTestDatabase();
    try {
      await expect(
        seedDemo(other.db, { printers: [{ station: 'Grill', host: '127.0.0.1', port: 70_000 }] }),
      ).rejects.toThrow(/Printer port for Grill must be 1 to 65535/);
      expect(await count(other.db, 'organizations', {})).toBe(0);
    } finally {
      await other.drop();
    }
  });
});

describe('seedDemo on embedded PGlite', () => {
  it('seeds the same demo, concurrently called or not', async () => {
    const dir = await pgliteFolder('tw-seed-');
    const db = await connectDb({ dataDir: dir });
    try {
      await migrateLatest(db);
      const [a, b] = await Promise.all([seedDemo(db), seedDemo(db)]);
      expect([a.created, b.created].sort()).toEqual([false, true]);
      expect({ ...a, created: true }).toEqual({ ...b, created: true });
      expect(await count(db, 'tables', {})).toBe(a.tableIds.length);
      const items = await db('menu_items').select('modifiers_schema', 'allergens');
      expect(items.length).toBe(a.menuItemIds.length);
      for (const m of items) z.array(ModifierGroup).parse(m.modifiers_schema);
    } finally {
      await closeDb(db);
      rmSync(dir, { recursive: true, force: true });
    }
    // Every migration, then the seed, in WebAssembly: a minute of a core when the machine is busy.
  }, 180_000);
});
