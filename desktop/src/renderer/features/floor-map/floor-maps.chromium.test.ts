// The maps that draw the published floor (issue 25), in real Chromium over a real cloud, a terminal
// core paired to it and the built guest site: the dashboard's Floor Map tab and the host console
// (on the terminal, from its replica) draw each table at its published place, coloured by state and
// moving live; the guest's seat map draws the same places, never smaller than a finger; the
// designer's context menus (Duplicate offsets 50, Rotate 45°, Toggle Status, Delete asks first),
// by mouse and keyboard; a pinch zooms the readout. Screenshots go to FLOOR_MAPS_SHOTS (default
// the temp folder) at 1280×800 and 390×844.
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { DASHBOARD_TEXTS, FLOOR_TEXTS, HOST_CONSOLE_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Client, entranceCode, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.FLOOR_MAPS_SHOTS ?? tmpdir();
const GUEST_WEB = fileURLToPath(new URL('../../../../../guest-web/dist', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let manager: Client;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;
let staffContext: BrowserContext;

/** The published floor: three tables of three shapes at three places, in one zone. */
const PLACES = [
  { number: '1', lib: 'round-4', shape: 'round', x: 40, y: 60, width: 80, height: 80, capacity: 4 },
  { number: '2', lib: 'rectangle-6', shape: 'rectangle', x: 420, y: 120, width: 140, height: 80, capacity: 6 },
  { number: '3', lib: 'booth-4', shape: 'booth', x: 220, y: 380, width: 100, height: 70, capacity: 4 },
] as const;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stack = await startStaffAppStack('floor-maps', () => ({}), { guestWebDir: GUEST_WEB });
  ({ h, core, browser } = stack);
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  const tableIds = h.fixture.a.tableIds;
  const layout = {
    zones: [{ id: 'z-room', name: 'Main Room', type: 'dining', x: 0, y: 0, width: 700, height: 520, color: '#dbeafe' }],
    components: PLACES.map((p, i) => ({
      id: `c${p.number}`,
      libraryComponentId: p.lib,
      name: p.lib,
      type: 'table',
      shape: p.shape,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
      number: p.number,
      capacity: p.capacity,
      zone: 'z-room',
      tableId: tableIds[i],
    })),
  };
  const saved = await manager.request('PUT', '/api/floor-layout', { body: { baseVersion: null, layout } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const published = await manager.post('/api/floor-layout/publish', { baseVersion: saved.body.version });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  staffContext = await browser.newContext({ viewport: DESKTOP });
  await staffContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.cloud.url });
  const signing = await staffContext.newPage();
  await signIn(signing, `${h.cloud.url}/`);
  await signing.getByTestId('dashboard').waitFor();
  await signing.close();
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

async function signIn(page: Page, url: string) {
  await page.goto(url);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

const tablesOn = (scope: Page | Locator) => scope.locator('[data-testid="floor-item"][data-kind="table"]');

/** Each drawn table's number, layout place and on-screen centre. */
async function drawn(items: Locator) {
  await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(PLACES.length);
  return Promise.all(
    (await items.all()).map(async (item) => {
      const box = await item.boundingBox();
      return {
        number: await item.getAttribute('data-number'),
        x: Number(await item.getAttribute('data-x')),
        y: Number(await item.getAttribute('data-y')),
        state: await item.getAttribute('data-state'),
        cx: (box?.x ?? 0) + (box?.width ?? 0) / 2,
        cy: (box?.y ?? 0) + (box?.height ?? 0) / 2,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
      };
    }),
  );
}

/** Drawn where the layout puts them: the numbers at their coordinates, and on screen in the same
 * order left to right and top to bottom as in the layout. */
function expectPublishedPlaces(seen: Awaited<ReturnType<typeof drawn>>, only = PLACES.map((p) => p.number)) {
  const expected = PLACES.filter((p) => (only as string[]).includes(p.number));
  expect(seen.map(({ number, x, y }) => ({ number, x, y })).sort((a, b) => a.x - b.x)).toEqual(
    expected.map(({ number, x, y }) => ({ number, x, y })).sort((a, b) => a.x - b.x),
  );
  const byLayoutX = [...seen].sort((a, b) => a.x - b.x).map((t) => t.number);
  const byScreenX = [...seen].sort((a, b) => a.cx - b.cx).map((t) => t.number);
  const byLayoutY = [...seen].sort((a, b) => a.y - b.y).map((t) => t.number);
  const byScreenY = [...seen].sort((a, b) => a.cy - b.cy).map((t) => t.number);
  expect(byScreenX).toEqual(byLayoutX);
  expect(byScreenY).toEqual(byLayoutY);
}

it("draws the published floor on the dashboard's Floor Map tab, coloured by state and moving live", async () => {
  const page = await staffContext.newPage();
  await page.goto(`${h.cloud.url}/`);
  await page.getByTestId('dashboard-tab-floor').click();
  await page.getByRole('heading', { name: DASHBOARD_TEXTS.floorTitle }).waitFor();
  const seen = await drawn(tablesOn(page));
  expectPublishedPlaces(seen);
  expect(seen.every((t) => t.state === 'EMPTY')).toBe(true);
  expect(await page.locator('[data-testid="floor-item"][data-kind="zone"]').getAttribute('data-x')).toBe('0');

  // A party sat down at table 2: the map colours it without a reload.
  const t2 = h.fixture.a.tableIds[1] as string;
  const moved = await manager.post(`/api/tables/${t2}/transition`, { state: 'OCCUPIED' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const two = tablesOn(page).and(page.locator('[data-number="2"]'));
  await expect.poll(() => two.getAttribute('data-state'), { timeout: 10_000 }).toBe('OCCUPIED');

  // A tap opens its Quick Actions.
  await two.click();
  const quick = page.getByRole('dialog', { name: new RegExp(FLOOR_TEXTS.quickActions) });
  await quick.waitFor();
  await page.screenshot({ path: join(shots, 'dashboard-floor-quick-1280.png') });
  await quick.getByRole('button', { name: FLOOR_TEXTS.cancel }).click();
  await page.screenshot({ path: join(shots, 'dashboard-floor-1280.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  expectPublishedPlaces(await drawn(tablesOn(page)));
  await page.screenshot({ path: join(shots, 'dashboard-floor-390.png'), fullPage: true });
  await page.close();
}, 60_000);

it("draws the host console's floor plan on the terminal from its replica, at the published places", async () => {
  const page = await browser.newPage({ viewport: DESKTOP });
  await signIn(page, `${core.url}/host-console`);
  await page.getByRole('tab', { name: HOST_CONSOLE_TEXTS.tabs.floor }).click();
  const map = page.getByTestId('host-floor');
  const items = tablesOn(map);
  // The replica has what Publish wrote (its place and shape); the sizes are the shapes' own.
  await expect
    .poll(async () => (await drawn(items)).map((t) => `${t.number}@${t.x},${t.y}`).sort(), {
      timeout: 15_000,
    })
    .toEqual(PLACES.map((p) => `${p.number}@${p.x},${p.y}`).sort());
  expectPublishedPlaces(await drawn(items));
  // Its zone too: the replica keeps the layout published, not only the tables it made.
  const zone = map.locator('[data-testid="floor-item"][data-kind="zone"]');
  await expect.poll(() => zone.count(), { timeout: 15_000 }).toBe(1);
  expect(await zone.getAttribute('data-x')).toBe('0');
  await expect.poll(() => items.and(page.locator('[data-number="2"]')).getAttribute('data-state')).toBe('OCCUPIED');
  await page.screenshot({ path: join(shots, 'host-floor-terminal-1280.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(shots, 'host-floor-terminal-390.png'), fullPage: true });
  await page.close();
}, 60_000);

it("draws the guest's seat map at the published places, every table at least 44 px, and holds the one tapped", async () => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  const { token } = await entranceCode(h.cloud.url, h.fixture.a.managerEmail);
  const checkin = await phone.request.post(`${h.cloud.url}/api/guest/checkin`, {
    data: { guestName: 'Noor', partySize: 2, venueId: h.fixture.a.venueId, token },
  });
  expect(checkin.status()).toBe(200);
  await page.goto(`${h.cloud.url}/guest/seat-selection?partySize=2`);
  await page.getByTestId('view-map').click();
  const tables = page.getByTestId('seat-map-table');
  // Table 2 is taken: the map offers 1 and 3, where the layout has them.
  await expect.poll(() => tables.count(), { timeout: 15_000 }).toBe(2);
  const seen = await Promise.all(
    (await tables.all()).map(async (t) => {
      const box = await t.boundingBox();
      return {
        number: await t.getAttribute('data-number'),
        x: Number(await t.getAttribute('data-x')),
        y: Number(await t.getAttribute('data-y')),
        state: null,
        cx: (box?.x ?? 0) + (box?.width ?? 0) / 2,
        cy: (box?.y ?? 0) + (box?.height ?? 0) / 2,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
      };
    }),
  );
  expectPublishedPlaces(seen, ['1', '3']);
  for (const t of seen) expect(Math.min(t.width, t.height), `table ${t.number}`).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: join(shots, 'guest-seat-map-390.png'), fullPage: true });
  await tables.and(page.locator('[data-number="3"]')).click();
  await expect.poll(() => page.getByTestId('held-table').textContent()).toBe('Table 3');
  await expect.poll(() => tables.and(page.locator('[data-number="3"]')).getAttribute('aria-pressed')).toBe('true');
  await page.screenshot({ path: join(shots, 'guest-seat-map-held-390.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(shots, 'guest-seat-map-1280.png'), fullPage: true });
  await phone.close();
}, 60_000);

/** The designer over the published floor, Manager Mode on. */
async function openDesigner(page: Page) {
  await page.goto(`${h.cloud.url}/floor-map`);
  await page.getByRole('switch', { name: new RegExp(FLOOR_TEXTS.managerMode) }).check();
  await expect.poll(() => tablesOn(page).count(), { timeout: 15_000 }).toBe(PLACES.length);
}

it("opens the designer's context menus by right click and keyboard: Duplicate offsets 50, Rotate 45°, Toggle Status, Delete asks first", async () => {
  const page = await staffContext.newPage();
  await openDesigner(page);
  const table = (n: string) => tablesOn(page).and(page.locator(`[data-number="${n}"]`));
  const menu = page.getByRole('menu');

  await table('2').click({ button: 'right' });
  await menu.waitFor();
  expect(await menu.getAttribute('aria-label')).toBe(FLOOR_TEXTS.tableMenuHeader('2', 6));
  for (const name of [FLOOR_TEXTS.chairManagement, FLOOR_TEXTS.tableActions, FLOOR_TEXTS.advanced]) {
    expect(await menu.getByRole('menuitem', { name }).isVisible()).toBe(true);
  }
  await page.screenshot({ path: join(shots, 'designer-table-menu-1280.png') });
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.duplicate }).click();
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => tablesOn(page).count()).toBe(PLACES.length + 1);
  const copy = tablesOn(page).last();
  expect([await copy.getAttribute('data-x'), await copy.getAttribute('data-y')]).toEqual(['470', '170']);

  await table('2').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.rotate45 }).click();
  await expect.poll(() => table('2').getAttribute('transform')).toMatch(/rotate\(45 /);
  await table('2').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.toggleStatus }).click();
  await expect.poll(() => table('2').getAttribute('data-state')).toBe('OCCUPIED');

  // Chair Management opens from its title; Remove Chair takes one seat off.
  await table('1').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.chairManagement }).click();
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.removeChair }).click();
  await table('1').click({ button: 'right' });
  expect(await menu.getAttribute('aria-label')).toBe(FLOOR_TEXTS.tableMenuHeader('1', 3));

  // Delete asks with the spec's words; Cancel keeps the table, Delete takes it off the draft.
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.delete }).click();
  const ask = page.getByRole('alertdialog', { name: FLOOR_TEXTS.deleteTableConfirm });
  await ask.waitFor();
  await page.screenshot({ path: join(shots, 'designer-delete-confirm-1280.png') });
  await ask.getByRole('button', { name: FLOOR_TEXTS.cancel }).click();
  await expect.poll(() => table('1').count()).toBe(1);
  await table('1').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.delete }).click();
  await ask.getByRole('button', { name: FLOOR_TEXTS.delete }).click();
  await expect.poll(() => table('1').count()).toBe(0);

  // The canvas's own menu, from an empty spot.
  const canvas = page.getByRole('application', { name: FLOOR_TEXTS.title });
  const box = await canvas.boundingBox();
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) - 20, (box?.y ?? 0) + (box?.height ?? 0) - 20, {
    button: 'right',
  });
  await menu.waitFor();
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
    FLOOR_TEXTS.drawZone,
    FLOOR_TEXTS.copyLayout,
    FLOOR_TEXTS.exportLayout,
    FLOOR_TEXTS.clearAll,
  ]);
  await page.screenshot({ path: join(shots, 'designer-canvas-menu-1280.png') });
  // Copy Layout puts the draft's components and zones on the clipboard as JSON, as drawn now.
  await menu.getByRole('menuitem', { name: FLOOR_TEXTS.copyLayout }).click();
  await menu.waitFor({ state: 'detached' });
  await page.getByText(FLOOR_TEXTS.layoutCopied).waitFor();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    components: { type: string; number: string | null; x: number; y: number }[];
    zones: { name: string }[];
  };
  expect(Object.keys(copied).sort()).toEqual(['components', 'zones']);
  expect(copied.zones.map((z) => z.name)).toEqual(['Main Room']);
  const copiedTables = copied.components.filter((c) => c.type === 'table');
  expect(copiedTables.map((c) => `${c.x},${c.y}`).sort()).toEqual(['220,380', '420,120', '470,170']);
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) - 20, (box?.y ?? 0) + (box?.height ?? 0) - 20, {
    button: 'right',
  });
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });

  // By keyboard: the Menu key on a focused table, arrows move, Escape closes and gives focus back.
  await table('3').focus();
  await page.keyboard.press('Shift+F10');
  await menu.waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toContain(FLOOR_TEXTS.tableActions);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-number'))).toBe('3');

  // Undo brings the deleted table back.
  await page.getByRole('button', { name: FLOOR_TEXTS.undo }).click();
  await expect.poll(() => table('1').count()).toBe(1);
  await page.close();
}, 60_000);

