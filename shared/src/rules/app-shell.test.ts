import { describe, expect, it } from 'vitest';
import { STAFF_DUTIES } from '../constants.js';
import {
  activeFeature,
  FEATURES,
  featuresWithScreens,
  inferCategory,
  mobileNavigation,
  navigationGroups,
  titleFromPath,
} from './app-shell.js';
import { canSeeScreen, type StaffDuty } from './staff-access.js';

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
  it('has unique ids and paths, and only admin features carry permissions', () => {
    expect(new Set(FEATURES.map((f) => f.id)).size).toBe(FEATURES.length);
    expect(new Set(FEATURES.map((f) => f.path)).size).toBe(FEATURES.length);
    for (const f of FEATURES) expect([f.path, f.permissions !== undefined]).toEqual([f.path, f.category === 'admin']);
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
      // Staff accounts (issue 24), main by the path rule.
      '/staff',
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

  it('finds the active feature by exact path', () => {
    expect(activeFeature(FEATURES, '/kitchen-display')?.id).toBe('kitchen-display');
    expect(activeFeature(FEATURES, '/kitchen-display/x')).toBeUndefined();
  });
});

// Spec 1 section 2's staff routes: the staff app with every one of them built.
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
const STAFF_APP = featuresWithScreens(FEATURES, STAFF_ROUTES);

type Viewer = Parameters<typeof canSeeScreen>[0];
const MANAGER: Viewer = { role: 'MANAGER', permissions: [], duty: null };
const staff = (duty: StaffDuty | null, permissions: string[] = []): Viewer => ({ role: 'STAFF', permissions, duty });

/** What a member is offered, as the staff app builds its shell: the built features they may see. */
function offeredTo(viewer: Viewer) {
  const mine = STAFF_APP.filter((f) => canSeeScreen(viewer, f.path));
  const sidebar = navigationGroups(mine);
  const phone = mobileNavigation(mine);
  return {
    may: mine.map((f) => f.path),
    sidebar: sidebar.map((g) => [g.title, g.items.map((i) => i.title)]),
    sidebarUrls: sidebar.flatMap((g) => g.items.map((i) => i.url)),
    phone: { primary: phone.primary.map((i) => i.title), more: phone.more.map((i) => i.title) },
    phoneUrls: [...phone.primary, ...phone.more].map((i) => i.url),
    items: [...sidebar.flatMap((g) => g.items), ...phone.primary, ...phone.more],
  };
}

