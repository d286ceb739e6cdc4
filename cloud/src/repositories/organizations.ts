// Organizations, their venues as the admin screens see them, and restaurant profiles (issue 24).
// Every query takes the organizations the caller may touch; none trusts a client's id alone.
import type { Queryable } from '../context.js';

export interface OrganizationRow {
  id: string;
  name: string;
  plan: string;
  owner_user_id: string | null;
  created_at: Date;
  updated_at: Date;
  venue_count?: number;
}

export interface AdminVenueRow {
  id: string;
  org_id: string;
  name: string;
  address: string | null;
  tz: string;
  lat: string | null;
  lng: string | null;
  is_active: boolean;
  tax_rate_bps: number;
  service_charge_bps: number;
  currency: string;
  created_at: Date;
  updated_at: Date;
}

export interface RestaurantRow {
  id: string;
  org_id: string;
  slug: string;
  name: string;
  description: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo_url: string | null;
  is_active: boolean;
  primary_venue_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const ORG_COLUMNS = ['id', 'name', 'plan', 'owner_user_id', 'created_at', 'updated_at'] as const;

export async function listOrganizationsIn(q: Queryable, orgIds: readonly string[]): Promise<OrganizationRow[]> {
  if (orgIds.length === 0) return [];
  return q<OrganizationRow>('organizations as o')
    .whereIn('o.id', orgIds)
    .select([
      ...ORG_COLUMNS.map((c) => `o.${c}`),
      q.raw('(select count(*)::int from venues v where v.org_id = o.id) as venue_count'),
    ])
    .orderBy([{ column: 'o.created_at' }, { column: 'o.id' }]) as unknown as Promise<OrganizationRow[]>;
}

export async function findOrganization(q: Queryable, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await listOrganizationsIn(q, [id]);
  return row;
}

/** The organization's row, locked: counting against its plan and adding happen one at a time. */
export async function lockOrganization(q: Queryable, id: string): Promise<OrganizationRow | undefined> {
  return q<OrganizationRow>('organizations').where({ id }).forUpdate().first(ORG_COLUMNS);
}

export async function insertOrganization(
  q: Queryable,
  row: { id: string; name: string; plan: string; owner_user_id: string; at: Date },
): Promise<void> {
  await q('organizations').insert({
    id: row.id,
    name: row.name,
    plan: row.plan,
    owner_user_id: row.owner_user_id,
    created_at: row.at,
    updated_at: row.at,
  });
}

export async function updateOrganizationRow(
  q: Queryable,
  id: string,
  changes: { name: string; plan?: string | undefined },
  at: Date,
): Promise<void> {
  await q('organizations')
    .where({ id })
    .update({ name: changes.name, ...(changes.plan ? { plan: changes.plan } : {}), updated_at: at });
}

const VENUE_COLUMNS = [
  'id',
  'org_id',
  'name',
  'address',
  'tz',
  'lat',
  'lng',
  'is_active',
  'tax_rate_bps',
  'service_charge_bps',
  'currency',
  'created_at',
  'updated_at',
] as const;

export async function listVenuesIn(q: Queryable, orgIds: readonly string[]): Promise<AdminVenueRow[]> {
  if (orgIds.length === 0) return [];
  return q<AdminVenueRow>('venues')
    .whereIn('org_id', orgIds)
    .select([...VENUE_COLUMNS])
    .orderBy([{ column: 'created_at' }, { column: 'name' }, { column: 'id' }]);
}

export async function findAdminVenue(q: Queryable, id: string): Promise<AdminVenueRow | undefined> {
  return q<AdminVenueRow>('venues').where({ id }).first(VENUE_COLUMNS);
}

export async function countVenuesOf(q: Queryable, orgId: string): Promise<number> {
  const row = await q('venues').where({ org_id: orgId }).count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}

export async function insertVenue(
  q: Queryable,
  row: {
    id: string;
    org_id: string;
    name: string;
    address: string | null;
    tz: string;
    lat: number | null;
    lng: number | null;
    at: Date;
  },
): Promise<void> {
  await q('venues').insert({
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    address: row.address,
    tz: row.tz,
    lat: row.lat,
    lng: row.lng,
    created_at: row.at,
    updated_at: row.at,
  });
}

export type VenueColumns = Partial<
  Pick<AdminVenueRow, 'name' | 'address' | 'tz' | 'is_active' | 'tax_rate_bps' | 'service_charge_bps' | 'currency'> & {
    lat: number | null;
    lng: number | null;
  }
>;

export async function updateVenueRow(q: Queryable, id: string, changes: VenueColumns, at: Date): Promise<void> {
  await q('venues')
    .where({ id })
    .update({ ...changes, updated_at: at, settings_saved_at: at });
}

const RESTAURANT_COLUMNS = [
  'id',
  'org_id',
  'slug',
  'name',
  'description',
  'phone',
  'email',
  'website',
  'logo_url',
  'is_active',
  'primary_venue_id',
  'created_at',
  'updated_at',
] as const;

export async function listRestaurantsIn(q: Queryable, orgIds: readonly string[]): Promise<RestaurantRow[]> {
  if (orgIds.length === 0) return [];
  return q<RestaurantRow>('restaurants')
    .whereIn('org_id', orgIds)
    .select([...RESTAURANT_COLUMNS])
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

export async function findRestaurant(q: Queryable, id: string): Promise<RestaurantRow | undefined> {
  return q<RestaurantRow>('restaurants').where({ id }).first(RESTAURANT_COLUMNS);
}

export async function countRestaurantsOf(q: Queryable, orgId: string): Promise<number> {
  const row = await q('restaurants').where({ org_id: orgId }).count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}

export type RestaurantColumns = Partial<
  Pick<
    RestaurantRow,
    'name' | 'description' | 'phone' | 'email' | 'website' | 'logo_url' | 'is_active' | 'primary_venue_id' | 'org_id'
  >
>;

export async function insertRestaurant(
  q: Queryable,
  row: RestaurantColumns & { id: string; org_id: string; slug: string; name: string },
  at: Date,
): Promise<void> {
  await q('restaurants').insert({ ...row, created_at: at, updated_at: at });
}

export async function updateRestaurantRow(q: Queryable, id: string, changes: RestaurantColumns, at: Date) {
  await q('restaurants')
    .where({ id })
    .update({ ...changes, updated_at: at });
}

/** Paired terminals of an organization that still hold their credential. */
export async function countLiveTerminalsOf(q: Queryable, orgId: string): Promise<number> {
  const row = await q('terminals')
    .where({ org_id: orgId })
    .whereNull('revoked_at')
    .count<{ n: string }[]>('* as n')
    .first();
  return Number(row?.n ?? 0);
}

/** The organization's staff accounts as its plan counts them (issue 24): the people with an
 * active role there, and the open invitations that will add one each. */
export async function countStaffAccountsOf(q: Queryable, orgId: string, now: Date): Promise<number> {
  const members = await q('user_roles')
    .where({ organization_id: orgId })
    .whereNull('deactivated_at')
    .countDistinct<{ n: string }[]>('user_id as n')
    .first();
  const invited = await q('invitations')
    .where({ organization_id: orgId })
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .where('expires_at', '>', now)
    .count<{ n: string }[]>('* as n')
    .first();
  return Number(members?.n ?? 0) + Number(invited?.n ?? 0);
}
