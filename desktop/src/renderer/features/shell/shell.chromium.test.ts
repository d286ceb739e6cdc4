// The app shell and the dashboard in real Chromium, served by a real terminal core synced from a
// real cloud: the dashboard's figures from the venue's data and their live moves, Ctrl+B and the
// sidebar_state cookie, the phone's compact header, bottom bar and More sheet at 390 px, and the
// Generate Table QR dialog (a link the cloud signs, printed on the terminal's receipt printer, an
// emulator on a real TCP socket; the terminal says so when the cloud is away).
// Screenshots (SHELL_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  ACCESS_TEXTS,
  canSeeScreen,
  DASHBOARD_TEXTS,
  DUTY_SCREENS,
  FEATURES,
  featuresWithScreens,
  homeScreenFor,
  mobileNavigation,
  SHELL_MESSAGES,
  SHELL_TEXTS,
  SIDEBAR,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertPrinter, PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { checkInGuest, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../../scripts/printer-emulator/emulator.js';
import type { TerminalCore } from '../../../core/core.js';
import { SCREENS } from '../../app/screens.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.SHELL_SHOTS ?? tmpdir();
/** The fixture's floor staff member: a STAFF role with MANAGE_ORDERS and no duty (docs/roles.md). */
const STAFF = { role: 'STAFF', permissions: ['MANAGE_ORDERS'], duty: null } as const;

let h: Harness;
let core: TerminalCore;
let desk: PrinterEmulator;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  desk = await startPrinterEmulator({ name: 'Front Desk', port: 0 });
  // The terminal drives a receipt printer, known to it from its first snapshot.
  stack = await startStaffAppStack('shell', async (harness, terminalId) => {
    await insertPrinter(harness.database.db, harness.fixture.a, {
      name: 'Front Desk',
      station: null,
      port: desk.port,
      terminalId,
    });
    return { printing: true };
  });
  ({ h, core, browser } = stack);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await desk?.close();
});

const statValue = (p: Page, id: string) => p.getByTestId(`${id}-value`).textContent();

it('opens on the dashboard, whose figures come from the venue and move live', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await page.goto(`${core.url}/`);
  await page.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');

  // The fixture venue: three empty tables, no orders, nobody waiting.
  expect(await statValue(page, 'stat-tables')).toBe('0/3');
  expect(await statValue(page, 'stat-orders')).toBe('0');
  expect(await statValue(page, 'stat-waitlist')).toBe('0');
  expect(await statValue(page, 'stat-payments')).toBe('0');
  const tiles = page.getByTestId('floor-table');
  expect(await tiles.count()).toBe(3);
  expect(await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-color')))).toEqual([
    'green',
    'green',
    'green',
  ]);

  // A guest checks in at table 1 and a party joins the queue, both on the cloud: no reload here.
  const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  const [tableOne] = h.fixture.a.tableIds;
  if (!tableOne) throw new Error('fixture has no table');
  await checkInGuest(h.cloud.url, manager, tableOne);
  const added = await manager.post('/api/waitlist', { guestName: 'Rosa', partySize: 4 });
  expect(added.status).toBe(201);
  await expect.poll(() => statValue(page, 'stat-tables'), { timeout: 20_000 }).toBe('1/3');
  await expect.poll(() => statValue(page, 'stat-waitlist'), { timeout: 20_000 }).toBe('1');
  const seated = page.locator(`[data-testid="floor-table"][data-table-id="${tableOne}"]`);
  expect(await seated.getAttribute('data-color')).toBe('red');
  await page.screenshot({ path: join(shots, 'dashboard-1280.png'), fullPage: true });

  // The Waitlist & Reservations tab lists the party; the Activity Feed the live moves it heard.
  await page.getByTestId('dashboard-tab-waitlist').click();
  await page.getByTestId('dashboard-waitlist').getByText('Rosa').waitFor();
  await page.getByTestId('dashboard-tab-activity').click();
  await page.getByTestId('activity-entry').first().waitFor();
  expect(await page.getByTestId('activity-entry').count()).toBeGreaterThan(0);
  await page.getByTestId('dashboard-tab-floor').click();
  await page.getByText(DASHBOARD_TEXTS.floorTitle).waitFor();
  await page.getByText(DASHBOARD_TEXTS.zonesConfigured(1)).waitFor();

  // The search finds a table and opens it (issue 26).
  await page.getByTestId('dashboard-search').fill('2');
  await expect.poll(() => page.getByTestId('dash-search-hit').count()).toBe(1);
  await page.getByTestId('dash-search-hit').click();
  await page.getByTestId('dash-found').waitFor();
  await page.getByTestId('dash-found').getByRole('button').click();
}, 90_000);

