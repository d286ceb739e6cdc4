// Test data for the cloud's tests: two organizations, so every test can check that one never
// reaches the other's rows. Written with plain inserts: the fixture must not depend on the code
// under test.
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { Db } from '../context.js';

export const PASSWORD = 'correct horse battery';

interface OrgFixture {
  orgId: string;
  venueId: string;
  otherVenueId: string;
  managerEmail: string;
  staffEmail: string;
  tableIds: string[];
  otherVenueTableId: string;
  menu: { burger: string; fries: string; lemonade: string; cake: string; soldOut: string };
}

let hashed: Promise<string> | undefined;

/**
 * The fixture's users' hash: argon2id as the product makes it, at a test's cost (4 MB, 2 passes, one
 * lane) rather than the product's (64 MB, 3 passes, four lanes, half a second of every core on this
 * machine). A hash carries its own cost, so every sign-in of the tests checks it with the product's
 * own argon2.verify, in milliseconds.
 */
const TEST_HASH_COST = { memoryCost: 4096, timeCost: 2, parallelism: 1 };

async function seedOrg(db: Db, label: string): Promise<OrgFixture> {
  hashed ??= argon2.hash(PASSWORD, TEST_HASH_COST);
  const passwordHash = await hashed;
  const orgId = randomUUID();
  const venueId = randomUUID();
  const otherVenueId = randomUUID();
  // ENTERPRISE: no plan limit gets in the way of a test that pairs or adds many (issue 24).
  await db('organizations').insert({ id: orgId, name: `${label} Group`, plan: 'ENTERPRISE' });
  await db('venues').insert([
    { id: venueId, org_id: orgId, name: `${label} Downtown`, created_at: new Date(Date.now() - 1000) },
    { id: otherVenueId, org_id: orgId, name: `${label} Uptown` },
  ]);
  const managerId = randomUUID();
  const staffId = randomUUID();
  const managerEmail = `manager@${label.toLowerCase()}.test`;
  const staffEmail = `staff@${label.toLowerCase()}.test`;
  await db('users').insert([
    { id: managerId, email: managerEmail, password_hash: passwordHash, first_name: 'Mia', last_name: 'Manager' },
    { id: staffId, email: staffEmail, password_hash: passwordHash, first_name: 'Sam', last_name: 'Staff' },
  ]);
  await db('user_roles').insert([
    {
      id: randomUUID(),
      user_id: managerId,
      organization_id: orgId,
      venue_id: null,
      role: 'MANAGER',
      permissions: ['MANAGE_ORDERS'],
    },
    {
      id: randomUUID(),
      user_id: staffId,
      organization_id: orgId,
      venue_id: venueId,
      role: 'STAFF',
      permissions: ['MANAGE_ORDERS'],
    },
  ]);
  const tableIds = [randomUUID(), randomUUID(), randomUUID()];
  await db('tables').insert(
    tableIds.map((id, i) => ({
      id,
      org_id: orgId,
      venue_id: venueId,
      number: String(i + 1),
      name: `Table ${i + 1}`,
      capacity: 4,
      capacity_max: 4,
      zone: 'Dining Room',
    })),
  );
  const otherVenueTableId = randomUUID();
  await db('tables').insert({
    id: otherVenueTableId,
    org_id: orgId,
    venue_id: otherVenueId,
    number: '1',
    name: 'Uptown 1',
    capacity: 2,
    capacity_max: 2,
  });
  const menu = {
    burger: randomUUID(),
    fries: randomUUID(),
    lemonade: randomUUID(),
    cake: randomUUID(),
    soldOut: randomUUID(),
  };
  let sortOrder = 0;
  const item = (id: string, name: string, price: string, category: string, station: string, extra: object = {}) => ({
    id,
    sort_order: sortOrder++,
    org_id: orgId,
    venue_id: venueId,
    name,
    price,
    category,
    station,
    prep_time: 10,
    ...extra,
  });
  await db('menu_items').insert([
    item(menu.burger, 'Burger', '12.50', 'Mains', 'Grill', {
      modifiers_schema: JSON.stringify([
        {
          id: 'temp',
          name: 'Temperature',
          type: 'single',
          required: true,
          options: [
            { id: 'rare', name: 'Rare', price: '0.00' },
            { id: 'well', name: 'Well done', price: '0.00' },
          ],
        },
        {
          id: 'extras',
          name: 'Extras',
          type: 'multiple',
          required: false,
          options: [
            { id: 'cheese', name: 'Cheese', price: '1.25' },
            { id: 'bacon', name: 'Bacon', price: '2.00' },
          ],
        },
      ]),
    }),
    item(menu.fries, 'Fries', '4.00', 'Starters', 'Fry'),
    item(menu.lemonade, 'Lemonade', '3.50', 'Drinks', 'Bar'),
    item(menu.cake, 'Cheesecake', '7.00', 'Desserts', 'Cold'),
    item(menu.soldOut, 'Truffle Pasta', '24.00', 'Mains', 'Grill', { is_available: false }),
  ]);
  return { orgId, venueId, otherVenueId, managerEmail, staffEmail, tableIds, otherVenueTableId, menu };
}

export interface Fixture {
  a: OrgFixture;
  b: OrgFixture;
}

export async function seedFixture(db: Db): Promise<Fixture> {
  return { a: await seedOrg(db, 'Alpha'), b: await seedOrg(db, 'Beta') };
}

/**
 * A printer of the organization's venue on the emulator's port (TCP on loopback), driven by
 * `terminalId` when given: what a manager sets up before a terminal prints.
 */
export async function insertPrinter(
  db: Db,
  org: Pick<OrgFixture, 'orgId' | 'venueId'>,
  printer: { name: string; station: string | null; port?: number; terminalId?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db('printers').insert({
    id,
    org_id: org.orgId,
    venue_id: org.venueId,
    name: printer.name,
    station: printer.station,
    connection: 'tcp',
    host: '127.0.0.1',
    port: printer.port ?? 9100,
    terminal_id: printer.terminalId ?? null,
  });
  return id;
}
