// Who may do what (docs/roles.md). The spec gives the roles and permission values but not what
// each may do (spec 1 section 6, spec 2 section 6); this is the one table both tiers enforce:
// a call that names a `permission` is refused to staff who do not hold it, and the staff app shows
// a member only the screens of their duty.
import type { PERMISSIONS, Role, STAFF_DUTIES } from '../constants.js';
import { permissionOfAdmin } from './admin-permissions.js';

export type Permission = (typeof PERMISSIONS)[number];

/** Owners, admins and managers hold every permission. */
const FULL_ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'MANAGER'];

/** What an assistant manager does not hold unless granted: the organization's own settings. */
const ASSISTANT_WITHHELD: readonly Permission[] = [
  'MANAGE_ORGANIZATION',
  'MANAGE_VENUES',
  'MANAGE_RESTAURANTS',
  'MANAGE_USERS',
  'MANAGE_SETTINGS',
];

interface Holder {
  role: Role;
  permissions: readonly string[];
}

/** Whether a staff member holds `permission`: by their role, or granted on their role row. */
export function holdsPermission(holder: Holder, permission: Permission): boolean {
  if (FULL_ROLES.includes(holder.role)) return true;
  if (holder.role === 'ASSISTANT_MANAGER' && !ASSISTANT_WITHHELD.includes(permission)) return true;
  return holder.permissions.includes(permission);
}

export type StaffDuty = (typeof STAFF_DUTIES)[number];

/**
 * @internal exported for its tests
 * Each duty's screens, its home first. A staff member with a duty sees that duty's screens; one
 * without sees every floor screen. Managers see everything.
 */
export const DUTY_SCREENS: Record<StaffDuty, readonly string[]> = {
  HOST: ['/host-console', '/', '/reservations', '/waitlist', '/floor-map', '/menu-orders', '/payments'],
  SERVER: [
    '/',
    '/menu-orders',
    '/payments',
    '/waitlist',
    '/reservations',
    '/host-console',
    '/floor-map',
    '/runner-interface',
  ],
  KITCHEN: ['/kitchen-display', '/runner-interface', '/menu-orders', '/printer-management'],
  RUNNER: ['/runner-interface', '/kitchen-display'],
  CLEANER: ['/cleaner-console'],
};

/** Screens that need a permission whatever the duty: editing the menu, analytics, the admin area. */
const SCREEN_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '/menu-management': 'MANAGE_MENU',
  '/analytics': 'VIEW_ANALYTICS',
  '/staff': 'MANAGE_USERS',
  '/admin/organizations': permissionOfAdmin('ORGANIZATION_ADMIN'),
  '/admin/venues': permissionOfAdmin('VENUE_ADMIN'),
  '/admin/restaurants': permissionOfAdmin('RESTAURANT_ADMIN'),
  // The setup checklist (issue 24): the venue's settings, printers, terminals.
  '/setup': 'MANAGE_SETTINGS',
  // Guest privacy requests (issue 24): erasing a guest's personal data.
  '/guest-privacy': 'MANAGE_SETTINGS',
};

interface Viewer extends Holder {
  duty?: StaffDuty | null;
}

/** Whether the staff app shows `path` to a staff member. */
export function canSeeScreen(viewer: Viewer, path: string): boolean {
  const needs = SCREEN_PERMISSIONS[path];
  if (needs && !holdsPermission(viewer, needs)) return false;
  if (FULL_ROLES.includes(viewer.role) || viewer.role === 'ASSISTANT_MANAGER') return true;
  if (!viewer.duty) return true;
  return DUTY_SCREENS[viewer.duty].includes(path) || needs !== undefined;
}

/** A staff member's duty, as the screens follow it: none for managers and assistant managers,
 * who see everything whatever duty their role row carries. */
export function floorDuty(viewer: Viewer): StaffDuty | null {
  if (FULL_ROLES.includes(viewer.role) || viewer.role === 'ASSISTANT_MANAGER') return null;
  return viewer.duty ?? null;
}

/** Where a staff member lands on signing in: their duty's home (the host at the Host Console,
 * the kitchen at the Kitchen Display), the dashboard for everyone else. */
export function homeScreenFor(viewer: Viewer): string {
  const duty = floorDuty(viewer);
  return duty ? (DUTY_SCREENS[duty][0] as string) : '/';
}