it('zooms by pinch on a touch screen, on the steps and readout of the buttons, and opens the menu by long press', async () => {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    storageState: await staffContext.storageState(),
  });
  const page = await context.newPage();
  await page.goto(`${h.cloud.url}/floor-map`);
  const readout = page.getByTestId('floor-zoom');
  await expect.poll(() => readout.textContent()).toBe('100%');
  const canvas = page.getByRole('application', { name: FLOOR_TEXTS.title });
  const box = await canvas.boundingBox();
  const cx = (box?.x ?? 0) + (box?.width ?? 0) / 2;
  const cy = (box?.y ?? 0) + (box?.height ?? 0) / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ ...p, id })),
    });
  // Fingers 60 px apart move to 120 px apart: twice the zoom.
  await touch('touchStart', [
    { x: cx - 30, y: cy },
    { x: cx + 30, y: cy },
  ]);
  for (const half of [40, 50, 60]) {
    await touch('touchMove', [
      { x: cx - half, y: cy },
      { x: cx + half, y: cy },
    ]);
  }
  await touch('touchEnd', []);
  await expect.poll(() => readout.textContent()).toBe('200%');
  await page.getByRole('button', { name: FLOOR_TEXTS.zoomOut }).click();
  await expect.poll(() => readout.textContent()).toBe('190%');
  await page.screenshot({ path: join(shots, 'live-floor-pinched-390.png'), fullPage: true });

  // A long press in the designer opens the same menu a right click does.
  await openDesigner(page);
  const one = tablesOn(page).and(page.locator('[data-number="3"]'));
  // On a phone the floor is wider than the screen (tables stay 44 px) and scrolls to the table.
  await one.scrollIntoViewIfNeeded();
  const b = await one.boundingBox();
  const at = { x: (b?.x ?? 0) + (b?.width ?? 0) / 2, y: (b?.y ?? 0) + (b?.height ?? 0) / 2 };
  await touch('touchStart', [at]);
  await page.getByRole('menu').waitFor();
  // Lifting the finger clicks what is under it, the menu: that is not a choice, the menu stays.
  await touch('touchEnd', []);
  await page.getByRole('menu').getByRole('menuitem', { name: FLOOR_TEXTS.delete }).waitFor();
  expect(await page.getByRole('menu').getAttribute('aria-label')).toBe(FLOOR_TEXTS.tableMenuHeader('3', 4));
  await page.screenshot({ path: join(shots, 'designer-table-menu-390.png') });
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  expect(await page.getByRole('menu').count()).toBe(1);
  await context.close();
}, 60_000);

