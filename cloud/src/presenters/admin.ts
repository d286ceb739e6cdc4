// Organizations, venues and restaurant profiles as the admin calls answer them (spec 3 section 3).
import type { Organization, RestaurantProfile, VenueRecord } from '@tablewise/shared';
import type { AdminVenueRow, OrganizationRow, RestaurantRow } from '../repositories/organizations.js';

export function presentOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    ownerId: row.owner_user_id,
    createdAt: row.created_at.toISOString(),
    venueCount: row.venue_count ?? 0,
  };
}

const coordinate = (value: string | null) => (value === null ? null : Number(value));

export function presentVenueRecord(row: AdminVenueRow): VenueRecord {
  return {
    id: row.id,
    organizationId: row.org_id,
    name: row.name,
    address: row.address,
    timezone: row.tz,
    latitude: coordinate(row.lat),
    longitude: coordinate(row.lng),
    isActive: row.is_active,
    taxRateBps: row.tax_rate_bps,
    serviceChargeBps: row.service_charge_bps,
    currency: row.currency,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentRestaurant(row: RestaurantRow): RestaurantProfile {
  return {
    id: row.id,
    organizationId: row.org_id,
    venueId: row.primary_venue_id,
    name: row.name,
    description: row.description,
    phone: row.phone,
    email: row.email,
    website: row.website,
    logoUrl: row.logo_url,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
