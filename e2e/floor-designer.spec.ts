// The floor (issue 25), end to end with real processes: PostgreSQL, the cloud, a terminal core
// paired to the demo venue, and Chromium. A manager redesigns the floor in the designer: clears
// the draft, draws a patio zone with two clicks, drops the Patio Section bundle (six two-tops),
// renumbers one table inline and publishes. A walk-in guest's seat selection shows the six tables
// at their places; the guest takes the renumbered one and the host's live floor colours it. A
// second manager, who opened the designer before the publish, saves over the old version: the 409
// names who saved and when, and nothing is lost; she reloads and restores the old floor from the
// versions list as a new version (not published). Undo brings back a deleted table. The cloud is
// killed: the terminal still shows the floor, and says editing needs the cloud.
// Screenshots go to $SHOTS_DIR when it is set (never into the repository).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { FLOOR_MESSAGES, type FloorLayout, layoutStaleMessage } from '@tablewise/shared';
import { type DemoCloud, entranceLink, startDemoCloud } from './support/demo-cloud.js';
import { apiCall } from './support/guest-party.js';
import { freePort, type Proc, runTsxJson, startTsx, waitForHttp } from './support/processes.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SECOND_MANAGER = { email: 'marta@demo.test', name: 'Marta Rossi' };

test.use({ actionTimeout: 15_000 });

let cloud: DemoCloud;
let terminal: Proc | undefined;
let terminalUrl = '';
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cloud = await startDemoCloud('floor25');
  // A second manager of the venue: the demo manager's role and password under another name.
  const marta = await cloud.db.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name)
     SELECT gen_random_uuid(), $1, password_hash, 'Marta', 'Rossi' FROM users WHERE email = 'manager@demo.test'
     RETURNING id`,
    [SECOND_MANAGER.email],
  );
  await cloud.db.query(
    `INSERT INTO user_roles (id, user_id, organization_id, venue_id, role, permissions, duty)
     SELECT gen_random_uuid(), $1, r.organization_id, r.venue_id, r.role, r.permissions, r.duty
       FROM user_roles r JOIN users u ON u.id = r.user_id
      WHERE u.email = 'manager@demo.test' AND r.venue_id = $2`,
    [marta.rows[0].id, cloud.venueId],
  );
  const terminalDir = join(cloud.dataDir, 'terminal');
  const paired = await runTsxJson<{ credential: string }>(
    'scripts/demo-cli.ts',
    ['pair', '--cloud', cloud.url, '--data-dir', terminalDir],
    { DATABASE_URL: cloud.databaseUrl },
  );
  const port = await freePort();
  terminalUrl = `http://127.0.0.1:${port}`;
  terminal = startTsx('terminal', 'desktop/src/core/cli.ts', [
    ...['--cloud', cloud.url, '--credential', paired.credential, '--data-dir', terminalDir],
    ...['--port', String(port), '--static', join(process.cwd(), 'desktop/dist/web')],
  ]);
  await waitForHttp(`${terminalUrl}/api/auth/me`, terminal);
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await terminal?.kill('SIGKILL');
  await cloud?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `floor25-${name}.png`), fullPage: true });
}

async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`Uncaught page error on ${page.url()}: ${error.message}`);
  });
  return page;
}

/** A staff screen signed in as `email`. */
async function staffScreen(browser: Browser, base: string, path: string, email: string, viewport = DESKTOP) {
  const page = await newPage(browser, viewport);
  await page.goto(`${base}${path}`);
  await page.getByTestId('login-email').fill(email);
  const manager = email === 'manager@demo.test' || email === SECOND_MANAGER.email;
  await page.getByTestId('login-password').fill(manager ? 'demo-manager' : 'demo-staff');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-submit')).toHaveCount(0, { timeout: 15_000 });
  return page;
}

