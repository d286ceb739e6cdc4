// The demo organization: one venue with a floor of 22 tables in three zones, a 23-item menu over
// the four kitchen stations, a printer per station, three runners and a manager who can sign in.
// Seeds once; afterwards it answers the ids of what is there.
import { createHash } from 'node:crypto';
import { PERMISSIONS, PRINTING } from '@tablewise/shared';
import argon2 from 'argon2';
import type { Knex } from 'knex';
import type { Db } from '../connect.js';
import {
  DEMO_BACKUP_STATIONS,
  DEMO_MANAGER_EMAIL,
  DEMO_MANAGER_PASSWORD,
  DEMO_MENU,
  DEMO_ORGANIZATION_NAME,
  DEMO_RUNNERS,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  DEMO_STATIONS,
  DEMO_TABLES,
  DEMO_VENUE_NAME,
  DEMO_ZONES,
  tableSize,
} from './demo-data.js';

interface DemoPrinterAddress {
  station: string;
  host: string;
  port: number;
}

export interface SeedDemoOptions {
  /** Where each station's printer listens; a station not listed gets 127.0.0.1:9100. On an
   * existing seed, listed addresses replace the stored ones (emulator ports can move). */
  printers?: DemoPrinterAddress[];
  /** Accepted for the start script's convenience; the seed creates no terminal (pairing does). */
  terminalName?: string;
}

export interface DemoSeed {
  organizationId: string;
  venueId: string;
  managerUserId: string;
  /** In floor order: Dining Room 1-10, Patio 21-26, Bar Area B1-B6. */
  tableIds: string[];
  /** In menu order: Starters, Mains, Desserts, Drinks. */
  menuItemIds: string[];
  /** In station order: Grill, Fry, Cold, Bar. */
  printerIds: string[];
  created: boolean;
}

