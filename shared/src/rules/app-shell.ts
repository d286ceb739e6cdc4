// The app shell's feature registry and navigation (spec 1 section 2). The sidebar, the header's
// feature count and the route table all derive from this one list, so a screen is registered once.
import { DUTY_SCREENS, type StaffDuty } from './staff-access.js';

const FEATURE_CATEGORIES = ['main', 'role-specific', 'guest', 'admin', 'custom'] as const;
type FeatureCategory = (typeof FEATURE_CATEGORIES)[number];

/** Permission names carried by the admin features (spec 1 section 6). */
const ADMIN_PERMISSIONS = ['ORGANIZATION_ADMIN', 'VENUE_ADMIN', 'RESTAURANT_ADMIN'] as const;
type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export interface QuickAction {
  id: string;
  title: string;
}

/** The shell's own quick actions, each a real action in the staff app (issue 9). */
export type ShellQuickActionId = 'generate-table-qr' | 'send-alert' | 'request-cleaning';

export interface Feature {
  id: string;
  title: string;
  path: string;
  category: FeatureCategory;
  /** An icon name; each face maps names to its own drawings. */
  icon: string;
  description: string;
  apiEndpoints: readonly string[];
  websocketEvents: readonly string[];
  quickActions: readonly QuickAction[];
  permissions?: readonly AdminPermission[];
}

interface NavItem {
  title: string;
  url: string;
  icon: string;
  description: string;
  permission?: AdminPermission;
}

export interface NavGroup {
  category: FeatureCategory;
  title: string;
  order: number;
  items: NavItem[];
}

const NAV_GROUPS: readonly { category: FeatureCategory; title: string; order: number }[] = [
  { category: 'main', title: 'Navigation', order: 1 },
  { category: 'role-specific', title: 'Role-Specific Interfaces', order: 2 },
  { category: 'guest', title: 'Guest Interface', order: 3 },
  { category: 'admin', title: 'Administration', order: 4 },
  { category: 'custom', title: 'Custom', order: 999 },
];

/** The sidebar's Quick Actions group; each only logs unless a quick action is registered. */
export const SIDEBAR_QUICK_ACTIONS: readonly (QuickAction & { id: ShellQuickActionId })[] = [
  { id: 'generate-table-qr', title: 'Generate Table QR' },
  { id: 'send-alert', title: 'Send Alert' },
  { id: 'request-cleaning', title: 'Request Cleaning' },
];

export const SHELL_TEXTS = {
  quickActionsGroup: 'Quick Actions',
  autoIntegrationStatusActive: 'Active',
  autoIntegrationStatusLoading: 'Loading',
  autoIntegrationLabel: 'Auto-Integration',
  featuresCount: (n: number) => `${n} ${n === 1 ? 'feature' : 'features'}`,
  routesCount: (n: number) => `${n} ${n === 1 ? 'route' : 'routes'}`,
  smartFeaturesCount: (n: number) => `${n} smart features`,
  toggleSidebar: 'Toggle sidebar',
  liveSystem: 'Live System',
  more: 'More',
  /** The header's venue selector (issue 24), for a member with several venues, on the cloud. */
  venueSelector: 'Venue',
  venueSwitchFailed: "Couldn't switch venue",
} as const;

/**
 * * A route's category when none is given: a /guest prefix gives guest; console or management in
 * the path gives role-specific; admin gives admin; otherwise main. The checks run in that order,
 * so /guest/admin is guest and /admin/console is role-specific.
 * @internal exported for its tests
 */
export function inferCategory(path: string): Exclude<FeatureCategory, 'custom'> {
  const p = path.toLowerCase();
  if (p.startsWith('/guest')) return 'guest';
  if (p.includes('console') || p.includes('management')) return 'role-specific';
  if (p.includes('admin')) return 'admin';
  return 'main';
}

