// The admin features' permission names (spec 1 section 6: ORGANIZATION_ADMIN, VENUE_ADMIN,
// RESTAURANT_ADMIN) mapped to the permission values roles hold. The spec does not say whether they
// are the same; this is the one place that says they are, documented in docs/roles.md
// ("Administration").
import type { Permission } from './staff-access.js';

/** @internal */
export const ADMIN_PERMISSION_GRANTS = {
  ORGANIZATION_ADMIN: 'MANAGE_ORGANIZATION',
  VENUE_ADMIN: 'MANAGE_VENUES',
  RESTAURANT_ADMIN: 'MANAGE_RESTAURANTS',
} as const satisfies Record<string, Permission>;

type AdminPermissionName = keyof typeof ADMIN_PERMISSION_GRANTS;

/** The permission value an admin feature's permission name stands for. */
export function permissionOfAdmin(name: AdminPermissionName): Permission {
  return ADMIN_PERMISSION_GRANTS[name];
}