it('toggles the sidebar with Ctrl+B and keeps the state in the sidebar_state cookie', async () => {
  const shell = page.locator('.shell');
  expect(await shell.getAttribute('data-sidebar')).toBe('expanded');
  const footer = page.getByTestId('sidebar-footer');
  const built = featuresWithScreens(
    FEATURES,
    SCREENS.map((s) => s.path),
  ).filter((f) => canSeeScreen(STAFF, f.path));
  expect(await footer.textContent()).toContain(SHELL_TEXTS.featuresCount(built.length));
  const routes = SCREENS.filter((s) => canSeeScreen(STAFF, s.path));
  expect(await footer.textContent()).toContain(SHELL_TEXTS.routesCount(routes.length));
  // the current item is highlighted
  expect(await page.locator('.sidebar .nav-item.active').textContent()).toBe('Dashboard');

  await page.keyboard.press('Control+b');
  await expect.poll(() => shell.getAttribute('data-sidebar')).toBe('collapsed');
  const cookie = (await context.cookies()).find((c) => c.name === SIDEBAR.cookieName);
  expect(cookie?.value).toBe('false');
  // 7 days from now, give or take the test's own run time
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  await page.screenshot({ path: join(shots, 'dashboard-collapsed-1280.png') });

  await page.reload();
  await page.getByTestId('dashboard').waitFor();
  expect(await shell.getAttribute('data-sidebar')).toBe('collapsed');
  await page.keyboard.press('Meta+b');
  await expect.poll(() => shell.getAttribute('data-sidebar')).toBe('expanded');
  expect((await context.cookies()).find((c) => c.name === SIDEBAR.cookieName)?.value).toBe('true');
}, 60_000);

it('opens Generate Table QR from the sidebar with the table link the cloud signed', async () => {
  await page.getByRole('button', { name: 'Generate Table QR' }).first().click();
  const dialog = page.getByTestId('qr-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('quick-table').selectOption({ label: 'Table 2' });
  const image = dialog.getByTestId('qr-image');
  await image.waitFor({ timeout: 20_000 });
  expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await dialog.getByText(SHELL_MESSAGES.tableQrCaption('2')).waitFor();
  await page.screenshot({ path: join(shots, 'qr-dialog-1280.png') });
  // On the terminal it also prints on its receipt printer: the symbol holds the link shown.
  expect(await dialog.getByTestId('qr-printer').inputValue()).not.toBe('');
  await dialog.getByTestId('qr-print-receipt').click();
  await page.getByText(SHELL_MESSAGES.qrPrintQueued('Front Desk')).waitFor({ timeout: 15_000 });
  const printed = await desk.waitForTicket((t) => t.text.includes('[QR '), 15_000);
  expect(printed.text).toContain(SHELL_MESSAGES.tableQrCaption('2'));
  expect(printed.text).toMatch(/\[QR http[^\]]*\/guest\/checkin\?[^\]]+\]/);
  // The same dialog shows the venue's exit code (issue 11, guest exit scan), to print from the browser.
  await dialog.getByTestId('quick-table').selectOption({ label: SHELL_MESSAGES.exitQrOption });
  await dialog.getByText(SHELL_MESSAGES.exitQrCaption).waitFor({ timeout: 20_000 });
  expect(await dialog.getByTestId('qr-image').getAttribute('alt')).toBe(SHELL_MESSAGES.exitQrCaption);
  expect(await dialog.getByTestId('qr-print-receipt').count()).toBe(0);
  await page.screenshot({ path: join(shots, 'exit-qr-dialog-1280.png') });
  await dialog.getByRole('button', { name: SHELL_MESSAGES.close }).click();
  await dialog.waitFor({ state: 'detached' });
}, 60_000);

