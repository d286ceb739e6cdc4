// Organizations, venues and restaurant profiles (issue 24; spec 3 sections 2, 3 and 5). Who may
// touch which organization comes from the member's own roles: an organization-wide role that
// holds the permission (a venue's settings also from a role at that venue). Anything else, another
// organization's id included, is not found. The spec's messages come from the shared form rules.
import { randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  AppError,
  holdsPermission,
  type Organization,
  type OrganizationInput,
  organizationInputProblem,
  type Permission,
  percentToBps,
  planLimitRefusal,
  type RestaurantInput,
  type RestaurantProfile,
  restaurantInputProblem,
  SERVICE_MESSAGES,
  slugOf,
  type VenueChange,
  type VenueInput,
  type VenueRecord,
  venueChangeProblem,
  venueInputProblem,
} from '@tablewise/shared';
import type { Queryable, StaffActor, Trx } from '../context.js';
import { notFound } from '../errors.js';
import { asRole } from '../policies/staff-scope.js';
import { presentOrganization, presentRestaurant, presentVenueRecord } from '../presenters/admin.js';
import { presentVenue } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import {
  countRestaurantsOf,
  countVenuesOf,
  findAdminVenue,
  findOrganization,
  findRestaurant,
  insertOrganization,
  insertRestaurant,
  insertVenue,
  listOrganizationsIn,
  listRestaurantsIn,
  listVenuesIn,
  lockOrganization,
  type RestaurantColumns,
  updateOrganizationRow,
  updateRestaurantRow,
  updateVenueRow,
  type VenueColumns,
} from '../repositories/organizations.js';
import { findStoredObject } from '../repositories/stored-objects.js';
import { insertUserRole, listRolesOfUser } from '../repositories/users.js';
import { findVenue } from '../repositories/venues.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal with the spec's own words (a form's message), not "Invalid field: ...". */
const refuse = (message: string) => new AppError(400, 'invalid_field', message);

export const planLimit = (message: string) => new AppError(403, 'plan_limit_reached', message);

/** The organizations where the member holds `permission` on an organization-wide role. */
async function administeredOrgIds(q: Queryable, staff: StaffActor, permission: Permission): Promise<string[]> {
  const roles = await listRolesOfUser(q, staff.user.id);
  const ids = roles
    .filter(
      (r) => r.venue_id === null && holdsPermission({ role: asRole(r.role), permissions: r.permissions }, permission),
    )
    .map((r) => r.organization_id);
  return [...new Set(ids)];
}

async function requireAdministered(
  q: Queryable,
  staff: StaffActor,
  permission: Permission,
  orgId: string,
  entity: string,
) {
  if (!(await administeredOrgIds(q, staff, permission)).includes(orgId)) throw notFound(entity);
}

// ---- Organizations ----

export async function organizationsOf(q: Queryable, staff: StaffActor): Promise<Organization[]> {
  const rows = await listOrganizationsIn(q, await administeredOrgIds(q, staff, 'MANAGE_ORGANIZATION'));
  return rows.map(presentOrganization);
}

export async function addOrganization(trx: Trx, staff: StaffActor, input: OrganizationInput, now: Date) {
  const problem = organizationInputProblem(input);
  if (problem) throw refuse(problem);
  const id = randomUUID();
  await insertOrganization(trx, {
    id,
    name: input.name.trim(),
    plan: input.plan ?? 'FREE',
    owner_user_id: staff.user.id,
    at: now,
  });
  await insertUserRole(trx, { userId: staff.user.id, organizationId: id, venueId: null, role: 'OWNER', at: now });
  const row = await findOrganization(trx, id);
  if (!row) throw notFound('Organization');
  return presentOrganization(row);
}

export async function changeOrganization(trx: Trx, staff: StaffActor, id: string, input: OrganizationInput, now: Date) {
  await requireAdministered(trx, staff, 'MANAGE_ORGANIZATION', id, 'Organization');
  const problem = organizationInputProblem(input);
  if (problem) throw refuse(problem);
  await updateOrganizationRow(trx, id, { name: input.name.trim(), plan: input.plan }, now);
  const row = await findOrganization(trx, id);
  if (!row) throw notFound('Organization');
  return presentOrganization(row);
}

// ---- Venues ----

export async function venuesOf(q: Queryable, staff: StaffActor, organizationId?: string): Promise<VenueRecord[]> {
  const orgIds = await administeredOrgIds(q, staff, 'MANAGE_VENUES');
  const wanted = organizationId ? orgIds.filter((id) => id === organizationId) : orgIds;
  return (await listVenuesIn(q, wanted)).map(presentVenueRecord);
}

/** A venue's first details, checked as the create form checks them, within the plan's venues. */
export async function addVenue(trx: Trx, staff: StaffActor, input: VenueInput, now: Date): Promise<VenueRecord> {
  const problem = venueInputProblem(input);
  if (problem) throw refuse(problem);
  const orgId = input.organizationId?.trim() ?? '';
  if (!(await administeredOrgIds(trx, staff, 'MANAGE_VENUES')).includes(orgId)) throw notFound('Organization');
  const org = await lockOrganization(trx, orgId);
  if (!org) throw notFound('Organization');
  const refusal = planLimitRefusal(org.plan, 'venues', await countVenuesOf(trx, orgId));
  if (refusal) throw planLimit(refusal);
  const id = randomUUID();
  await insertVenue(trx, {
    id,
    org_id: orgId,
    name: input.name.trim(),
    address: input.address?.trim() || null,
    tz: input.timezone ?? 'UTC',
    lat: input.latitude ?? null,
    lng: input.longitude ?? null,
    at: now,
  });
  const row = await findAdminVenue(trx, id);
  if (!row) throw notFound('Venue');
  return presentVenueRecord(row);
}

function venueColumns(change: VenueChange): VenueColumns {
  const out: VenueColumns = {};
  if (change.name !== undefined) out.name = change.name.trim();
  if (change.address !== undefined) out.address = change.address?.trim() || null;
  if (change.timezone !== undefined) out.tz = change.timezone;
  if (change.latitude !== undefined) out.lat = change.latitude ?? null;
  if (change.longitude !== undefined) out.lng = change.longitude ?? null;
  if (change.isActive !== undefined) out.is_active = change.isActive;
  if (change.taxRatePercent !== undefined) out.tax_rate_bps = percentToBps(change.taxRatePercent) ?? 0;
  if (change.serviceChargePercent !== undefined) {
    out.service_charge_bps = percentToBps(change.serviceChargePercent) ?? 0;
  }
  if (change.currency !== undefined) out.currency = change.currency;
  return out;
}

/**
 * A venue's details and settings. Its terminals and screens learn them from `venue.updated`: the
 * next bill, receipt and ticket use the new tax rate, service charge and currency.
 */
export async function changeVenue(
  trx: Trx,
  staff: StaffActor,
  id: string,
  change: VenueChange,
  now: Date,
): Promise<VenueRecord> {
  const existing = await findAdminVenue(trx, id);
  const orgWide = existing && (await administeredOrgIds(trx, staff, 'MANAGE_VENUES')).includes(existing.org_id);
  // The member's own venue with a role there that holds the permission (a venue's manager).
  const atVenue = existing && staff.venueId === id && holdsPermission(staff, 'MANAGE_VENUES');
  if (!existing || !(orgWide || atVenue)) throw notFound('Venue');
  const problem = venueChangeProblem(change);
  if (problem) throw refuse(problem);
  // The spec's form sends the organization with the update: the venue's own is taken; one the
  // member does not administer is not found, and moving a venue between organizations is refused.
  const orgId = change.organizationId?.trim();
  if (orgId && orgId !== existing.org_id) {
    if (!(await administeredOrgIds(trx, staff, 'MANAGE_VENUES')).includes(orgId)) throw notFound('Organization');
    throw refuse(ADMIN_MESSAGES.venueStaysInItsOrganization);
  }
  await updateVenueRow(trx, id, venueColumns(change), now);
  const venue = await findVenue(trx, id);
  const row = await findAdminVenue(trx, id);
  if (!venue || !row) throw notFound('Venue');
  await appendEvent(trx, {
    orgId: venue.org_id,
    venueId: id,
    userId: staff.user.id,
    event: { type: 'venue.updated', venue: presentVenue(venue) },
    at: now,
  });
  return presentVenueRecord(row);
}

// ---- Restaurant profiles ----

export async function restaurantsOf(q: Queryable, staff: StaffActor): Promise<RestaurantProfile[]> {
  return (await listRestaurantsIn(q, await administeredOrgIds(q, staff, 'MANAGE_RESTAURANTS'))).map(presentRestaurant);
}

/** The profile's fields, with the venue checked to be the organization's. */
async function restaurantColumns(trx: Trx, staff: StaffActor, input: RestaurantInput): Promise<RestaurantColumns> {
  const problem = restaurantInputProblem(input);
  if (problem) throw refuse(problem);
  const orgId = input.organizationId?.trim() ?? '';
  if (!(await administeredOrgIds(trx, staff, 'MANAGE_RESTAURANTS')).includes(orgId)) throw notFound('Organization');
  const venueId = input.venueId?.trim() || null;
  if (venueId) {
    const venue = UUID.test(venueId) ? await findAdminVenue(trx, venueId) : undefined;
    if (!venue || venue.org_id !== orgId) throw refuse(ADMIN_MESSAGES.venueNotInOrganization);
  }
  const blank = (v: string | null | undefined) => v?.trim() || null;
  // The form's `logo` or the profile's `logoUrl`: an upload of this organization; none leaves it.
  const logo = input.logoUrl ?? input.logo ?? null;
  if (logo !== null) await requireUploadOf(trx, orgId, logo);
  return {
    ...(logo !== null ? { logo_url: logo } : {}),
    org_id: orgId,
    name: input.name.trim(),
    description: blank(input.description),
    phone: blank(input.phone),
    email: blank(input.email),
    website: blank(input.website),
    primary_venue_id: venueId,
    ...(input.isActive !== undefined ? { is_active: input.isActive } : {}),
  };
}

export async function addRestaurant(trx: Trx, staff: StaffActor, input: RestaurantInput, now: Date) {
  const columns = await restaurantColumns(trx, staff, input);
  const orgId = columns.org_id as string;
  const org = await lockOrganization(trx, orgId);
  if (!org) throw notFound('Organization');
  const refusal = planLimitRefusal(org.plan, 'restaurants', await countRestaurantsOf(trx, orgId));
  if (refusal) throw planLimit(refusal);
  const id = randomUUID();
  await insertRestaurant(
    trx,
    {
      ...columns,
      id,
      org_id: orgId,
      name: columns.name as string,
      slug: slugOf(columns.name as string, id.slice(0, 8)),
    },
    now,
  );
  const row = await findRestaurant(trx, id);
  if (!row) throw notFound('Restaurant profile');
  return presentRestaurant(row);
}

async function ownRestaurant(trx: Trx, staff: StaffActor, id: string) {
  const row = await findRestaurant(trx, id);
  if (!row || !(await administeredOrgIds(trx, staff, 'MANAGE_RESTAURANTS')).includes(row.org_id)) {
    throw notFound('Restaurant profile');
  }
  return row;
}

export async function changeRestaurant(trx: Trx, staff: StaffActor, id: string, input: RestaurantInput, now: Date) {
  const existing = await ownRestaurant(trx, staff, id);
  const columns = await restaurantColumns(trx, staff, input);
  if (columns.org_id !== existing.org_id) {
    // Moving a profile to another organization counts against that one's plan.
    const org = await lockOrganization(trx, columns.org_id as string);
    const refusal = org && planLimitRefusal(org.plan, 'restaurants', await countRestaurantsOf(trx, org.id));
    if (refusal) throw planLimit(refusal);
  }
  await updateRestaurantRow(trx, id, columns, now);
  const row = await findRestaurant(trx, id);
  if (!row) throw notFound('Restaurant profile');
  return presentRestaurant(row);
}

/** An image the organization uploaded (the menu photos' signed link), as `/api/objects/<id>`. */
async function requireUploadOf(trx: Trx, orgId: string, url: string): Promise<void> {
  const objectId = url.slice(url.lastIndexOf('/') + 1);
  const stored = UUID.test(objectId) ? await findStoredObject(trx, objectId) : undefined;
  if (!stored || stored.org_id !== orgId) {
    throw new AppError(400, 'image_not_uploaded', SERVICE_MESSAGES.imageNotUploaded);
  }
}

/** Gives a profile a logo its organization uploaded (the menu photos' signed link), or none. */
export async function setLogo(trx: Trx, staff: StaffActor, id: string, logoUrl: string | null, now: Date) {
  const existing = await ownRestaurant(trx, staff, id);
  if (logoUrl !== null) await requireUploadOf(trx, existing.org_id, logoUrl);
  await updateRestaurantRow(trx, id, { logo_url: logoUrl }, now);
  const row = await findRestaurant(trx, id);
  if (!row) throw notFound('Restaurant profile');
  return presentRestaurant(row);
}