/** A path as capitalised words: '/kitchen-display' → 'Kitchen Display'; '/' → 'Dashboard'. */
export function titleFromPath(path: string): string {
  const words = path
    .split(/[/\-_]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return words.length === 0 ? 'Dashboard' : words.join(' ');
}

const ORDER_EVENTS = ['order.created', 'order.updated', 'order.ready'] as const;

export const FEATURES: readonly Feature[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    path: '/',
    category: 'main',
    icon: 'layout-dashboard',
    description: 'Restaurant overview and real-time metrics',
    apiEndpoints: ['/api/tables', '/api/orders', '/api/waitlist', '/api/payments', '/api/events'],
    websocketEvents: ['table.updated', ...ORDER_EVENTS, 'payment.completed'],
    quickActions: [
      { id: 'add-walk-in', title: 'Add Walk-In' },
      { id: 'add-reservation', title: 'Add Reservation' },
      { id: 'load-demo-data', title: 'Load Demo Data' },
    ],
  },
  {
    id: 'reservations',
    title: 'Reservations',
    path: '/reservations',
    category: 'main',
    icon: 'calendar',
    description: 'Manage table reservations and bookings',
    apiEndpoints: ['/api/reservations'],
    websocketEvents: ['reservation.created', 'reservation.updated', 'reservation.checkin'],
    quickActions: [{ id: 'add-reservation', title: 'Add Reservation' }],
  },
  {
    id: 'floor-map',
    title: 'Floor Map',
    path: '/floor-map',
    category: 'main',
    icon: 'map',
    description: 'Interactive restaurant floor plan',
    apiEndpoints: ['/api/tables'],
    websocketEvents: ['table.updated', 'table.state.changed'],
    quickActions: [],
  },
  {
    id: 'waitlist',
    title: 'Waitlist',
    path: '/waitlist',
    category: 'main',
    icon: 'users',
    description: 'Guest waitlist management',
    apiEndpoints: ['/api/waitlist'],
    websocketEvents: ['waitlist.updated'],
    quickActions: [{ id: 'add-to-waitlist', title: 'Add to Waitlist' }],
  },
  {
    id: 'menu-orders',
    title: 'Menu and Orders',
    path: '/menu-orders',
    category: 'main',
    icon: 'utensils',
    description: 'Menu management and order tracking',
    apiEndpoints: ['/api/menu', '/api/orders'],
    websocketEvents: ['order.created', 'order.updated'],
    quickActions: [],
  },
  {
    id: 'kitchen-display',
    title: 'Kitchen Display',
    path: '/kitchen-display',
    category: 'main',
    icon: 'chef-hat',
    description: 'Kitchen order management',
    apiEndpoints: ['/api/order-items/kitchen', '/api/order-items'],
    websocketEvents: ['order.created', 'order.item.status.changed', 'order.priority.changed', 'order.ready'],
    quickActions: [],
  },
  {
    id: 'runner-interface',
    title: 'Runner Interface',
    path: '/runner-interface',
    category: 'main',
    icon: 'truck',
    description: 'Food delivery task management',
    apiEndpoints: ['/api/orders', '/api/tasks'],
    websocketEvents: [
      'order.ready_for_run',
      'order.delivered',
      'runner.status.changed',
      'task.created',
      'task.updated',
    ],
    quickActions: [],
  },
  {
    id: 'payments',
    title: 'Payments',
    path: '/payments',
    category: 'main',
    icon: 'credit-card',
    description: 'Payment processing and billing',
    apiEndpoints: ['/api/payments', '/api/orders/payments'],
    websocketEvents: ['payment.completed', 'payment.processed', 'payment.status.changed'],
    quickActions: [],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    path: '/analytics',
    category: 'main',
    icon: 'bar-chart',
    description: 'Business metrics and reporting',
    apiEndpoints: ['/api/analytics', '/api/events'],
    websocketEvents: [],
    quickActions: [],
  },
  {
    id: 'host-console',
    title: 'Host Console',
    path: '/host-console',
    category: 'role-specific',
    icon: 'concierge-bell',
    description: 'Front desk operations and guest management',
    apiEndpoints: ['/api/reservations', '/api/waitlist', '/api/tables', '/api/checkin'],
    websocketEvents: ['reservation.created', 'reservation.checkin', 'waitlist.updated', 'guest.checkedin'],
    quickActions: [{ id: 'print-summary', title: 'Print Summary' }],
  },
  {
    id: 'cleaner-console',
    title: 'Cleaner Console',
    path: '/cleaner-console',
    category: 'role-specific',
    icon: 'sparkles',
    description: 'Cleaning and maintenance tasks',
    apiEndpoints: ['/api/tasks'],
    websocketEvents: ['task.created', 'task.updated'],
    quickActions: [],
  },
  {
    id: 'printer-management',
    title: 'Printer Management',
    path: '/printer-management',
    category: 'role-specific',
    icon: 'printer',
    description: 'Backup ticket printing and printer status',
    apiEndpoints: ['/api/printers', '/api/print-jobs'],
    websocketEvents: ['print.completed'],
    quickActions: [{ id: 'test-print', title: 'Test Print' }],
  },
  {
    id: 'guest-checkin',
    title: 'Check In',
    path: '/guest/checkin',
    category: 'guest',
    icon: 'qr-code',
    description: 'Guest check-in',
    apiEndpoints: ['/api/checkin'],
    websocketEvents: ['guest.checkedin'],
    quickActions: [],
  },
  {
    id: 'guest-seat-selection',
    title: 'Seat Selection',
    path: '/guest/seat-selection',
    category: 'guest',
    icon: 'armchair',
    description: 'Choose table and seat',
    apiEndpoints: ['/api/tables'],
    websocketEvents: ['table.selected'],
    quickActions: [],
  },
  {
    id: 'guest-menu',
    title: 'Menu',
    path: '/guest/menu',
    category: 'guest',
    icon: 'book-open',
    description: 'Browse menu and place orders',
    apiEndpoints: ['/api/menu', '/api/orders'],
    websocketEvents: ['order.placed'],
    quickActions: [],
  },
  {
    id: 'guest-payment',
    title: 'Payment',
    path: '/guest/payment',
    category: 'guest',
    icon: 'wallet',
    description: 'Pay the bill',
    apiEndpoints: ['/api/checkout', '/api/payments'],
    websocketEvents: ['payment.completed'],
    quickActions: [],
  },
  {
    id: 'guest-exit',
    title: 'Exit',
    path: '/guest/exit',
    category: 'guest',
    icon: 'log-out',
    description: 'Exit confirmation',
    apiEndpoints: ['/api/checkout'],
    websocketEvents: ['guest.departed', 'order.completed'],
    quickActions: [],
  },
  {
    id: 'staff-management',
    title: 'Staff',
    path: '/staff',
    // By the path rule (spec 1 section 2); the screen itself needs MANAGE_USERS (docs/roles.md).
    category: 'main',
    icon: 'users',
    description: 'Invitations, roles, duties and staff accounts',
    apiEndpoints: ['/api/staff', '/api/invitations'],
    websocketEvents: ['staff.access.changed'],
    quickActions: [],
  },
  {
    id: 'admin-organizations',
    title: 'Organization Management',
    path: '/admin/organizations',
    category: 'admin',
    icon: 'building',
    description: 'Organizations and multi-location chains',
    apiEndpoints: ['/api/organizations'],
    websocketEvents: [],
    quickActions: [],
    permissions: ['ORGANIZATION_ADMIN'],
  },
  {
    id: 'admin-venues',
    title: 'Venue Management',
    path: '/admin/venues',
    category: 'admin',
    icon: 'store',
    description: 'Venues of an organization',
    apiEndpoints: ['/api/venues'],
    websocketEvents: [],
    quickActions: [],
    permissions: ['VENUE_ADMIN'],
  },
  {
    id: 'admin-restaurants',
    title: 'Restaurant Profiles',
    path: '/admin/restaurants',
    category: 'admin',
    icon: 'utensils-crossed',
    description: 'Public restaurant profiles for discovery',
    apiEndpoints: ['/api/restaurants'],
    websocketEvents: [],
    quickActions: [],
    permissions: ['RESTAURANT_ADMIN'],
  },
  // The route table's two staff screens the spec's feature list leaves out; their categories come
  // from the path rule (management: role-specific; qa-dashboard: main).
  {
    id: 'menu-management',
    title: 'Menu Management',
    path: '/menu-management',
    category: inferCategory('/menu-management'),
    icon: 'book-open',
    description: 'Menu management with photo upload',
    apiEndpoints: ['/api/menu'],
    websocketEvents: [],
    quickActions: [],
  },
  {
    id: 'qa-dashboard',
    title: 'QA Dashboard',
    path: '/qa-dashboard',
    category: inferCategory('/qa-dashboard'),
    icon: 'clipboard-check',
    description: 'Testing with seeded data',
    apiEndpoints: ['/api/admin/smoke-test'],
    websocketEvents: [],
    quickActions: [],
  },
];