it('requests cleaning of a table from the dashboard, once, and refuses a second request as the cloud would', async () => {
  // the sidebar's quick action (the dashboard's grid has the spec's eight, issue 26)
  await page.getByRole('button', { name: 'Request Cleaning' }).first().click();
  const dialog = page.getByTestId('cleaning-dialog');
  await dialog.waitFor();
  // No table chosen: the form says so and asks nothing.
  await dialog.getByTestId('cleaning-submit').click();
  await dialog.getByText(SHELL_MESSAGES.chooseTableFirst).waitFor();
  await dialog.getByTestId('quick-table').selectOption({ label: 'Table 3' });
  await dialog.getByTestId('cleaning-priority').selectOption('high');
  await dialog.getByTestId('cleaning-note').fill('Broken glass by the window');
  await page.screenshot({ path: join(shots, 'cleaning-dialog-1280.png') });
  await dialog.getByTestId('cleaning-submit').click();
  await page.getByText(SHELL_MESSAGES.cleaningRequestedTitle).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  const tableThree = h.fixture.a.tableIds[2];
  const rows = await h.database.db('tasks').where({ target_table_id: tableThree });
  expect(rows.map((r) => [r.type, r.priority, r.description])).toEqual([['CLEAN', 3, 'Broken glass by the window']]);

  // A second request for the table: the terminal knows of the first (its replica holds the task)
  // and refuses it at once with the cloud's words (issue 21); nothing is queued, nothing doubled.
  await page.getByRole('button', { name: 'Request Cleaning' }).first().click();
  await dialog.getByTestId('quick-table').selectOption({ label: 'Table 3' });
  await dialog.getByTestId('cleaning-submit').click();
  await page.getByTestId('toast').getByText(SHELL_MESSAGES.cleaningAlreadyRequested('3')).waitFor();
  expect(core.status().outbox.pending).toBe(0);
  expect(core.status().outbox.rejected).toEqual([]);
  await dialog.getByRole('button', { name: SHELL_MESSAGES.cancel }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await h.database.db('tasks').where({ target_table_id: tableThree })).toHaveLength(1);
}, 60_000);

it('sends an alert that every staff screen of the venue shows as a toast', async () => {
  // A second screen: the cloud's own staff app, signed in as the manager.
  const cloudContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cloudPage = await cloudContext.newPage();
  await cloudPage.goto(`${h.cloud.url}/`);
  await cloudPage.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await cloudPage.getByTestId('login-password').fill(PASSWORD);
  await cloudPage.getByTestId('login-submit').click();
  await cloudPage.getByTestId('dashboard').waitFor();
  await cloudPage.getByTestId('auto-integration').waitFor();
  await expect
    .poll(() => cloudPage.getByTestId('sidebar-footer').textContent(), { timeout: 15_000 })
    .toContain(SHELL_TEXTS.autoIntegrationStatusActive);

  await page.getByRole('button', { name: 'Send Alert' }).first().click();
  const dialog = page.getByTestId('alert-dialog');
  await dialog.getByTestId('alert-submit').click();
  await dialog.getByText(SHELL_MESSAGES.alertMessageRequired).waitFor();
  await dialog.getByTestId('alert-message').fill('Nut allergy, check every dish');
  expect(await dialog.getByText(SHELL_MESSAGES.alertMessageRequired).count()).toBe(0);
  await dialog.getByTestId('alert-urgency').selectOption('HIGH');
  await dialog.getByTestId('alert-table').selectOption({ label: 'Table 1' });
  await page.screenshot({ path: join(shots, 'alert-dialog-1280.png') });
  await dialog.getByTestId('alert-submit').click();
  await dialog.waitFor({ state: 'detached' });

  const description = SHELL_MESSAGES.alertAboutTable('1', 'Nut allergy, check every dish');
  await cloudPage.getByTestId('toast').getByText(description).waitFor({ timeout: 20_000 });
  await page.getByTestId('toast').getByText(description).waitFor({ timeout: 20_000 });
  expect(await cloudPage.getByTestId('toast').getAttribute('class')).toContain('toast-destructive');
  await cloudPage.screenshot({ path: join(shots, 'alert-toast-1280.png') });
  // one toast at a time
  expect(await page.getByTestId('toast').count()).toBe(1);
  await cloudContext.close();
}, 90_000);