describe('what a staff member can reach', () => {
  it.each(STAFF_ROUTES)('%s is in the registry: a manager reaches it from the sidebar and the phone', (path) => {
    const offered = offeredTo(MANAGER);
    expect(offered.sidebarUrls.filter((url) => url === path)).toEqual([path]);
    expect(offered.phoneUrls.filter((url) => url === path)).toEqual([path]);
  });

  const viewers: [string, Viewer][] = [
    ['a manager', MANAGER],
    ['an assistant manager', { role: 'ASSISTANT_MANAGER', permissions: [], duty: null }],
    ['staff without a duty', staff(null)],
    ...STAFF_DUTIES.map((duty): [string, Viewer] => [`${duty} staff`, staff(duty)]),
    ['kitchen staff granted MANAGE_MENU', staff('KITCHEN', ['MANAGE_MENU'])],
  ];

  it.each(viewers)(
    '%s finds every screen they may open once in the sidebar and once on the phone, and no other',
    (_, viewer) => {
      const offered = offeredTo(viewer);
      expect(offered.may.length).toBeGreaterThan(0);
      expect([...offered.sidebarUrls].sort()).toEqual([...offered.may].sort());
      expect([...offered.phoneUrls].sort()).toEqual([...offered.may].sort());
      for (const item of offered.items) {
        expect(item.title, item.url).toMatch(/\S/);
        expect(item.icon, item.url).toMatch(/\S/);
      }
    },
  );

  it('shows a kitchen cook the kitchen, the runners, the orders and the printers, nothing of the host stand', () => {
    expect(offeredTo(staff('KITCHEN'))).toMatchObject({
      sidebar: [
        ['Navigation', ['Menu and Orders', 'Kitchen Display', 'Runner Interface']],
        ['Role-Specific Interfaces', ['Printer Management']],
      ],
      phone: { primary: [], more: ['Orders', 'Kitchen', 'Runner', 'Printer Management'] },
    });
    expect(offeredTo(staff('KITCHEN', ['MANAGE_MENU'])).sidebar).toContainEqual([
      'Role-Specific Interfaces',
      ['Printer Management', 'Menu Management'],
    ]);
  });

  it('shows a host the floor screens and the host console, with the four tabs on the phone', () => {
    expect(offeredTo(staff('HOST'))).toMatchObject({
      sidebar: [
        ['Navigation', ['Dashboard', 'Reservations', 'Floor Map', 'Waitlist', 'Menu and Orders', 'Payments']],
        ['Role-Specific Interfaces', ['Host Console']],
      ],
      phone: {
        primary: ['Dashboard', 'Floor', 'Reservations', 'Waitlist'],
        more: ['Orders', 'Payments', 'Host Console'],
      },
    });
  });

  it('shows a cleaner only the cleaner console', () => {
    expect(offeredTo(staff('CLEANER'))).toMatchObject({
      sidebar: [['Role-Specific Interfaces', ['Cleaner Console']]],
      phone: { primary: [], more: ['Cleaner Console'] },
    });
  });

  it('keeps the admin area, analytics and the menu editor from staff, and the admin area from an assistant manager', () => {
    const hidden = ['/admin/organizations', '/admin/venues', '/admin/restaurants', '/analytics', '/menu-management'];
    for (const duty of [null, ...STAFF_DUTIES]) {
      for (const path of hidden) expect(offeredTo(staff(duty)).sidebarUrls, `${duty} ${path}`).not.toContain(path);
    }
    const assistant = offeredTo({ role: 'ASSISTANT_MANAGER', permissions: [], duty: null });
    expect(assistant.sidebar.map(([title]) => title)).toEqual(['Navigation', 'Role-Specific Interfaces']);
    expect(assistant.sidebarUrls).toEqual(expect.arrayContaining(['/analytics', '/menu-management']));
  });

  it('gives a manager the admin group, each item carrying the permission it is for', () => {
    const admin = navigationGroups(STAFF_APP.filter((f) => canSeeScreen(MANAGER, f.path))).find(
      (g) => g.category === 'admin',
    );
    expect(admin?.items.map((i) => [i.title, i.permission])).toEqual([
      ['Organization Management', 'ORGANIZATION_ADMIN'],
      ['Venue Management', 'VENUE_ADMIN'],
      ['Restaurant Profiles', 'RESTAURANT_ADMIN'],
    ]);
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

  it('gives each duty its own screens as tabs, home first, and More the rest it may see (issue 22)', () => {
    const tabs = (duty: StaffDuty) => {
      const nav = mobileNavigation(
        STAFF_APP.filter((f) => canSeeScreen(staff(duty), f.path)),
        duty,
      );
      return { primary: nav.primary.map((i) => i.url), more: nav.more.map((i) => i.url) };
    };
    expect(tabs('KITCHEN')).toEqual({
      primary: ['/kitchen-display', '/runner-interface', '/menu-orders', '/printer-management'],
      more: [],
    });
    expect(tabs('RUNNER')).toEqual({ primary: ['/runner-interface', '/kitchen-display'], more: [] });
    expect(tabs('CLEANER')).toEqual({ primary: ['/cleaner-console'], more: [] });
    expect(tabs('HOST').primary).toEqual(['/host-console', '/', '/reservations', '/waitlist']);
    expect(tabs('HOST').more).toEqual(['/menu-orders', '/payments', '/floor-map']);
    expect(mobileNavigation(STAFF_APP, 'CLEANER').primary.map((i) => i.title)).toEqual(['Cleaning']);
  });
});
