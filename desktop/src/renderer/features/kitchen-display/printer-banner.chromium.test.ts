// The kitchen display's printer banner in real Chromium, served by a real terminal core with its
// print queue, synced from a real cloud, driving the printer emulator over TCP: a printer out of
// paper shows a banner, a ticket the printer took without confirming shows with Reprint and Mark as
// printed, and marking it printed clears it. The same app served by the cloud shows what the
// terminal reported, and sends the decision to the terminal. Screenshots go to the temp folder (PRINTER_BANNER_SHOTS
// names another) at 1280×800 and 390×844.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { KITCHEN_TEXTS, SHELL_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertPrinter, PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../../scripts/printer-emulator/emulator.js';
import { startTerminalCore, type TerminalCore } from '../../../core/core.js';
import { launchChromium, staffAppDir } from '../../test/chromium.js';

const shots = process.env.PRINTER_BANNER_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let bar: PrinterEmulator;
let browser: Browser;
let page: Page;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'tw-printer-banner-'));
  const webDir = await staffAppDir();
  // The cloud serves the same staff app, without a terminal behind it.
  h = await startHarness({ staffWebDir: webDir });
  bar = await startPrinterEmulator({ name: 'Bar Printer', port: 0 });
  // Out of paper from the start: the core's first look at its printers finds it so.
  bar.setCondition('paperOut');
  const a = h.fixture.a;
  const paired = await pairTerminal(h.cloud.url, a.managerEmail, 'Bar PC');
  await insertPrinter(h.database.db, a, { name: 'Bar Printer', station: 'Bar', port: bar.port, terminalId: paired.id });
  core = await startTerminalCore({
    cloudUrl: h.cloud.url,
    credential: paired.credential,
    dataDir: join(workDir, 'terminal'),
    port: 0,
    staticDir: webDir,
    firingIntervalMs: 100,
    printerStatusPollMs: 100,
    printerIdleCheckMs: 500,
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await core?.close();
  await bar?.close();
  await h?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function screenshot(name: string) {
  await page.screenshot({ path: join(shots, `printer-banner-${name}.png`), fullPage: true });
}

it('shows a printer out of paper, then a ticket that may have printed with its decision, until it is decided', async () => {
  const a = h.fixture.a;
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await page.goto(`${core.url}/kitchen-display`);
  await page.getByTestId('login-email').fill(a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: 'Kitchen Display' }).waitFor();

  const fault = page.getByTestId('printer-fault');
  await fault.waitFor({ timeout: 15_000 });
  expect(await fault.textContent()).toContain(
    KITCHEN_TEXTS.printerProblem('Bar Printer', KITCHEN_TEXTS.printerStates.PAPER_OUT),
  );
  await screenshot('paper-out-1280');

  // Paper back in, but the printer swallows the ticket without confirming it.
  bar.setCondition('neverAcks');
  const staff = await loginAs(h.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post(
    '/api/orders',
    { id: randomUUID(), sessionId, items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' }] },
    { key: randomUUID() },
  );
  expect(placed.status).toBe(201);
  const decision = page.getByTestId('unconfirmed-job');
  await decision.waitFor({ timeout: 30_000 });
  // The printer's state and the job reach the screen as two events: on a loaded machine the
  // decision may show a moment before the fault clears.
  await expect.poll(() => fault.count(), { timeout: 15_000 }).toBe(0);
  expect(await decision.textContent()).toContain(KITCHEN_TEXTS.printUnconfirmed);
  expect(await decision.textContent()).toContain('on Bar Printer, sent ');
  expect(await decision.getByRole('button').allTextContents()).toEqual([
    KITCHEN_TEXTS.reprint,
    KITCHEN_TEXTS.markPrinted,
  ]);
  expect(bar.tickets()).toHaveLength(1);
  await page.locator('[data-testid="kitchen-card"]', { hasText: 'Lemonade' }).waitFor({ timeout: 15_000 });
  expect(await decision.textContent()).toContain('Table 1 on Bar Printer');
  await screenshot('unconfirmed-1280');
  // A phone opens the display afresh (the same sign-in).
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`${core.url}/kitchen-display`);
  await phone.getByTestId('unconfirmed-job').waitFor({ timeout: 15_000 });
  // The sidebar comes open as the desktop left it (its cookie); close it to see the screen.
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  await phone.screenshot({ path: join(shots, 'printer-banner-unconfirmed-390.png'), fullPage: true });
  await phoneContext.close();

  bar.setCondition('ok');
  await decision.getByRole('button', { name: KITCHEN_TEXTS.markPrinted }).click();
  await expect.poll(() => page.getByTestId('unconfirmed-job').count(), { timeout: 10_000 }).toBe(0);
  expect(await page.getByTestId('printer-banner').count()).toBe(0);
  // Marked as printed: no copy.
  expect(bar.tickets()).toHaveLength(1);
}, 90_000);

it('shows on the cloud what the terminal reported: a printer out of paper, and a ticket to decide at the terminal', async () => {
  const a = h.fixture.a;
  // Another ticket the printer swallows without confirming, then the paper runs out.
  bar.setCondition('neverAcks');
  const staff = await loginAs(h.cloud.url, a.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, a.tableIds[1] as string);
  const placed = await guest.post(
    '/api/orders',
    { id: randomUUID(), sessionId, items: [{ menuItemId: a.menu.lemonade, quantity: 1, course: 'drink' }] },
    { key: randomUUID() },
  );
  expect(placed.status).toBe(201);
  await expect
    .poll(() => core.printQueue?.listJobs().filter((j) => j.status === 'UNCONFIRMED').length, { timeout: 30_000 })
    .toBe(1);
  bar.setCondition('paperOut');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cloudPage = await context.newPage();
  await cloudPage.goto(`${h.cloud.url}/kitchen-display`);
  await cloudPage.getByTestId('login-email').fill(a.managerEmail);
  await cloudPage.getByTestId('login-password').fill(PASSWORD);
  await cloudPage.getByTestId('login-submit').click();
  await cloudPage.getByRole('heading', { name: 'Kitchen Display' }).waitFor();
  const fault = cloudPage.getByTestId('printer-fault');
  await fault.waitFor({ timeout: 15_000 });
  expect(await fault.textContent()).toContain(
    KITCHEN_TEXTS.printerProblem('Bar Printer', KITCHEN_TEXTS.printerStates.PAPER_OUT),
  );
  const decision = cloudPage.getByTestId('unconfirmed-job');
  await decision.waitFor({ timeout: 15_000 });
  expect(await decision.textContent()).toContain('Table 2 on Bar Printer');
  // Only the terminal that drives the printer can print the copy: the cloud says where to decide.
  expect(await decision.textContent()).toContain(KITCHEN_TEXTS.printDecideAtTerminal);
  expect(await decision.getByRole('button').count()).toBe(0);
  await cloudPage.screenshot({ path: join(shots, 'printer-banner-cloud-1280.png'), fullPage: true });
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await context.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`${h.cloud.url}/kitchen-display`);
  await phone.getByTestId('unconfirmed-job').waitFor({ timeout: 15_000 });
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  await phone.screenshot({ path: join(shots, 'printer-banner-cloud-390.png'), fullPage: true });
  await phoneContext.close();

  // Decided at the terminal: the cloud's banner clears live.
  bar.setCondition('ok');
  const job = core.printQueue?.listJobs().find((j) => j.status === 'UNCONFIRMED');
  core.printQueue?.markPrinted(job?.id as string);
  await expect.poll(() => decision.count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => fault.count(), { timeout: 15_000 }).toBe(0);
  await context.close();
}, 90_000);
