// The QA dashboard in real Chromium (issue 26): a manager on the cloud's staff app sees Need Seed
// Data and the 'Please seed database first' rule, seeds the organization's QA venue (Data Ready),
// runs all tests and watches the run end at 100% with each step's status; the dine-in journey fails
// at the kitchen ticket, naming the QA printer's state, since no terminal drives it, and the Quick
// Fix List carries it. Then a terminal paired at the QA venue drives its kitchen printer (an
// emulator on a real TCP socket): every journey passes, the ticket on the paper; unplugged, the next
// run fails the ticket step naming OFFLINE; plugged back in, the next run passes again. On a
// terminal the screen says it needs the cloud.
// Screenshots (QA_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ACCESS_TEXTS, QA_KITCHEN_PRINTER, QA_TEXTS, SHELL_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../../scripts/printer-emulator/emulator.js';
import type { TerminalCore } from '../../../core/core.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../../../core/test/core-on-cloud.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.QA_SHOTS ?? tmpdir();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;
let qaTerminal: CoreOnCloud | undefined;
let emulator: PrinterEmulator | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('qa-dashboard');
  ({ h, core, browser } = stack);
}, 180_000);
afterAll(async () => {
  await qaTerminal?.close();
  await emulator?.close();
  await stack?.close();
});