it('saves a table as a template, as a file and for the organization, and places it from the library', async () => {
  const page = await staffContext.newPage();
  await openDesigner(page);
  const table = tablesOn(page).and(page.locator('[data-number="3"]'));
  await table.click();
  const panel = page.getByTestId('properties-panel');
  const button = panel.getByRole('button', { name: FLOOR_TEXTS.saveAsTemplate });
  // The name is required: spaces alone leave the button off.
  await panel.getByLabel(FLOOR_TEXTS.templateName).fill('   ');
  expect(await button.isDisabled()).toBe(true);
  await panel.getByLabel(FLOOR_TEXTS.templateName).fill('Corner booth');
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toBe('Corner booth.json');
  const saved = JSON.parse(readFileSync(await file.path(), 'utf8')) as { components: { libraryComponentId: string }[] };
  expect(saved.components.map((c) => c.libraryComponentId)).toEqual(['booth-4']);
  await page.getByText(FLOOR_TEXTS.templateSaved('Corner booth')).waitFor();
  await expect
    .poll(async () =>
      ((await manager.get('/api/floor-templates')).body.templates as { name: string }[]).map((t) => t.name),
    )
    .toEqual(['Corner booth']);
  await page.screenshot({ path: join(shots, 'designer-save-template-1280.png') });

  // The library lists it under Templates; a click places a new, unlinked table.
  await page
    .getByRole('button', { name: new RegExp(FLOOR_TEXTS.templates) })
    .first()
    .click();
  const entry = page.getByTestId('library-template').and(page.locator('[data-template-name="Corner booth"]'));
  await entry.click();
  await expect.poll(() => tablesOn(page).count()).toBe(PLACES.length + 1);
  await page.getByText(FLOOR_TEXTS.templateAdded('Corner booth', 1)).waitFor();
  await page.close();
}, 60_000);