/** An item added to the sidebar outside the registry; its group is inferred like a route category. */
export interface CustomNavItem extends NavItem {
  category?: FeatureCategory;
}

function featureNavItem(feature: Feature): NavItem {
  const item: NavItem = {
    title: feature.title,
    url: feature.path,
    icon: feature.icon,
    description: feature.description,
  };
  const permission = feature.permissions?.[0];
  if (permission !== undefined) item.permission = permission;
  return item;
}

/** The sidebar's groups in order, each with its items; groups without items are left out. */
export function navigationGroups(features: readonly Feature[], custom: readonly CustomNavItem[] = []): NavGroup[] {
  const groups: NavGroup[] = NAV_GROUPS.map((g) => ({ ...g, items: [] }));
  const groupOf = (category: FeatureCategory): NavGroup => {
    const group = groups.find((g) => g.category === category);
    if (!group) throw new Error(`No navigation group for category ${category}`);
    return group;
  };
  for (const feature of features) groupOf(feature.category).items.push(featureNavItem(feature));
  for (const item of custom) {
    const { category, ...nav } = item;
    groupOf(category ?? inferCategory(item.url)).items.push(nav);
  }
  return groups.filter((g) => g.items.length > 0).sort((a, b) => a.order - b.order);
}

/** The registry entries whose screens exist in a given app (by path). */
export function featuresWithScreens(features: readonly Feature[], paths: Iterable<string>): Feature[] {
  const present = new Set(paths);
  return features.filter((f) => present.has(f.path));
}