async function signIn(page: Page, origin: string, path: string) {
  await page.goto(`${origin}${path}`);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(shots, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  const toggle = page.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'true')
    await toggle.dispatchEvent('click');
  await page.screenshot({ path: join(shots, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

it('seeds the QA venue, runs every journey with each step shown, and lists the failure to fix', async () => {
  const page = await browser.newPage({ viewport: DESKTOP });
  await signIn(page, h.cloud.url, '/qa-dashboard');
  await page.getByRole('heading', { name: QA_TEXTS.heading }).waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.getByTestId('qa-badge-data').textContent(), { timeout: 15_000 })
    .toBe(QA_TEXTS.needSeedData);
  await page.getByTestId('qa-seed-first').getByText(QA_TEXTS.pleaseSeedFirst).waitFor();
  expect(await page.getByTestId('qa-run-all').isDisabled()).toBe(true);
  expect(await page.getByTestId('qa-badge-critical').textContent()).toBe(QA_TEXTS.critical(0));
  await shoot(page, 'qa-dashboard-unseeded');

  await page.getByTestId('qa-seed').click();
  await page.getByText(QA_TEXTS.seeded).waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.getByTestId('qa-badge-data').textContent(), { timeout: 15_000 })
    .toBe(QA_TEXTS.dataReady);
  expect(await page.getByTestId('qa-seed').isDisabled()).toBe(true);
  expect(await page.getByTestId('qa-seed-first').count()).toBe(0);

  await page.getByTestId('qa-run-all').click();
  await page.getByTestId('qa-progress').waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('qa-percent').textContent(), { timeout: 60_000 }).toBe('100%');
  await page.getByText(QA_TEXTS.testingComplete).first().waitFor({ timeout: 15_000 });
  const ticket = page.locator('[data-testid="qa-step"][data-step="ticket"]');
  expect(await ticket.getAttribute('data-status')).toBe('fail');
  expect(await ticket.getByTestId('qa-step-error').textContent()).toContain(
    `Kitchen printer "${QA_KITCHEN_PRINTER}" is UNKNOWN`,
  );
  expect(await page.locator('[data-journey="dine-in"]').getAttribute('data-status')).toBe('fail');
  expect(await page.locator('[data-journey="waitlist"]').getAttribute('data-status')).toBe('pass');
  expect(await page.locator('[data-journey="waitlist"] [data-testid="qa-step"][data-status="pass"]').count()).toBe(4);
  expect(await page.getByTestId('qa-badge-critical').textContent()).toBe(QA_TEXTS.critical(1));
  expect(await page.getByTestId('qa-run-all').isDisabled()).toBe(false);
  await shoot(page, 'qa-dashboard-run');

  await page.getByTestId('qa-tab-quick-fix').click();
  expect(await page.getByTestId('qa-fix-critical').textContent()).toContain('Kitchen ticket printed');
  await shoot(page, 'qa-dashboard-quick-fix');
  await page.getByTestId('qa-tab-broken').click();
  await page.getByText(QA_TEXTS.noBroken).waitFor();
  expect(await page.getByTestId('qa-tab-broken').textContent()).toBe(QA_TEXTS.brokenTab(0));
  await page.close();
}, 120_000);

async function runAll(page: Page) {
  await expect.poll(() => page.getByTestId('qa-run-all').isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('qa-run-all').click();
  await expect.poll(() => page.getByTestId('qa-percent').textContent(), { timeout: 15_000 }).not.toBe('100%');
  await expect.poll(() => page.getByTestId('qa-percent').textContent(), { timeout: 90_000 }).toBe('100%');
}

const journeyStatuses = (page: Page) =>
  page.locator('[data-testid="qa-journey"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));

it('passes every journey once a terminal prints the QA tickets; unplugged, the ticket step names OFFLINE; plugged back in, it passes', async () => {
  const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  const qaVenueId = (await manager.get('/api/admin/smoke-test')).body.venue.id as string;
  manager.headers['X-Venue-Id'] = qaVenueId;
  // The QA venue's kitchen PC, paired there, drives its kitchen printer.
  emulator = await startPrinterEmulator({ name: QA_KITCHEN_PRINTER, port: 0 });
  const port = emulator.port;
  const paired = await manager.post('/api/terminals', { name: 'QA kitchen PC' });
  expect(paired.status).toBe(201);
  qaTerminal = await startCoreOn(h.cloud.url, paired.body.credential, {
    printing: true,
    printerStatusPollMs: 100,
    printerIdleCheckMs: 200,
  });
  await untilOnline(qaTerminal.core);
  const printers = (await manager.get('/api/printers')).body as { id: string; name: string; status: string }[];
  const printer = printers.find((p) => p.name === QA_KITCHEN_PRINTER) as { id: string };
  const moved = await manager.request('PATCH', `/api/printers/${printer.id}`, {
    body: { host: '127.0.0.1', port, terminalId: paired.body.terminal.id },
  });
  expect(moved.status).toBe(200);
  const stateAtCloud = async () =>
    ((await manager.get('/api/printers')).body as { id: string; status: string }[]).find((p) => p.id === printer.id)
      ?.status;
  await expect.poll(stateAtCloud, { timeout: 30_000 }).toBe('ONLINE');

  const page = await browser.newPage({ viewport: DESKTOP });
  await signIn(page, h.cloud.url, '/qa-dashboard');
  await page.getByRole('heading', { name: QA_TEXTS.heading }).waitFor({ timeout: 15_000 });
  await runAll(page);
  expect(await journeyStatuses(page)).toEqual(['pass', 'pass']);
  expect(await page.getByTestId('qa-badge-critical').textContent()).toBe(QA_TEXTS.critical(0));
  expect(emulator.tickets().some((t) => /Grill/i.test(t.text))).toBe(true);
  await shoot(page, 'qa-dashboard-all-pass');

  // Unplugged: the terminal finds it gone and says so; the ticket step names the state.
  await emulator.close();
  await expect.poll(stateAtCloud, { timeout: 30_000 }).toBe('OFFLINE');
  await runAll(page);
  expect(await journeyStatuses(page)).toEqual(['fail', 'pass']);
  expect(
    await page.locator('[data-testid="qa-step"][data-step="ticket"]').getByTestId('qa-step-error').textContent(),
  ).toContain(`Kitchen printer "${QA_KITCHEN_PRINTER}" is OFFLINE`);

  // Plugged back in on its address: ONLINE again, and the next run passes.
  emulator = await startPrinterEmulator({ name: QA_KITCHEN_PRINTER, port });
  await expect.poll(stateAtCloud, { timeout: 30_000 }).toBe('ONLINE');
  await runAll(page);
  expect(await journeyStatuses(page)).toEqual(['pass', 'pass']);
  await page.close();
}, 240_000);

it('says on a terminal that it needs the cloud', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  const page = await browser.newPage({ viewport: DESKTOP });
  await signIn(page, core.url, '/qa-dashboard');
  // A cloud-only screen: the shell's one needs-cloud page answers before anything is asked.
  await page.getByTestId('needs-cloud').waitFor({ timeout: 15_000 });
  expect(await page.getByTestId('needs-cloud').locator('h1').textContent()).toBe(ACCESS_TEXTS.needsCloudTitle);
  expect(await page.getByTestId('qa-seed').count()).toBe(0);
  await shoot(page, 'qa-dashboard-terminal');
  await page.close();
}, 60_000);
