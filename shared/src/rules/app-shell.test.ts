import { describe, expect, it } from 'vitest';
import {
  activeFeature,
  FEATURES,
  featuresWithScreens,
  inferCategory,
  mobileNavigation,
  NAV_GROUPS,
  navigationGroups,
  SIDEBAR_QUICK_ACTIONS,
  titleFromPath,
} from './app-shell.js';

describe('inferCategory', () => {
  it.each([
    ['/guest/checkin', 'guest'],
    ['/guest/scan-table', 'guest'],
    ['/guest', 'guest'],
    ['/host-console', 'role-specific'],
    ['/cleaner-console', 'role-specific'],
    ['/printer-management', 'role-specific'],
    ['/menu-management', 'role-specific'],
    ['/admin/organizations', 'admin'],
    ['/admin/venues', 'admin'],
    ['/', 'main'],
    ['/kitchen-display', 'main'],
    ['/runner-interface', 'main'],
    ['/qa-dashboard', 'main'],
    ['/qr/table', 'main'],
    // the rule's order decides mixed paths
    ['/guest/admin', 'guest'],
    ['/admin/console', 'role-specific'],
  ] as const)('%s → %s', (path, category) => {
    expect(inferCategory(path)).toBe(category);
  });
});

describe('titleFromPath', () => {
  it.each([
    ['/kitchen-display', 'Kitchen Display'],
    ['/floor-map', 'Floor Map'],
    ['/analytics', 'Analytics'],
    ['/admin/organizations', 'Admin Organizations'],
    ['/guest/seat-selection', 'Guest Seat Selection'],
    ['/qa_dashboard', 'Qa Dashboard'],
    ['/', 'Dashboard'],
    ['', 'Dashboard'],
  ])('%s → %s', (path, title) => {
    expect(titleFromPath(path)).toBe(title);
  });
});

describe('FEATURES', () => {
  it.each([
    ['/', 'Dashboard', 'main', 'Restaurant overview and real-time metrics'],
    ['/reservations', 'Reservations', 'main', 'Manage table reservations and bookings'],
    ['/floor-map', 'Floor Map', 'main', 'Interactive restaurant floor plan'],
    ['/waitlist', 'Waitlist', 'main', 'Guest waitlist management'],
    ['/menu-orders', 'Menu and Orders', 'main', 'Menu management and order tracking'],
    ['/kitchen-display', 'Kitchen Display', 'main', 'Kitchen order management'],
    ['/runner-interface', 'Runner Interface', 'main', 'Food delivery task management'],
    ['/payments', 'Payments', 'main', 'Payment processing and billing'],
    ['/analytics', 'Analytics', 'main', 'Business metrics and reporting'],
    ['/host-console', 'Host Console', 'role-specific', 'Front desk operations and guest management'],
    ['/cleaner-console', 'Cleaner Console', 'role-specific', 'Cleaning and maintenance tasks'],
    ['/printer-management', 'Printer Management', 'role-specific', 'Backup ticket printing and printer status'],
    ['/guest/checkin', 'Check In', 'guest', 'Guest check-in'],
    ['/guest/seat-selection', 'Seat Selection', 'guest', 'Choose table and seat'],
    ['/guest/menu', 'Menu', 'guest', 'Browse menu and place orders'],
    ['/guest/payment', 'Payment', 'guest', 'Pay the bill'],
    ['/guest/exit', 'Exit', 'guest', 'Exit confirmation'],
    ['/menu-management', 'Menu Management', 'role-specific', 'Menu management with photo upload'],
    ['/qa-dashboard', 'QA Dashboard', 'main', 'Testing with seeded data'],
  ])('%s is %s (%s)', (path, title, category, description) => {
    const feature = FEATURES.find((f) => f.path === path);
    expect(feature).toMatchObject({ title, category, description });
  });

  it.each([
    ['/admin/organizations', 'Organization Management', 'ORGANIZATION_ADMIN'],
    ['/admin/venues', 'Venue Management', 'VENUE_ADMIN'],
    ['/admin/restaurants', 'Restaurant Profiles', 'RESTAURANT_ADMIN'],
  ])('admin feature %s carries %s', (path, title, permission) => {
    expect(FEATURES.find((f) => f.path === path)).toMatchObject({
      title,
      category: 'admin',
      permissions: [permission],
    });
  });

  it('has unique ids and paths, and only admin features carry permissions', () => {
    expect(new Set(FEATURES.map((f) => f.id)).size).toBe(FEATURES.length);
    expect(new Set(FEATURES.map((f) => f.path)).size).toBe(FEATURES.length);
    expect(FEATURES.filter((f) => f.permissions).map((f) => f.category)).toEqual(['admin', 'admin', 'admin']);
    expect(FEATURES).toHaveLength(22);
  });

  it('agrees with the path rule for every route except where the registry wording names it', () => {
    for (const f of FEATURES) expect([f.path, inferCategory(f.path)]).toEqual([f.path, f.category]);
  });
});

