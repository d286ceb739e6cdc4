// Issue 26: a manager works the dashboard's buttons and each action shows on the owning screen's
// data: Payments & Exits' Verify completes a guest's cash, the waitlist's Seat Now seats a party,
// Kitchen/Expo's Mark READY readies an item. Analytics then shows the revenue just paid.
// Then the QA dashboard: the manager seeds the organization's QA venue and runs every journey,
// its kitchen ticket printed by a terminal paired at the QA venue on a printer emulator's TCP port;
// unplugged, the ticket step fails naming the printer's state; plugged back in, all pass.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ACCESS_TEXTS, QA_JOURNEYS, QA_KITCHEN_PRINTER, QA_TEXTS } from '@tablewise/shared';
import { type PrinterEmulator, startPrinterEmulator } from '../scripts/printer-emulator/emulator.js';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import { apiCall, seatedParty } from './support/guest-party.js';
import { freePort, type Proc, startTsx, waitForHttp } from './support/processes.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let cloud: DemoCloud;
let qaTerminal: Proc | undefined;
let emulator: PrinterEmulator | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cloud = await startDemoCloud('dash26');
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});
test.afterAll(async () => {
  await qaTerminal?.kill('SIGKILL');
  await emulator?.close();
  await cloud?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function managerAt(browser: Browser, path: string, viewport = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext({ viewport, timezoneId: 'America/New_York' })).newPage();
  await page.goto(`${cloud.url}${path}`);
  await page.getByTestId('login-email').fill('manager@demo.test');
  await page.getByTestId('login-password').fill('demo-manager');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-submit')).toHaveCount(0, { timeout: 15_000 });
  return page;
}

const staff = (method: string, path: string, body?: unknown) => apiCall(cloud, cloud.staffCookie, method, path, body);

test('the dashboard verifies, seats and readies through the owning calls, and analytics shows the revenue', async ({
  browser,
}) => {
  // the screenshots' extra pages take longer on a shared machine
  test.setTimeout(SHOTS_DIR ? 300_000 : 120_000);
  // A party whose guest pays the whole bill in cash: the payment waits for staff.
  const party = await seatedParty(cloud, '5', { guestName: 'Dee', partySize: 2, dishes: 2 });
  const bill = (await apiCall(cloud, party.guestCookie, 'GET', `/api/orders/payment/${party.sessionId}`)).body;
  await apiCall(cloud, party.guestCookie, 'POST', '/api/payments/process', {
    sessionId: party.sessionId,
    billVersion: bill.version,
    totalAmount: bill.total,
    splits: [{ id: 'all', amount: bill.total, paymentMethod: 'cash' }],
  });
  // A party in line, and a dish the grill has started.
  const entry = (await staff('POST', '/api/waitlist', { name: 'Eve Line', phone: '555-0101', partySize: 2 })).body;
  // the mains are held for their course: fired now, as the kitchen's Fire now does
  const held = (await staff('GET', '/api/order-items/kitchen')).body as { id: string; orderId: string }[];
  await staff('POST', `/api/orders/${held[0]?.orderId}/fire`, { course: 'main' });
  const kitchen = (await staff('GET', '/api/order-items/kitchen')).body as { id: string; status: string }[];
  const cooking = kitchen.find((i) => i.status === 'SENT_TO_KITCHEN');
  expect(cooking, JSON.stringify(kitchen.map((i) => i.status))).toBeDefined();
  await staff('POST', `/api/order-items/${cooking?.id}/status`, { status: 'IN_PREP' });

  const page = await managerAt(browser, '/');
  await expect(page.getByTestId('stat-payments-value')).toHaveText('1', { timeout: 15_000 });
  await shot(page, 'dashboard-overview-1280');

  // Payments & Exits: Verify completes the cash, as the payments screen's Verify does.
  await page.getByTestId('dashboard-tab-payments').click();
  const row = page.getByTestId('payment-exit-row').first();
  await expect(row).toContainText(`$${bill.total}`);
  await shot(page, 'dashboard-payments-1280');
  await row.getByTestId('payment-verify').click();
  await expect(row).toContainText('Verified', { timeout: 15_000 });
  const payments = (await staff('GET', '/api/payments')).body as { sessionId: string; status: string }[];
  expect(payments.find((p) => p.sessionId === party.sessionId)?.status).toBe('COMPLETED');

  // Waitlist & Reservations: Seat Now seats the party at a free table.
  await page.getByTestId('dashboard-tab-waitlist').click();
  await page.getByTestId('dash-waitlist-row').filter({ hasText: 'Eve Line' }).getByTestId('dash-seat-now').click();
  await page.getByTestId('seat-choice').and(page.locator(':enabled')).first().click();
  await expect(page.getByTestId('dash-waitlist-row').filter({ hasText: 'Eve Line' })).toHaveCount(0, {
    timeout: 15_000,
  });
  const seated = (await staff('GET', `/api/waitlist/${entry.id}`)).body;
  expect(seated.status).toBe('SEATED');

  // Kitchen/Expo: Mark READY moves the item, as the kitchen display's Ready does.
  await page.getByTestId('dashboard-tab-kitchen').click();
  await shot(page, 'dashboard-kitchen-1280');
  await page
    .getByTestId('dash-expo-item')
    .filter({ has: page.locator('[data-testid="dash-mark-ready"]:enabled') })
    .first()
    .getByTestId('dash-mark-ready')
    .click();
  await expect
    .poll(
      async () =>
        ((await staff('GET', '/api/order-items/kitchen')).body as { id: string; status: string }[]).find(
          (i) => i.id === cooking?.id,
        )?.status,
    )
    .toBe('READY_FOR_RUN');

  // The Activity Feed reads the stored history: it is there after a reload.
  await page.reload();
  await page.getByTestId('dashboard-tab-activity').click();
  await expect(page.getByTestId('activity-entry').first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'dashboard-activity-1280');

  // Analytics: today's revenue includes the cash just verified.
  const analytics = await managerAt(browser, '/analytics');
  await analytics.getByTestId('analytics-preset').selectOption('today');
  await expect(analytics.getByTestId('an-revenue')).toContainText(`$${bill.total}`, { timeout: 15_000 });
  await shot(analytics, 'analytics-overview-1280');
  await analytics.getByTestId('analytics-tab-revenue').click();
  await shot(analytics, 'analytics-revenue-1280');
  await analytics.getByTestId('analytics-tab-operations').click();
  await shot(analytics, 'analytics-operations-1280');

  if (SHOTS_DIR) {
    const phone = await managerAt(browser, '/', PHONE);
    await expect(phone.getByTestId('dashboard')).toBeVisible();
    await shot(phone, 'dashboard-overview-390');
    await phone.getByTestId('dashboard-tab-payments').click();
    await shot(phone, 'dashboard-payments-390');
    const phoneAnalytics = await managerAt(browser, '/analytics', PHONE);
    await phoneAnalytics.getByTestId('analytics-preset').selectOption('today');
    await expect(phoneAnalytics.getByTestId('an-revenue')).toBeVisible({ timeout: 15_000 });
    await shot(phoneAnalytics, 'analytics-overview-390');
    await phoneAnalytics.getByTestId('analytics-tab-revenue').click();
    await shot(phoneAnalytics, 'analytics-revenue-390');
  }
});

/** A call to the cloud as the demo manager at `venueId` (the header's venue selector); fails the test unless it succeeds. */
async function atVenue(venueId: string, method: string, path: string, body?: unknown) {
  const reply = await fetch(`${cloud.url}${path}`, {
    method,
    headers: { cookie: cloud.staffCookie, 'content-type': 'application/json', 'X-Venue-Id': venueId },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(reply.status, `${method} ${path}`).toBeLessThan(300);
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed test replies
  return (await reply.json()) as any;
}

/** Both sizes of the screen as it is now: 1280×800, then 390×844 with the sidebar closed. */
async function shotBoth(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  await shot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

interface SeenState {
  percent: string;
  bar: string | null;
  steps: Record<string, string>;
}

/** Runs in the page (a string: the e2e programs have no DOM types): from now on, keeps every state of
 * the run the screen shows (percent, progress bar, each step's status) in window.qaSeen as it changes. */
const WATCH_RUN_SCRIPT = `(() => {
  window.qaObserver?.disconnect();
  window.qaSeen = [];
  let last = '';
  window.qaObserver = new MutationObserver(() => {
    const steps = {};
    for (const li of document.querySelectorAll('[data-testid="qa-step"]'))
      steps[li.getAttribute('data-step')] = li.getAttribute('data-status');
    const state = {
      percent: document.querySelector('[data-testid="qa-percent"]')?.textContent ?? '',
      bar: document.querySelector('[data-testid="qa-progress"] [role="progressbar"]')?.getAttribute('aria-valuenow') ?? null,
      steps,
    };
    const key = JSON.stringify(state);
    if (key !== last) window.qaSeen.push(state);
    last = key;
  });
  window.qaObserver.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

async function watchRun(page: Page): Promise<() => Promise<SeenState[]>> {
  await page.evaluate(WATCH_RUN_SCRIPT);
  return () => page.evaluate('window.qaSeen') as Promise<SeenState[]>;
}

const journeyStatuses = (page: Page) =>
  page.getByTestId('qa-journey').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));

/** Presses Run All Tests and waits for the run's end; answers what the screen showed meanwhile. */
async function runAll(page: Page): Promise<SeenState[]> {
  const seen = await watchRun(page);
  await expect(page.getByTestId('qa-run-all')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('qa-run-all').click();
  // Disabled from the press until the run ends (the last run's 100% shows until the new one answers).
  await expect(page.getByTestId('qa-run-all')).toBeDisabled();
  await expect(page.getByTestId('qa-run-all')).toBeEnabled({ timeout: 90_000 });
  await expect(page.getByTestId('qa-percent')).toHaveText('100%');
  await expect(page.getByTestId('toast').filter({ hasText: QA_TEXTS.testingComplete })).toBeVisible();
  return seen();
}

/** The run was shown live: the bar part way, and `step` seen in `status` while the run went on (the
 * screen polls twice a second: only a step that lasts longer, such as the printed ticket, is sure to be seen). */
function expectShownLive(seen: SeenState[], step: string, status: string) {
  const between = seen.filter((s) => s.percent !== '0%' && s.percent !== '100%' && s.percent !== '');
  expect(between.length, JSON.stringify(seen)).toBeGreaterThan(0);
  for (const s of between) expect(`${s.bar}%`).toBe(s.percent);
  expect(
    between.some((s) => s.steps[step] === status),
    `${step} seen ${status} during the run: ${JSON.stringify(seen)}`,
  ).toBe(true);
}

test('the QA dashboard seeds its venue and runs every journey; the ticket step fails while the kitchen printer is unplugged, and passes once it is back', async ({
  browser,
}) => {
  test.setTimeout(SHOTS_DIR ? 300_000 : 180_000);
  const page = await managerAt(browser, '/qa-dashboard');
  await expect(page.getByRole('heading', { name: QA_TEXTS.heading })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('qa-badge-data')).toHaveText(QA_TEXTS.needSeedData, { timeout: 15_000 });
  await expect(page.getByTestId('qa-seed-first')).toContainText(QA_TEXTS.pleaseSeedFirst);
  await expect(page.getByTestId('qa-run-all')).toBeDisabled();
  await expect(page.getByTestId('qa-badge-critical')).toHaveText(QA_TEXTS.critical(0));
  await shotBoth(page, 'qa-dashboard-unseeded');

  await page.getByTestId('qa-seed').click();
  await expect(page.getByTestId('toast').filter({ hasText: QA_TEXTS.seeded })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('qa-badge-data')).toHaveText(QA_TEXTS.dataReady);
  await expect(page.getByTestId('qa-seed')).toBeDisabled();
  await expect(page.getByTestId('qa-seed-first')).toHaveCount(0);
  await expect(page.getByTestId('qa-run-all')).toBeEnabled();

  // The QA venue's kitchen PC: a terminal paired there drives its kitchen printer, a printer
  // emulator on a TCP port of its own.
  const qaVenueId = (await atVenue(cloud.venueId, 'GET', '/api/admin/smoke-test')).venue.id as string;
  emulator = await startPrinterEmulator({ name: QA_KITCHEN_PRINTER, port: 0 });
  const printerPort = emulator.port;
  const paired = await atVenue(qaVenueId, 'POST', '/api/terminals', { name: 'QA kitchen PC' });
  const terminalPort = await freePort();
  const terminalUrl = `http://127.0.0.1:${terminalPort}`;
  qaTerminal = startTsx('qa terminal', 'desktop/src/core/cli.ts', [
    '--cloud',
    cloud.url,
    '--credential',
    paired.credential,
    '--data-dir',
    join(cloud.dataDir, 'qa-terminal'),
    '--port',
    String(terminalPort),
    '--static',
    join(process.cwd(), 'desktop/dist/web'),
  ]);
  const printers = (await atVenue(qaVenueId, 'GET', '/api/printers')) as { id: string; name: string }[];
  const printer = printers.find((p) => p.name === QA_KITCHEN_PRINTER);
  expect(printer, JSON.stringify(printers)).toBeDefined();
  await atVenue(qaVenueId, 'PATCH', `/api/printers/${printer?.id}`, {
    host: '127.0.0.1',
    port: printerPort,
    terminalId: paired.terminal.id,
  });
  // Moved while the terminal starts: it hears of it from the cloud once it is up.
  await waitForHttp(`${terminalUrl}/api/auth/me`, qaTerminal);
  const printerState = async () =>
    ((await atVenue(qaVenueId, 'GET', '/api/printers')) as { id: string; status: string }[]).find(
      (p) => p.id === printer?.id,
    )?.status;
  await expect.poll(printerState, { timeout: 30_000 }).toBe('ONLINE');

  // Run All Tests: every journey passes, each step shown as the run goes, the ticket on the paper.
  const seen = await runAll(page);
  expect(await journeyStatuses(page)).toEqual(['pass', 'pass']);
  expectShownLive(seen, 'ticket', 'running');
  await expect(page.getByTestId('qa-badge-critical')).toHaveText(QA_TEXTS.critical(0));
  expect(emulator.tickets().some((t) => /Grill/i.test(t.text))).toBe(true);
  await shotBoth(page, 'qa-dashboard-all-pass');

  // Unplugged: the terminal finds it gone when the ticket comes, and the step names the state.
  await emulator.close();
  await runAll(page);
  expect(await journeyStatuses(page)).toEqual(['fail', 'pass']);
  const ticket = page.locator('[data-testid="qa-step"][data-step="ticket"]');
  await expect(ticket).toHaveAttribute('data-status', 'fail');
  await expect(ticket.getByTestId('qa-step-error')).toContainText(`Kitchen printer "${QA_KITCHEN_PRINTER}" is OFFLINE`);
  // the journey stops there: its later steps stay pending
  await expect(page.locator('[data-testid="qa-step"][data-step="delivery"]')).toHaveAttribute('data-status', 'pending');
  await expect(page.locator('[data-journey="waitlist"] [data-testid="qa-step"][data-status="pass"]')).toHaveCount(4);
  await expect(page.getByTestId('qa-badge-critical')).toHaveText(QA_TEXTS.critical(1));
  await shotBoth(page, 'qa-dashboard-unplugged');
  await page.getByTestId('qa-tab-quick-fix').click();
  const ticketStep = QA_JOURNEYS[0].steps.find((s) => s.id === 'ticket');
  await expect(page.getByTestId('qa-fix-critical')).toContainText(ticketStep?.name ?? 'ticket');
  await shotBoth(page, 'qa-dashboard-quick-fix');
  await page.getByTestId('qa-tab-broken').click();
  await expect(page.getByText(QA_TEXTS.noBroken)).toBeVisible();
  await expect(page.getByTestId('qa-tab-broken')).toHaveText(QA_TEXTS.brokenTab(0));
  await page.getByTestId('qa-tab-journeys').click();

  // Plugged back in on its address: its terminal finds it ONLINE, and the next run passes.
  emulator = await startPrinterEmulator({ name: QA_KITCHEN_PRINTER, port: printerPort });
  await expect.poll(printerState, { timeout: 30_000 }).toBe('ONLINE');
  await runAll(page);
  expect(await journeyStatuses(page)).toEqual(['pass', 'pass']);
  await expect(page.getByTestId('qa-badge-critical')).toHaveText(QA_TEXTS.critical(0));

  // On the QA venue's terminal the screen says it needs the cloud, and offers nothing to press.
  const onTerminal = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await onTerminal.goto(`${terminalUrl}/qa-dashboard`);
  await onTerminal.getByTestId('login-email').fill('manager@demo.test');
  await onTerminal.getByTestId('login-password').fill('demo-manager');
  const needsCloud = onTerminal.getByTestId('needs-cloud').locator('h1');
  await onTerminal.getByTestId('login-submit').click();
  // The terminal asks the cloud within 5 s, else decides offline (where this sign-in was never
  // cached): on a machine loaded past that, the person presses Sign in again, as this does once.
  await expect(needsCloud.or(onTerminal.getByTestId('login-error'))).toBeVisible({ timeout: 15_000 });
  if (await onTerminal.getByTestId('login-error').isVisible()) {
    console.warn(`terminal sign-in refused once: ${await onTerminal.getByTestId('login-error').textContent()}`);
    await onTerminal.getByTestId('login-submit').click();
  }
  await expect(needsCloud).toHaveText(ACCESS_TEXTS.needsCloudTitle, { timeout: 15_000 });
  await expect(onTerminal.getByTestId('qa-seed')).toHaveCount(0);
});