/** The designer, Manager Mode switched on. */
async function openDesigner(page: Page): Promise<void> {
  await page.getByRole('switch', { name: /Manager Mode/ }).check();
  await expect(page.getByTestId('designer-canvas')).toBeVisible();
}

const tablesOn = (page: Page): Locator => page.locator('[data-testid="floor-item"][data-kind="table"]');
const tableOn = (page: Page, number: string): Locator =>
  page.locator(`[data-testid="floor-item"][data-kind="table"][data-number="${number}"]`);

/** A click on the canvas at a point of the layout, placed through the canvas's own transform. */
async function clickAt(page: Page, x: number, y: number): Promise<void> {
  const canvas = page.getByTestId('designer-canvas').locator('svg');
  await canvas.scrollIntoViewIfNeeded();
  const p = await canvas.evaluate(
    (svg, at) => {
      type Matrix = { a: number; b: number; c: number; d: number; e: number; f: number };
      const m = (svg as unknown as { getScreenCTM(): Matrix }).getScreenCTM();
      return { x: m.a * at.x + m.c * at.y + m.e, y: m.b * at.x + m.d * at.y + m.f };
    },
    { x, y },
  );
  await page.mouse.click(p.x, p.y);
}

async function savedLayout(): Promise<{ version: number; savedBy: string; savedAt: string; layout: FloorLayout }> {
  return (await apiCall(cloud, cloud.staffCookie, 'GET', '/api/floor-layout')).body.current;
}