it('shows the compact header, the bottom bar of built screens and the More sheet at 390 px', async () => {
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await context.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`${core.url}/`);
  await phone.getByTestId('dashboard').waitFor();
  await phone.getByText(SHELL_TEXTS.liveSystem).waitFor();
  // The sidebar is a sheet, closed until asked for, whatever the desktop cookie says.
  expect(await phone.getByTestId('sidebar').count()).toBe(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const built = featuresWithScreens(
    FEATURES,
    SCREENS.map((s) => s.path),
  ).filter((f) => canSeeScreen(STAFF, f.path));
  const { primary, more } = mobileNavigation(built);
  const bar = phone.getByTestId('bottom-bar');
  expect(await bar.locator('.bottom-tab').allTextContents()).toEqual([
    ...primary.map((i) => i.title),
    SHELL_TEXTS.more,
  ]);
  await phone.screenshot({ path: join(shots, 'dashboard-390.png'), fullPage: true });
  await phone.screenshot({ path: join(shots, 'dashboard-390-viewport.png') });

  await phone.getByTestId('bottom-more').click();
  const sheet = phone.getByTestId('more-sheet');
  await sheet.waitFor();
  for (const item of more) await sheet.getByRole('link', { name: item.title }).waitFor();
  await phone.screenshot({ path: join(shots, 'more-sheet-390.png') });
  const first = more[0];
  if (first) {
    await sheet.getByRole('link', { name: first.title }).click();
    await phone.waitForURL(`${core.url}${first.url}`);
    await sheet.waitFor({ state: 'detached' });
  }

  await phone.getByLabel(SHELL_TEXTS.toggleSidebar).click();
  await phone.getByTestId('sidebar').waitFor();
  await phone.screenshot({ path: join(shots, 'sidebar-sheet-390.png') });
  await phone.keyboard.press('Control+b');
  await phone.getByTestId('sidebar').waitFor({ state: 'detached' });
  await phoneContext.close();
}, 60_000);

it("shows a staff member with a floor duty only their duty's screens, and lands them on its home", async () => {
  const staffIds = h.database.db('users').where({ email: h.fixture.a.staffEmail }).select('id');
  await h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty: 'KITCHEN' });
  const kitchenContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const kitchen = await kitchenContext.newPage();
    await kitchen.goto(`${core.url}/`);
    await kitchen.getByTestId('login-email').fill(h.fixture.a.staffEmail);
    await kitchen.getByTestId('login-password').fill(PASSWORD);
    await kitchen.getByTestId('login-submit').click();
    await kitchen.waitForURL(`${core.url}${homeScreenFor({ role: 'STAFF', permissions: [], duty: 'KITCHEN' })}`);
    const shown = await kitchen
      .locator('.sidebar-nav .nav-item[href]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    const expected = SCREENS.map((sc) => sc.path).filter((path) => DUTY_SCREENS.KITCHEN.includes(path));
    expect(shown.sort()).toEqual(expected.sort());
    expect(shown).not.toContain('/');
    await kitchen.screenshot({ path: join(shots, 'kitchen-duty-1280.png') });

    // Another duty's screen, asked for by its address, says it is not part of the role.
    await kitchen.goto(`${core.url}/reservations`);
    await kitchen.getByTestId('not-permitted').getByText(ACCESS_TEXTS.notPermittedTitle).waitFor();
    await kitchen.getByRole('link', { name: ACCESS_TEXTS.goToMyScreen }).click();
    await kitchen.waitForURL(`${core.url}/kitchen-display`);
  } finally {
    await kitchenContext.close();
    await h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty: null });
  }
}, 60_000);

