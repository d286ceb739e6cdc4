// The screens' question before a call (issue 22's button crawl): the server where the app runs
// answers it, the member holds its permission, and their duty includes it.
import { describe, expect, it } from 'vitest';
import { getAnalytics } from './analytics/get-analytics.js';
import { populateDemo } from './demo/populate-demo.js';
import { mayCall, screenNeedsCloud } from './duty-calls.js';
import { listFloorLayoutVersions } from './floor-layout/list-floor-layout-versions.js';
import { createPrinter } from './printers/create-printer.js';
import { listPrinters } from './printers/list-printers.js';
import { listTables } from './tables/list-tables.js';

const manager = { role: 'MANAGER' as const, permissions: [] };
const host = { role: 'STAFF' as const, permissions: [], duty: 'HOST' as const };
const kitchen = { role: 'STAFF' as const, permissions: [], duty: 'KITCHEN' as const };

describe('mayCall', () => {
  it('asks nothing while the app does not know where it runs', () => {
    expect(mayCall(manager, listTables, null)).toBe(false);
  });

  it('asks a terminal only what it answers', () => {
    expect(mayCall(manager, listTables, 'terminal')).toBe(true);
    expect(mayCall(manager, listFloorLayoutVersions, 'terminal')).toBe(false);
    expect(mayCall(manager, populateDemo, 'terminal')).toBe(false);
    expect(mayCall(manager, listFloorLayoutVersions, 'cloud')).toBe(true);
  });

  it('asks only what the permission and the duty allow', () => {
    expect(mayCall(manager, getAnalytics, 'cloud')).toBe(true);
    expect(mayCall(host, getAnalytics, 'cloud')).toBe(false);
    expect(mayCall({ ...host, permissions: ['VIEW_ANALYTICS'] }, getAnalytics, 'cloud')).toBe(true);
    expect(mayCall(host, populateDemo, 'cloud')).toBe(false);
    expect(mayCall(kitchen, listPrinters, 'cloud')).toBe(true);
    expect(mayCall(kitchen, createPrinter, 'cloud')).toBe(false);
    expect(mayCall(manager, createPrinter, 'cloud')).toBe(true);
    // A cleaner's screens do not read the floor layout.
    expect(mayCall({ ...host, duty: 'CLEANER' }, listFloorLayoutVersions, 'cloud')).toBe(false);
  });
});

describe('screenNeedsCloud', () => {
  it('names the screens none of whose calls a terminal answers', () => {
    for (const path of ['/admin/organizations', '/admin/venues', '/admin/restaurants', '/setup', '/staff'])
      expect(screenNeedsCloud(path, 'terminal'), path).toBe(true);
    for (const path of ['/', '/floor-map', '/host-console', '/printer-management', '/menu-management', '/analytics'])
      expect(screenNeedsCloud(path, 'terminal'), path).toBe(false);
    expect(screenNeedsCloud('/admin/venues', 'cloud')).toBe(false);
  });
});
