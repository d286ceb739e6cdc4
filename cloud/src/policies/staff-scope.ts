// Which organization, venue and role a staff member acts with, from their user_roles rows.
// A role with a venue gives that venue; an organization-wide role gives the venue asked for (if
// it is the organization's) or else the one chosen at login.
import { holdsPermission, ROLES, type Role, STAFF_DUTIES, type StaffDuty } from '@tablewise/shared';
import type { UserRoleRow } from '../repositories/rows.js';

export interface StaffScope {
  orgId: string;
  venueId: string;
  role: Role;
  permissions: string[];
  /** The floor duty of the role that gives the venue (docs/roles.md). */
  duty?: StaffDuty | null;
}

function asDuty(value: string | null | undefined): StaffDuty | null {
  return (STAFF_DUTIES as readonly string[]).includes(value ?? '') ? (value as StaffDuty) : null;
}

const RANK: Record<Role, number> = { OWNER: 0, ADMIN: 1, MANAGER: 2, ASSISTANT_MANAGER: 3, STAFF: 4 };

export function asRole(value: string): Role {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : 'STAFF';
}

/**
 * The scope for a request. `venueOfOrg(venueId)` tells whether a venue belongs to the organization.
 * Returns null when no role of the user covers the organization and venue.
 */
export function resolveStaffScope(input: {
  roles: readonly UserRoleRow[];
  orgId: string;
  defaultVenueId: string;
  requestedVenueId: string | null;
  requestedVenueInOrg: boolean;
}): StaffScope | null {
  const inOrg = input.roles.filter((r) => r.organization_id === input.orgId);
  if (inOrg.length === 0) return null;
  const orgWide = [...inOrg]
    .filter((r) => r.venue_id === null)
    .sort((a, b) => RANK[asRole(a.role)] - RANK[asRole(b.role)])[0];
  const wanted = input.requestedVenueId && input.requestedVenueInOrg ? input.requestedVenueId : input.defaultVenueId;
  if (orgWide) {
    const venueRole = inOrg.find((r) => r.venue_id === wanted);
    return {
      orgId: input.orgId,
      venueId: wanted,
      role: asRole(orgWide.role),
      permissions: [...new Set([...orgWide.permissions, ...(venueRole?.permissions ?? [])])],
      duty: asDuty(venueRole?.duty ?? orgWide.duty),
    };
  }
  const venueRole = inOrg.find((r) => r.venue_id === wanted) ?? inOrg.find((r) => r.venue_id === input.defaultVenueId);
  if (!venueRole?.venue_id) return null;
  return {
    orgId: input.orgId,
    venueId: venueRole.venue_id,
    role: asRole(venueRole.role),
    permissions: venueRole.permissions,
    duty: asDuty(venueRole.duty),
  };
}

/** Pairing terminals and choosing which drives a printer are the venue's settings. */
export function canManageTerminals(scope: { role: Role; permissions: readonly string[] }): boolean {
  return holdsPermission(scope, 'MANAGE_SETTINGS');
}