/** The feature whose path is the current location, for highlighting. */
export function activeFeature(features: readonly Feature[], pathname: string): Feature | undefined {
  return features.find((f) => f.path === pathname);
}

/** A bottom-bar or More-sheet entry on a phone. */
export interface MobileNavItem {
  title: string;
  url: string;
  icon: string;
}

/** The phone's bottom bar (spec 1 section 2): four primary tabs, then More. */
const MOBILE_PRIMARY_NAV: readonly MobileNavItem[] = [
  { title: 'Dashboard', url: '/', icon: 'layout-dashboard' },
  { title: 'Floor', url: '/floor-map', icon: 'map' },
  { title: 'Reservations', url: '/reservations', icon: 'calendar' },
  { title: 'Waitlist', url: '/waitlist', icon: 'users' },
];

/** The non-primary entries the spec names, with their short phone labels, and the duties' own
 * screens, short enough for a bottom-bar tab. */
const MOBILE_SHORT_TITLES: Readonly<Record<string, string>> = {
  '/menu-orders': 'Orders',
  '/kitchen-display': 'Kitchen',
  '/runner-interface': 'Runner',
  '/payments': 'Payments',
  '/analytics': 'Analytics',
};
const DUTY_TAB_TITLES: Readonly<Record<string, string>> = {
  '/host-console': 'Host',
  '/cleaner-console': 'Cleaning',
  '/printer-management': 'Printers',
};
/** How many screens fit the bottom bar beside More. */
const MOBILE_PRIMARY_TABS = 4;

/**
 * The bottom bar's tabs and the More sheet's entries for the features a build has: a tab whose
 * screen is missing is left out (so the bar is right before and after a screen lands), and More
 * holds every other staff screen, the spec's short-named ones first, in registry order. A member
 * with a floor duty gets their duty's own screens as the tabs, home first (docs/roles.md): the
 * spec's four tabs are the dashboard's and the host's, and a kitchen, runner or cleaner phone may
 * see none of them.
 */
export function mobileNavigation(
  features: readonly Feature[],
  duty: StaffDuty | null = null,
): { primary: MobileNavItem[]; more: MobileNavItem[] } {
  const built = new Map(features.map((f) => [f.path, f]));
  const tab = (f: Feature): MobileNavItem => ({
    title:
      MOBILE_PRIMARY_NAV.find((item) => item.url === f.path)?.title ??
      MOBILE_SHORT_TITLES[f.path] ??
      DUTY_TAB_TITLES[f.path] ??
      f.title,
    url: f.path,
    icon: f.icon,
  });
  const primary = duty
    ? DUTY_SCREENS[duty]
        .flatMap((path) => {
          const f = built.get(path);
          return f ? [tab(f)] : [];
        })
        .slice(0, MOBILE_PRIMARY_TABS)
    : MOBILE_PRIMARY_NAV.filter((item) => built.has(item.url));
  const primaryUrls = new Set(primary.map((item) => item.url));
  const rest = features.filter((f) => !primaryUrls.has(f.path) && f.category !== 'guest');
  const short = rest.filter((f) => MOBILE_SHORT_TITLES[f.path] !== undefined);
  const others = rest.filter((f) => MOBILE_SHORT_TITLES[f.path] === undefined);
  const more = [...short, ...others].map((f) => ({
    title: MOBILE_SHORT_TITLES[f.path] ?? f.title,
    url: f.path,
    icon: f.icon,
  }));
  return { primary, more };
}