describe('navigationGroups', () => {
  it('orders groups by number and titles them as the spec does', () => {
    const groups = navigationGroups(FEATURES, [
      { title: 'Extra', url: '/extra', icon: 'x', description: '', category: 'custom' },
    ]);
    expect(groups.map((g) => [g.title, g.order])).toEqual([
      ['Navigation', 1],
      ['Role-Specific Interfaces', 2],
      ['Guest Interface', 3],
      ['Administration', 4],
      ['Custom', 999],
    ]);
    expect(groups[0]?.items.map((i) => i.url)).toEqual([
      '/',
      '/reservations',
      '/floor-map',
      '/waitlist',
      '/menu-orders',
      '/kitchen-display',
      '/runner-interface',
      '/payments',
      '/analytics',
      '/qa-dashboard',
    ]);
    expect(groups[3]?.items.map((i) => i.permission)).toEqual([
      'ORGANIZATION_ADMIN',
      'VENUE_ADMIN',
      'RESTAURANT_ADMIN',
    ]);
  });

  it('hides empty groups', () => {
    const only = featuresWithScreens(FEATURES, ['/kitchen-display', '/nowhere']);
    const groups = navigationGroups(only);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      title: 'Navigation',
      items: [{ title: 'Kitchen Display', url: '/kitchen-display' }],
    });
    expect(navigationGroups([])).toEqual([]);
  });

  it('puts a custom item without a category in the group inferred from its url', () => {
    const groups = navigationGroups(
      [],
      [
        { title: 'Bar Console', url: '/bar-console', icon: 'x', description: 'bar' },
        { title: 'Guest Survey', url: '/guest/survey', icon: 'x', description: 'survey' },
      ],
    );
    expect(groups.map((g) => [g.title, g.items.map((i) => i.title)])).toEqual([
      ['Role-Specific Interfaces', ['Bar Console']],
      ['Guest Interface', ['Guest Survey']],
    ]);
  });

  it('exposes the fixed group table and quick actions', () => {
    expect(NAV_GROUPS.map((g) => g.order)).toEqual([1, 2, 3, 4, 999]);
    expect(SIDEBAR_QUICK_ACTIONS.map((a) => a.title)).toEqual(['Generate Table QR', 'Send Alert', 'Request Cleaning']);
  });

  it('finds the active feature by exact path', () => {
    expect(activeFeature(FEATURES, '/kitchen-display')?.id).toBe('kitchen-display');
    expect(activeFeature(FEATURES, '/kitchen-display/x')).toBeUndefined();
  });
});

describe('the route table', () => {
  // Spec 1 section 2's staff routes: every one is in the registry, with an icon and a description.
  const STAFF_ROUTES = [
    '/',
    '/reservations',
    '/floor-map',
    '/waitlist',
    '/menu-orders',
    '/menu-management',
    '/kitchen-display',
    '/runner-interface',
    '/payments',
    '/analytics',
    '/host-console',
    '/cleaner-console',
    '/printer-management',
    '/admin/organizations',
    '/admin/venues',
    '/admin/restaurants',
    '/qa-dashboard',
  ];
  it.each(STAFF_ROUTES)('%s is registered', (path) => {
    const feature = FEATURES.find((f) => f.path === path);
    expect(feature?.icon).toMatch(/\S/);
    expect(feature?.description).toMatch(/\S/);
  });
});

describe('mobileNavigation', () => {
  const built = (...paths: string[]) => featuresWithScreens(FEATURES, paths);

  it('offers only the primary tabs whose screens exist, in the spec order', () => {
    expect(mobileNavigation(built('/', '/waitlist', '/kitchen-display')).primary.map((i) => i.title)).toEqual([
      'Dashboard',
      'Waitlist',
    ]);
    expect(mobileNavigation(built('/waitlist', '/reservations', '/floor-map', '/')).primary.map((i) => i.url)).toEqual([
      '/',
      '/floor-map',
      '/reservations',
      '/waitlist',
    ]);
  });

  it('puts every other staff screen under More, short names first, guest pages never', () => {
    const { more } = mobileNavigation(
      built('/', '/host-console', '/analytics', '/kitchen-display', '/guest/menu', '/admin/venues', '/waitlist'),
    );
    expect(more.map((i) => [i.title, i.url])).toEqual([
      ['Kitchen', '/kitchen-display'],
      ['Analytics', '/analytics'],
      ['Host Console', '/host-console'],
      ['Venue Management', '/admin/venues'],
    ]);
  });

  it('has nothing when nothing is built', () => {
    expect(mobileNavigation([])).toEqual({ primary: [], more: [] });
  });
});