test('a manager redesigns the floor and publishes it; guests, the host, a second manager and the terminal see it', async ({
  browser,
}) => {
  // About a minute on a quiet machine; a loaded CI box took over two.
  test.setTimeout(300_000);
  // ---- the screens open before the redesign: the host's live floor, a second manager's designer ----
  const host = await staffScreen(browser, cloud.url, '/floor-map', 'host@demo.test');
  await expect(tablesOn(host)).toHaveCount(22);
  const marta = await staffScreen(browser, cloud.url, '/floor-map', SECOND_MANAGER.email);
  await openDesigner(marta);
  await expect(tablesOn(marta)).toHaveCount(22);
  const before = await savedLayout();

  // ---- the manager clears the draft, draws a patio (two clicks), drops six two-tops ----
  const manager = await staffScreen(browser, cloud.url, '/floor-map', 'manager@demo.test');
  await openDesigner(manager);
  await manager.getByRole('button', { name: 'Clear All' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Clear All' }).click();
  await expect(manager.locator('[data-testid="floor-item"]')).toHaveCount(0);
  await manager.locator('[data-testid="library-zone"][data-zone-type="patio"]').click();
  await expect(manager.getByText('Click a corner, then click the opposite corner')).toBeVisible();
  await clickAt(manager, 200, 150);
  await clickAt(manager, 600, 420);
  const zone = manager.locator('[data-testid="floor-item"][data-kind="zone"]');
  await expect(zone).toHaveCount(1);
  await expect(zone).toHaveAttribute('data-x', '200');
  await expect(zone).toHaveAttribute('data-y', '150');
  await expect(manager.getByTestId('zone-properties').getByLabel('Height')).toHaveValue('270');
  await manager.locator('[data-testid="library-bundle"][data-bundle-id="patio"]').click();
  await expect(tablesOn(manager)).toHaveCount(6);
  // Dropped into the patio, they take the patio's numbers (21-30).
  const numbers = await tablesOn(manager).evaluateAll((els) => els.map((e) => e.getAttribute('data-number')));
  expect(numbers).toEqual(['21', '22', '23', '24', '25', '26']);
  await shot(manager, 'designer-1280');

  // ---- one table renumbered inline: double-click, type, Enter ----
  const first = tableOn(manager, '21');
  const at = { x: Number(await first.getAttribute('data-x')), y: Number(await first.getAttribute('data-y')) };
  await first.dblclick();
  const inline = manager.getByTestId('inline-number');
  await expect(inline).toBeFocused();
  await expect(inline).toHaveValue('21');
  await inline.fill('30');
  await inline.press('Enter');
  await expect(inline).toBeHidden();
  await expect(tableOn(manager, '30')).toHaveAttribute('data-x', String(at.x));
  await expect(tableOn(manager, '21')).toHaveCount(0);

  // ---- published: the venue's tables are the six ----
  await manager.getByRole('button', { name: 'Publish' }).click();
  await expect(manager.getByTestId('designer-status')).toHaveText(/^Published version \d+$/, { timeout: 20_000 });
  const published = await savedLayout();
  expect(published.version).toBeGreaterThan(before.version);
  const layoutTables = published.layout.components.filter((c) => c.type === 'table');
  expect(layoutTables.map((c) => c.number).sort()).toEqual(['22', '23', '24', '25', '26', '30']);
  const venueTables = (await apiCall(cloud, cloud.staffCookie, 'GET', '/api/tables')).body as {
    id: string;
    number: string;
    xPosition: number;
    yPosition: number;
  }[];
  expect(venueTables.map((t) => t.number).sort()).toEqual(['22', '23', '24', '25', '26', '30']);

  // ---- a walk-in guest's seat map shows the six at their places ----
  const guest = await newPage(browser, PHONE);
  await guest.goto(await entranceLink(cloud.url, cloud.staffCookie));
  await guest.getByTestId('checkin-name').fill('Lia');
  await guest.getByTestId('checkin-party-size').selectOption('2');
  await guest.getByTestId('checkin-submit').click();
  await expect(guest).toHaveURL(/\/guest\/seat-selection/);
  await guest.getByTestId('view-map').click();
  const seats = guest.getByTestId('seat-map-table');
  await expect(seats).toHaveCount(6);
  const drawn = await seats.evaluateAll((els) =>
    els.map((e) => {
      const box = e.getBoundingClientRect();
      return {
        number: e.getAttribute('data-number') as string,
        x: Number(e.getAttribute('data-x')),
        y: Number(e.getAttribute('data-y')),
        cx: box.left + box.width / 2,
        cy: box.top + box.height / 2,
      };
    }),
  );
  for (const c of layoutTables) {
    expect(drawn.find((d) => d.number === c.number)).toMatchObject({ x: c.x, y: c.y });
  }
  // On the screen they stand as on the floor: left of, right of, above and below each other alike.
  for (const a of drawn) {
    for (const b of drawn) {
      expect(Math.sign(Math.round(a.cx - b.cx)), `${a.number} and ${b.number} across`).toBe(Math.sign(a.x - b.x));
      expect(Math.sign(Math.round(a.cy - b.cy)), `${a.number} and ${b.number} down`).toBe(Math.sign(a.y - b.y));
    }
  }
  await shot(guest, 'seat-map-390');

  // ---- the guest takes table 30; the host's live floor colours it ----
  await expect(tableOn(host, '30')).toHaveAttribute('data-state', 'EMPTY', { timeout: 15_000 });
  await guest.locator('[data-testid="seat-map-table"][data-number="30"]').click();
  await guest.getByTestId('confirm-selection').click();
  await expect(guest).toHaveURL(/\/guest\/table-confirmation\?/, { timeout: 15_000 });
  await expect(tableOn(host, '30')).toHaveAttribute('data-state', 'OCCUPIED', { timeout: 15_000 });
  await expect(tablesOn(host)).toHaveCount(6);
  await shot(host, 'live-floor-1280');

  // ---- the second manager's stale save: 409 naming who saved and when; nothing is lost ----
  await marta.locator('[data-testid="library-item"][data-library-id="square-4"]').click();
  await expect(tablesOn(marta)).toHaveCount(23);
  const stale = marta.waitForResponse((r) => r.url().endsWith('/api/floor-layout') && r.request().method() === 'PUT');
  await marta.getByRole('button', { name: 'Save' }).click();
  expect((await stale).status()).toBe(409);
  const newest = await savedLayout();
  await expect(marta.getByTestId('designer-problem')).toContainText(
    layoutStaleMessage('Demo Manager', newest.version, new Date(newest.savedAt), 'America/New_York'),
  );
  // Her draft is still on her canvas, unsaved; the cloud still has the manager's floor.
  await expect(tablesOn(marta)).toHaveCount(23);
  await expect(marta.getByTestId('designer-unsaved')).toBeVisible();
  expect(newest.version).toBe(published.version);
  expect(newest.savedBy).toBe('Demo Manager');
  await shot(marta, 'stale-save-1280');
  await marta.getByTestId('designer-problem').getByRole('button', { name: 'Reload' }).click();
  await expect(tablesOn(marta)).toHaveCount(6);
  await expect(marta.getByTestId('designer-problem')).toBeHidden();
  // Her versions list names who saved each; she restores the floor as it was, as a new version.
  await marta.getByTestId('versions-toggle').click();
  await expect(marta.getByTestId('layout-version').first()).toHaveAttribute('data-version', String(newest.version));
  await expect(marta.getByTestId('layout-version').first()).toContainText('Demo Manager');
  await marta.getByRole('button', { name: `Restore ${before.version}`, exact: true }).click();
  await expect(marta.getByTestId('designer-status')).toHaveText(
    `Version ${before.version} restored as version ${newest.version + 1}. Publish to apply it.`,
  );
  await expect(tablesOn(marta)).toHaveCount(22);
  expect(await savedLayout()).toMatchObject({ version: newest.version + 1, savedBy: SECOND_MANAGER.name });

  // ---- undo brings back a deleted table ----
  const gone = tableOn(manager, '25');
  const place = { x: Number(await gone.getAttribute('data-x')), y: Number(await gone.getAttribute('data-y')) };
  await gone.click();
  await expect(manager.getByTestId('properties-panel')).toBeVisible();
  await manager.getByTestId('properties-delete').click();
  const confirm = manager.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this table? This action cannot be undone.',
  });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tablesOn(manager)).toHaveCount(5);
  await expect(gone).toHaveCount(0);
  await manager.getByRole('button', { name: 'Undo' }).click();
  await expect(tablesOn(manager)).toHaveCount(6);
  await expect(gone).toHaveAttribute('data-x', String(place.x));
  await expect(gone).toHaveAttribute('data-y', String(place.y));

  if (SHOTS_DIR) {
    const phone = await staffScreen(browser, cloud.url, '/floor-map', SECOND_MANAGER.email, PHONE);
    await openDesigner(phone);
    await shot(phone, 'designer-390');
    await phone.getByRole('button', { name: 'Component Library' }).click();
    await shot(phone, 'designer-library-390');
  }

  // ---- the terminal, its cloud gone: the floor still shows; editing needs the cloud ----
  const onTerminal = await staffScreen(browser, terminalUrl, '/floor-map', 'manager@demo.test');
  await expect(tablesOn(onTerminal)).toHaveCount(6, { timeout: 15_000 });
  await cloud.kill();
  await expect
    .poll(() =>
      fetch(`${cloud.url}/api/health/live`).then(
        () => 'up',
        () => 'down',
      ),
    )
    .toBe('down');
  await onTerminal.reload();
  await expect(tablesOn(onTerminal)).toHaveCount(6);
  await expect(tableOn(onTerminal, '30')).toHaveAttribute('data-state', 'OCCUPIED');
  for (const t of venueTables) {
    await expect(tableOn(onTerminal, t.number)).toHaveAttribute('data-x', String(t.xPosition));
  }
  await expect(onTerminal.getByTestId('floor-needs-cloud')).toHaveText(FLOOR_MESSAGES.editingNeedsCloud);
  await expect(onTerminal.getByRole('switch', { name: /Manager Mode/ })).toHaveCount(0);
  await shot(onTerminal, 'terminal-offline-1280');
});