/** A stable uuid per demo thing, so a re-seeded demo keeps its ids (QR links, bookmarks). */
function demoId(kind: string, key: string): string {
  const hex = createHash('sha256').update(`tablewise-demo:${kind}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const DEMO_ORGANIZATION_ID = demoId('organization', 'demo');
const DEMO_VENUE_ID = demoId('venue', 'main');

// Two processes starting at once (start script and a test, say) must not both seed.
const SEED_LOCK = 746_517_002;

export async function seedDemo(db: Db, opts: SeedDemoOptions = {}): Promise<DemoSeed> {
  const addresses = new Map((opts.printers ?? []).map((p) => [p.station, p] as const));
  for (const p of addresses.values()) {
    if (!Number.isInteger(p.port) || p.port < 1 || p.port > 65_535) {
      throw new Error(`Printer port for ${p.station} must be 1 to 65535, got ${p.port}`);
    }
  }
  // Hashing is slow on purpose; do it before taking the lock.
  const [passwordHash, staffHash] = await Promise.all([
    argon2.hash(DEMO_MANAGER_PASSWORD),
    argon2.hash(DEMO_STAFF_PASSWORD),
  ]);

  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    const existing = await trx('organizations').where({ id: DEMO_ORGANIZATION_ID }).first('id');
    if (existing) {
      for (const [station, p] of addresses) {
        await trx('printers')
          .where({ venue_id: DEMO_VENUE_ID, station })
          .update({ host: p.host, port: p.port, updated_at: trx.fn.now() });
      }
      return { ...(await readSeed(trx)), created: false };
    }
    await insertDemo(trx, passwordHash, addresses);
    await insertDemoStaff(trx, staffHash);
    return { ...(await readSeed(trx)), created: true };
  });
}

/** One floor staff member per duty, each a STAFF of the demo venue with no extra permission. */
async function insertDemoStaff(trx: Knex.Transaction, passwordHash: string): Promise<void> {
  for (const member of DEMO_STAFF) {
    await trx('users')
      .insert({
        id: demoId('user', member.email),
        email: member.email,
        password_hash: passwordHash,
        first_name: member.firstName,
        last_name: member.lastName,
      })
      .onConflict('email')
      .ignore();
    const user = await trx('users').where({ email: member.email }).first('id');
    if (!user) throw new Error(`Demo staff ${member.email} could not be created`);
    await trx('user_roles').insert({
      id: demoId('user-role', `${user.id}:${DEMO_VENUE_ID}`),
      user_id: user.id,
      organization_id: DEMO_ORGANIZATION_ID,
      venue_id: DEMO_VENUE_ID,
      role: 'STAFF',
      permissions: [],
      duty: member.duty,
    });
  }
}

async function insertDemo(
  trx: Knex.Transaction,
  passwordHash: string,
  addresses: Map<string, DemoPrinterAddress>,
): Promise<void> {
  const orgId = DEMO_ORGANIZATION_ID;
  const venueId = DEMO_VENUE_ID;

  // The manager may exist from an earlier demo whose organization was deleted: keep the identity.
  await trx('users')
    .insert({
      id: demoId('user', DEMO_MANAGER_EMAIL),
      email: DEMO_MANAGER_EMAIL,
      password_hash: passwordHash,
      first_name: 'Demo',
      last_name: 'Manager',
    })
    .onConflict('email')
    .ignore();
  const manager = await trx('users').where({ email: DEMO_MANAGER_EMAIL }).first('id');
  if (!manager) throw new Error('Demo manager could not be created');
  const managerId: string = manager.id;

  await trx('organizations').insert({
    id: orgId,
    name: DEMO_ORGANIZATION_NAME,
    owner_user_id: managerId,
    plan: 'PREMIUM',
    flags_json: JSON.stringify({ demo: true }),
  });
  const recipients = [DEMO_MANAGER_EMAIL];
  await trx('venues').insert({
    id: venueId,
    org_id: orgId,
    name: DEMO_VENUE_NAME,
    address: '123 Demo Street, New York, NY 10010',
    // Load Demo Data is allowed here (POST /api/demo/populate).
    flags_json: JSON.stringify({ demo: true }),
    tz: 'America/New_York',
    lat: '40.7411000',
    lng: '-73.9897000',
    hours_json: JSON.stringify(
      Object.fromEntries(
        ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
          d,
          { open: '11:00', close: d === 'fri' || d === 'sat' ? '23:30' : '22:30' },
        ]),
      ),
    ),
    // Spec 1 section 3: the default recipients by alert type, then urgency.
    alert_recipients_json: JSON.stringify({
      ORDER_DELAYED: { HIGH: recipients, CRITICAL: recipients },
      EXIT_WITHOUT_PAYMENT: { CRITICAL: recipients },
      TABLE_READY: { MEDIUM: recipients },
      RESERVATION_CONFIRMED: { MEDIUM: recipients },
    }),
  });
  await trx('user_roles').insert({
    id: demoId('user-role', `${managerId}:${venueId}`),
    user_id: managerId,
    organization_id: orgId,
    venue_id: venueId,
    role: 'MANAGER',
    permissions: [...PERMISSIONS],
  });

  const restaurantId = demoId('restaurant', 'demo');
  await trx('restaurants').insert({
    id: restaurantId,
    org_id: orgId,
    slug: 'demo-restaurant',
    name: 'Demo Restaurant',
    description: 'Seasonal American cooking, a sunny patio and a lively bar.',
    phone: '+1 212 555 0100',
    email: 'hello@demo.test',
    cuisines: ['American', 'Grill'],
    price_tier: '$$',
    is_public: true,
    primary_venue_id: venueId,
  });

  const zoneIds = new Map(DEMO_ZONES.map((z) => [z.name, demoId('zone', z.key)] as const));
  await trx('zones').insert(
    DEMO_ZONES.map((z, i) => ({
      id: zoneIds.get(z.name),
      org_id: orgId,
      venue_id: venueId,
      name: z.name,
      type: z.type,
      x: z.x,
      y: z.y,
      width: z.width,
      height: z.height,
      color: z.color,
      sort_order: i,
    })),
  );

  const tableRows = DEMO_TABLES.map((t) => ({
    id: demoId('table', t.number),
    org_id: orgId,
    venue_id: venueId,
    restaurant_id: restaurantId,
    number: t.number,
    name: `Table ${t.number}`,
    shape: t.shape,
    capacity: t.capacity,
    capacity_min: 1,
    capacity_max: t.capacity,
    x_position: t.x,
    y_position: t.y,
    zone: t.zone,
    is_accessible: t.isAccessible ?? false,
    has_view: t.hasView ?? false,
    has_plugs: t.hasPlugs ?? false,
    is_quiet: t.isQuiet ?? false,
  }));
  await trx('tables').insert(tableRows);
  await trx('table_status_cache').insert(
    tableRows.map((t) => ({ table_id: t.id, org_id: orgId, venue_id: venueId, status: 'EMPTY' })),
  );

  // The designer's saved layout mirrors the floor, so the manager opens the same plan guests see.
  const liveLayout = {
    id: demoId('floor-layout', 'main'),
    org_id: orgId,
    venue_id: venueId,
    name: 'Main',
    components: JSON.stringify(
      DEMO_TABLES.map((t, i) => {
        const size = tableSize(t.shape, t.capacity);
        return {
          id: demoId('component', t.number),
          componentId: demoId('component', t.number),
          type: 'table',
          x: t.x,
          y: t.y,
          width: size.width,
          height: size.height,
          rotation: 0,
          zIndex: i + 1,
          number: t.number,
          capacity: t.capacity,
          zone: zoneIds.get(t.zone),
          tableId: demoId('table', t.number),
          state: 'EMPTY',
          libraryComponentId: libraryIdOf(t.shape, t.capacity),
        };
      }),
    ),
    zones: JSON.stringify(
      DEMO_ZONES.map((z) => ({
        id: zoneIds.get(z.name),
        name: z.name,
        type: z.type,
        x: z.x,
        y: z.y,
        width: z.width,
        height: z.height,
        color: z.color,
      })),
    ),
    numbering_json: JSON.stringify({ useZonePrefixes: true, useShapeSuffixes: false, sequentialByZone: true }),
    updated_by: managerId,
  };
  await trx('floor_layouts').insert(liveLayout);
  // Version 1 of the floor as the designer keeps it (issue 25), the same layout.
  await trx('floor_layout_versions').insert({
    id: demoId('floor-layout-version', '1'),
    org_id: orgId,
    venue_id: venueId,
    version: 1,
    layout_json: JSON.stringify({
      components: JSON.parse(liveLayout.components),
      zones: JSON.parse(liveLayout.zones),
      numbering: JSON.parse(liveLayout.numbering_json),
    }),
    saved_by: managerId,
    saved_by_name: 'Tablewise demo',
    saved_at: new Date(),
    note: 'The demo floor',
  });

  await trx('menu_items').insert(
    DEMO_MENU.map((m, i) => ({
      id: demoId('menu-item', m.key),
      org_id: orgId,
      venue_id: venueId,
      name: m.name,
      description: m.description,
      price: m.price,
      category: m.category,
      is_available: true,
      allergens: m.allergens,
      prep_time: m.prepTime,
      calories: m.calories,
      is_vegetarian: m.isVegetarian ?? false,
      is_vegan: m.isVegan ?? false,
      is_gluten_free: m.isGlutenFree ?? false,
      is_spicy: m.isSpicy ?? false,
      is_popular: m.isPopular ?? false,
      station: m.station,
      temperature: m.station === 'Grill' || m.station === 'Fry' ? 'hot' : 'cold',
      is_fragile: m.isFragile ?? false,
      modifiers_schema: JSON.stringify(m.modifiers ?? []),
      sort_order: i,
    })),
  );

  await trx('printers').insert(
    DEMO_STATIONS.map((station) => {
      const address = addresses.get(station);
      const backup = DEMO_BACKUP_STATIONS[station];
      return {
        id: demoId('printer', station),
        org_id: orgId,
        venue_id: venueId,
        name: `${station} Printer`,
        location: station === 'Bar' ? 'Bar' : `Kitchen – ${station} station`,
        type: 'thermal',
        station,
        connection: 'tcp',
        host: address?.host ?? '127.0.0.1',
        port: address?.port ?? PRINTING.defaultPort,
        // The start script gives the printers to the terminal it pairs.
        terminal_id: null,
        backup_printer_id: backup ? demoId('printer', backup) : null,
      };
    }),
  );

  await trx('runners').insert(
    DEMO_RUNNERS.map((r) => ({
      id: demoId('runner', r.name),
      org_id: orgId,
      venue_id: venueId,
      name: r.name,
      status: 'available',
      current_zone: r.zone,
    })),
  );
}

function libraryIdOf(shape: string, capacity: number): string {
  return `${shape.toLowerCase()}-${capacity}`;
}

async function readSeed(trx: Knex.Transaction): Promise<Omit<DemoSeed, 'created'>> {
  const role = await trx('user_roles')
    .join('users', 'users.id', 'user_roles.user_id')
    .where({ 'user_roles.organization_id': DEMO_ORGANIZATION_ID, 'users.email': DEMO_MANAGER_EMAIL })
    .first('users.id as id');
  const tables: { id: string; number: string }[] = await trx('tables')
    .where({ venue_id: DEMO_VENUE_ID })
    .select('id', 'number');
  const tableOrder = new Map(DEMO_TABLES.map((t, i) => [t.number, i] as const));
  const printers: { id: string; station: string | null }[] = await trx('printers')
    .where({ venue_id: DEMO_VENUE_ID })
    .select('id', 'station');
  const stationOrder = new Map(DEMO_STATIONS.map((s, i) => [s as string, i] as const));
  const last = Number.MAX_SAFE_INTEGER;
  return {
    organizationId: DEMO_ORGANIZATION_ID,
    venueId: DEMO_VENUE_ID,
    managerUserId: role?.id ?? demoId('user', DEMO_MANAGER_EMAIL),
    // Tables staff added later come after the demo's own, by number.
    tableIds: tables
      .sort(
        (a, b) =>
          (tableOrder.get(a.number) ?? last) - (tableOrder.get(b.number) ?? last) || a.number.localeCompare(b.number),
      )
      .map((t) => t.id),
    menuItemIds: await trx('menu_items')
      .where({ venue_id: DEMO_VENUE_ID })
      .orderBy([{ column: 'sort_order' }, { column: 'name' }])
      .pluck('id'),
    printerIds: printers
      .sort((a, b) => (stationOrder.get(a.station ?? '') ?? last) - (stationOrder.get(b.station ?? '') ?? last))
      .map((p) => p.id),
  };
}
