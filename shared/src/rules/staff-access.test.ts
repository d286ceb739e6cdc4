import { describe, expect, it } from 'vitest';
import { PERMISSIONS, STAFF_DUTIES } from '../constants.js';
import { FEATURES } from './app-shell.js';
import { canSeeScreen, DUTY_SCREENS, holdsPermission, homeScreenFor } from './staff-access.js';

describe('holdsPermission', () => {
  it('gives owners, admins and managers every permission', () => {
    for (const role of ['OWNER', 'ADMIN', 'MANAGER'] as const) {
      for (const p of PERMISSIONS) expect(holdsPermission({ role, permissions: [] }, p)).toBe(true);
    }
  });

  it("keeps the organization's settings from an assistant manager unless granted", () => {
    const assistant = { role: 'ASSISTANT_MANAGER' as const, permissions: [] };
    expect(holdsPermission(assistant, 'MANAGE_MENU')).toBe(true);
    expect(holdsPermission(assistant, 'MANAGE_PAYMENTS')).toBe(true);
    expect(holdsPermission(assistant, 'MANAGE_SETTINGS')).toBe(false);
    expect(holdsPermission(assistant, 'MANAGE_USERS')).toBe(false);
    expect(holdsPermission({ ...assistant, permissions: ['MANAGE_SETTINGS'] }, 'MANAGE_SETTINGS')).toBe(true);
  });

  it('gives other staff only what their role row grants', () => {
    const staff = { role: 'STAFF' as const, permissions: ['MANAGE_ORDERS'] };
    expect(holdsPermission(staff, 'MANAGE_ORDERS')).toBe(true);
    expect(holdsPermission(staff, 'MANAGE_MENU')).toBe(false);
    expect(holdsPermission(staff, 'MANAGE_SETTINGS')).toBe(false);
  });
});

describe('canSeeScreen', () => {
  const staff = (duty: (typeof STAFF_DUTIES)[number] | null, permissions: string[] = []) => ({
    role: 'STAFF' as const,
    permissions,
    duty,
  });

  it('shows kitchen staff the kitchen and runner screens, not the host stand or the menu editor', () => {
    const kitchen = staff('KITCHEN');
    expect(canSeeScreen(kitchen, '/kitchen-display')).toBe(true);
    expect(canSeeScreen(kitchen, '/runner-interface')).toBe(true);
    expect(canSeeScreen(kitchen, '/host-console')).toBe(false);
    expect(canSeeScreen(kitchen, '/')).toBe(false);
    expect(canSeeScreen(kitchen, '/menu-management')).toBe(false);
    expect(homeScreenFor(kitchen)).toBe('/kitchen-display');
  });

  it('lands each duty on its home, the host on the Host Console; managers on the dashboard (issue 22)', () => {
    expect(homeScreenFor(staff('HOST'))).toBe('/host-console');
    expect(homeScreenFor(staff('SERVER'))).toBe('/');
    expect(homeScreenFor(staff('RUNNER'))).toBe('/runner-interface');
    expect(homeScreenFor(staff('CLEANER'))).toBe('/cleaner-console');
    expect(homeScreenFor({ role: 'MANAGER', permissions: [], duty: 'HOST' })).toBe('/');
  });

  it('keeps the menu editor from a runner, and opens it to anyone granted MANAGE_MENU', () => {
    expect(canSeeScreen(staff('RUNNER'), '/menu-management')).toBe(false);
    expect(canSeeScreen(staff(null), '/menu-management')).toBe(false);
    expect(canSeeScreen(staff('KITCHEN', ['MANAGE_MENU']), '/menu-management')).toBe(true);
  });

  it('shows a manager every screen, and staff without a duty every floor screen', () => {
    for (const f of FEATURES) expect(canSeeScreen({ role: 'MANAGER', permissions: [], duty: null }, f.path)).toBe(true);
    expect(canSeeScreen(staff(null), '/')).toBe(true);
    expect(canSeeScreen(staff(null), '/cleaner-console')).toBe(true);
    expect(canSeeScreen(staff(null), '/analytics')).toBe(false);
    expect(homeScreenFor(staff(null))).toBe('/');
  });

  it("names only registered screens, and each duty's home is one it may see", () => {
    const paths = new Set(FEATURES.map((f) => f.path));
    for (const duty of STAFF_DUTIES) {
      for (const path of DUTY_SCREENS[duty]) expect(paths.has(path), `${duty} ${path}`).toBe(true);
      expect(canSeeScreen(staff(duty), homeScreenFor(staff(duty)))).toBe(true);
    }
  });
});