it('gives each duty its own bottom bar on a phone, lands the host on the Host Console, and chooses the signed-in runner (issue 22)', async () => {
  const staffIds = h.database.db('users').where({ email: h.fixture.a.staffEmail }).select('id');
  try {
    for (const duty of ['HOST', 'RUNNER', 'CLEANER'] as const) {
      await h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty });
      const viewer = { ...STAFF, duty };
      const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phone = await phoneContext.newPage();
      await phone.goto(`${h.cloud.url}/`);
      await phone.getByTestId('login-email').fill(h.fixture.a.staffEmail);
      await phone.getByTestId('login-password').fill(PASSWORD);
      await phone.getByTestId('login-submit').click();
      await phone.waitForURL(`${h.cloud.url}${homeScreenFor(viewer)}`);
      const mine = featuresWithScreens(
        FEATURES,
        SCREENS.map((sc) => sc.path),
      ).filter((f) => canSeeScreen(viewer, f.path));
      const { primary } = mobileNavigation(mine, duty);
      expect(primary[0]?.url).toBe(DUTY_SCREENS[duty][0]);
      await expect
        .poll(() => phone.getByTestId('bottom-bar').locator('.bottom-tab').allTextContents())
        .toEqual([...primary.map((i) => i.title), SHELL_TEXTS.more]);
      if (duty === 'RUNNER') {
        // Her duty made her a runner; the runner interface has her chosen, so Pick Up is hers.
        const runner = await h.database.db('runners').whereIn('user_id', staffIds).first('id');
        await expect.poll(() => phone.getByTestId('runner-select').inputValue()).toBe(runner.id);
      }
      await phone.screenshot({ path: join(shots, `duty-${duty.toLowerCase()}-390.png`), fullPage: true });
      await phoneContext.close();
    }
  } finally {
    await h.database.db('user_roles').whereIn('user_id', staffIds).update({ duty: null });
  }
}, 120_000);

it('says that the cloud signs table codes when the terminal cannot reach it', async () => {
  await h.cloud.close();
  await page.getByTestId('terminal-offline').waitFor({ timeout: 30_000 });
  // The dashboard keeps working from the replica.
  expect(await statValue(page, 'stat-tables')).toBe('1/3');
  await page.getByRole('button', { name: 'Generate Table QR' }).first().click();
  const dialog = page.getByTestId('qr-dialog');
  await dialog.getByTestId('quick-table').selectOption({ label: 'Table 3' });
  await dialog.getByText(SHELL_MESSAGES.tableQrNeedsCloud).waitFor({ timeout: 20_000 });
  expect(await dialog.getByTestId('qr-image').count()).toBe(0);
  // The venue's exit code never changes: the one the cloud signed earlier still shows.
  await dialog.getByTestId('quick-table').selectOption({ label: SHELL_MESSAGES.exitQrOption });
  await dialog.getByText(SHELL_MESSAGES.exitQrCaption).waitFor({ timeout: 20_000 });
  expect(await dialog.getByTestId('qr-image').getAttribute('alt')).toBe(SHELL_MESSAGES.exitQrCaption);
  h.cloud = await h.startAnother();
}, 90_000);

it('says on a terminal that a cloud-only screen needs the cloud, and asks nothing that 404s or is refused (issue 22)', async () => {
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const manager = await managerContext.newPage();
    const refused: string[] = [];
    manager.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      // Signed out, "who am I?" is answered 401: that is how the app learns it (not a refusal).
      if (r.status() === 401 && path === '/api/auth/me') return;
      if (r.status() >= 400 && path.startsWith('/api/')) refused.push(`${r.status()} ${path}`);
    });
    // The sign-in page learns where it runs without a 401.
    await manager.goto(`${core.url}/admin/venues`);
    await manager.getByTestId('login-email').fill(h.fixture.a.managerEmail);
    await manager.getByTestId('login-password').fill(PASSWORD);
    await manager.getByTestId('login-submit').click();
    await manager.getByTestId('needs-cloud').getByText(ACCESS_TEXTS.needsCloudTitle).waitFor();
    for (const path of ['/admin/organizations', '/admin/restaurants', '/setup', '/staff']) {
      await manager.goto(`${core.url}${path}`);
      await manager.getByTestId('needs-cloud').waitFor();
    }
    await manager.screenshot({ path: join(shots, 'needs-cloud-1280.png') });
    // The dashboard offers no Load Demo Data here (the cloud seeds a venue), and the floor map
    // draws the live floor without the layout only the cloud keeps.
    await manager.goto(`${core.url}/`);
    await manager.getByTestId('dashboard-quick-actions').waitFor();
    expect(await manager.getByTestId('quick-demo').count()).toBe(0);
    await manager.goto(`${core.url}/floor-map`);
    await manager.getByTestId('floor-needs-cloud').waitFor();
    await manager.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  } finally {
    await managerContext.close();
  }
}, 60_000);
