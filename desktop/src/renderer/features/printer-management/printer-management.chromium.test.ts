// Printer management in real Chromium (issue 10), served by a real terminal core with its print
// queue, synced from a real cloud, driving printer emulators over TCP: a receipt printer unplugged
// (its emulator stopped) shows Offline, a test print waits for it and prints by itself once it is
// plugged back; a job it swallowed unconfirmed is reprinted from the Print Jobs tab; the Templates
// tab's guest receipt is, line for line, what the printer prints for the same data; the host
// console's Print Summary prints the daily summary on the receipt printer. On the cloud a
// manager adds, edits and removes a printer, and the terminal picks it up. Screenshots of each tab
// at 1280×800 and 390×844 go to PRINTER_SHOTS (the temp folder by default).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { HOST_CONSOLE_TEXTS, MESSAGES, PRINTER_TEXTS, REPRINT_BANNER, SHELL_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertPrinter, PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Harness, loginAs, pairTerminal, startHarness } from '../../../../../cloud/src/testkit/harness.js';
import { type PrinterEmulator, startPrinterEmulator } from '../../../../../scripts/printer-emulator/emulator.js';
import { startTerminalCore, type TerminalCore } from '../../../core/core.js';
import { freePort } from '../../../core/test/fixtures.js';
import { launchChromium, staffAppDir } from '../../test/chromium.js';
import { GUEST_RECEIPT_SAMPLE } from './components/template-samples.js';

const shots = process.env.PRINTER_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let desk: PrinterEmulator;
let deskPort: number;
let deskId: string;
let browser: Browser;
let page: Page;
let workDir: string;
let terminalId: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'tw-printer-management-'));
  const webDir = await staffAppDir();
  h = await startHarness({ staffWebDir: webDir });
  // A fixed port: the printer plugged back in answers where the terminal looks for it.
  deskPort = await freePort();
  desk = await startPrinterEmulator({ name: 'Front Desk', port: deskPort });
  const a = h.fixture.a;
  const paired = await pairTerminal(h.cloud.url, a.managerEmail, 'Host stand');
  terminalId = paired.id;
  deskId = await insertPrinter(h.database.db, a, {
    name: 'Front Desk',
    station: null,
    port: deskPort,
    terminalId: paired.id,
  });
  core = await startTerminalCore({
    cloudUrl: h.cloud.url,
    credential: paired.credential,
    dataDir: join(workDir, 'terminal'),
    port: 0,
    staticDir: webDir,
    printerStatusPollMs: 100,
    printerIdleCheckMs: 300,
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await core?.close();
  await desk?.close();
  await h?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function signIn(p: Page, url: string) {
  await p.goto(`${url}/printer-management`);
  await p.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await p.getByTestId('login-password').fill(PASSWORD);
  await p.getByTestId('login-submit').click();
  await p.getByRole('heading', { name: PRINTER_TEXTS.title }).waitFor();
}

const tab = (p: Page, name: string) => p.getByRole('tab', { name }).click();
const printerStatus = (p: Page, name: string) =>
  p.locator('[data-testid="pm-printer"]', { hasText: name }).getByTestId('pm-printer-status').textContent();

async function onPhone(url: string, name: string, tabName: string, from: Page = page) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await from.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto(`${url}/printer-management`);
  await phone.getByRole('heading', { name: PRINTER_TEXTS.title }).waitFor();
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  await tab(phone, tabName);
  await phone.waitForTimeout(0);
  await phone.screenshot({ path: join(shots, `printer-management-${name}-390.png`), fullPage: true });
  await context.close();
}

it('shows a receipt printer unplugged, and a test print that waited for it printing once it is back', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await signIn(page, core.url);
  await expect.poll(() => printerStatus(page, 'Front Desk'), { timeout: 15_000 }).toBe(PRINTER_TEXTS.statuses.ONLINE);
  // On the terminal, printers are managed from the cloud.
  expect(await page.getByText(PRINTER_TEXTS.manageOnCloud).count()).toBe(1);
  expect(await page.getByTestId('pm-add').count()).toBe(0);

  // The test-print form: the spec's message and no button until both a printer and content are given.
  const missing = page.getByTestId('pm-test-missing');
  const send = page.getByTestId('pm-test-send');
  expect(await missing.textContent()).toBe(MESSAGES.testPrintMissing);
  expect(await send.isDisabled()).toBe(true);
  await page.getByTestId('pm-test-printer').selectOption({ label: 'Front Desk' });
  expect(await send.isDisabled()).toBe(true);
  await page.getByTestId('pm-test-content').fill('   ');
  expect(await send.isDisabled()).toBe(true);
  await page.getByTestId('pm-test-content').fill('Unplugged and back');
  await expect.poll(() => missing.count()).toBe(0);
  expect(await send.isDisabled()).toBe(false);
  await page.screenshot({ path: join(shots, 'printer-management-printers-1280.png'), fullPage: true });

  // Unplugged: the screen says so without a reload.
  await desk.close();
  await expect.poll(() => printerStatus(page, 'Front Desk'), { timeout: 15_000 }).toBe(PRINTER_TEXTS.statuses.OFFLINE);
  await send.click();
  await page.getByText(MESSAGES.testPrintSentTitle).first().waitFor();
  await tab(page, PRINTER_TEXTS.tabs.jobs);
  const job = page.locator('[data-testid="pm-job"]', { hasText: 'Unplugged and back' });
  await job.waitFor();
  await expect.poll(() => job.getAttribute('data-status'), { timeout: 15_000 }).toBe('PENDING');
  await expect
    .poll(() => job.textContent(), { timeout: 15_000 })
    .toContain(PRINTER_TEXTS.waitingForPrinter(PRINTER_TEXTS.statuses.OFFLINE));
  expect(await job.textContent()).toContain('Front Desk');
  await page.screenshot({ path: join(shots, 'printer-management-jobs-offline-1280.png'), fullPage: true });
  await onPhone(core.url, 'jobs-offline', PRINTER_TEXTS.tabs.jobs);

  // Plugged back in: the job prints by itself, and the screen follows.
  desk = await startPrinterEmulator({ name: 'Front Desk', port: deskPort });
  const printed = await desk.waitForTicket((t) => t.text.includes('Unplugged and back'), 30_000);
  expect(printed.text).toContain('TEST PRINT');
  await expect.poll(() => job.getAttribute('data-status'), { timeout: 15_000 }).toBe('COMPLETED');
  await tab(page, PRINTER_TEXTS.tabs.printers);
  await expect.poll(() => printerStatus(page, 'Front Desk'), { timeout: 15_000 }).toBe(PRINTER_TEXTS.statuses.ONLINE);
  await onPhone(core.url, 'printers', PRINTER_TEXTS.tabs.printers);
}, 120_000);

it('reprints from the Print Jobs tab a job the printer took without confirming', async () => {
  desk.setCondition('neverAcks');
  await page.getByTestId('pm-test-printer').selectOption({ label: 'Front Desk' });
  await page.getByTestId('pm-test-content').fill('Swallowed');
  await page.getByTestId('pm-test-send').click();
  await tab(page, PRINTER_TEXTS.tabs.jobs);
  const job = page.locator('[data-testid="pm-job"]', { hasText: 'Swallowed' }).first();
  await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('UNCONFIRMED');
  expect(await job.getByRole('button').allTextContents()).toEqual([PRINTER_TEXTS.reprint, PRINTER_TEXTS.markPrinted]);
  await page.screenshot({ path: join(shots, 'printer-management-jobs-unconfirmed-1280.png'), fullPage: true });
  desk.setCondition('ok');
  await job.getByRole('button', { name: PRINTER_TEXTS.reprint }).click();
  const copy = await desk.waitForTicket((t) => t.text.includes('Swallowed') && t.text.includes(REPRINT_BANNER), 30_000);
  expect(copy.text).toContain('TEST PRINT');
  await expect.poll(() => job.getAttribute('data-status'), { timeout: 15_000 }).not.toBe('UNCONFIRMED');
  expect(await job.getByRole('button').count()).toBe(0);
}, 90_000);

it("draws the guest receipt's template exactly as the printer prints the same data", async () => {
  await tab(page, PRINTER_TEXTS.tabs.templates);
  const templates = page.getByTestId('pm-template');
  await templates.first().waitFor();
  const ids = await templates.evaluateAll((els) => els.map((e) => e.getAttribute('data-template')));
  expect(ids).toEqual(Object.keys(PRINTER_TEXTS.templateNames));
  const preview = page.locator('[data-template="guest_receipt"] .pm-line');
  const previewText = (await preview.allTextContents()).join('\n');

  const staff = await loginAs(core.url, h.fixture.a.staffEmail);
  const reply = await staff.post('/api/print/receipt', { type: 'guest_receipt', data: GUEST_RECEIPT_SAMPLE });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const printed = await desk.waitForTicket((t) => t.text.includes('Ribeye Steak'), 15_000);
  expect(previewText).toBe(printed.text);
  await page.screenshot({ path: join(shots, 'printer-management-templates-1280.png'), fullPage: true });
  await onPhone(core.url, 'templates', PRINTER_TEXTS.tabs.templates);
}, 60_000);

it("prints the host console's summary on the terminal's receipt printer", async () => {
  await page.goto(`${core.url}/host-console`);
  await page.getByRole('heading', { name: HOST_CONSOLE_TEXTS.title }).waitFor();
  await page.getByTestId('host-print-summary').click();
  await page.getByText(HOST_CONSOLE_TEXTS.summaryPrinted('Front Desk')).waitFor();
  const printed = await desk.waitForTicket((t) => t.text.includes('DAILY SUMMARY'), 15_000);
  for (const label of Object.values(HOST_CONSOLE_TEXTS.counts)) expect(printed.text).toContain(label);
  await page.goto(`${core.url}/printer-management`);
  await page.getByRole('heading', { name: PRINTER_TEXTS.title }).waitFor();
}, 60_000);

it('lets a manager on the cloud add, edit and remove a printer, and the terminal picks each change up', async () => {
  const cloudPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(cloudPage, h.cloud.url);
  await cloudPage.getByTestId('pm-add').click();
  const form = cloudPage.getByRole('form', { name: PRINTER_TEXTS.addPrinter });
  await form.getByTestId('pm-save').click();
  // Checked by the shared schema before anything is sent.
  expect(await form.locator('.field-problem').allTextContents()).toContain('is required');
  await form.getByTestId('pm-name').fill('Grill Pass');
  await form.getByTestId('pm-station').fill('Grill');
  await form.getByTestId('pm-host').fill('10.0.0.21');
  await form.getByTestId('pm-terminal').selectOption({ label: 'Host stand' });
  await form.getByTestId('pm-backup').selectOption({ label: 'Front Desk' });
  await cloudPage.screenshot({ path: join(shots, 'printer-management-add-1280.png'), fullPage: true });
  await form.getByTestId('pm-save').click();
  const row = cloudPage.locator('[data-testid="pm-printer"]', { hasText: 'Grill Pass' });
  await row.waitFor();
  expect(await row.textContent()).toContain('10.0.0.21:9100');
  expect(await row.textContent()).toContain('Host stand');
  // The terminal's own screen shows it without a reload.
  await tab(page, PRINTER_TEXTS.tabs.printers);
  await page.locator('[data-testid="pm-printer"]', { hasText: 'Grill Pass' }).waitFor({ timeout: 15_000 });
  const printerId = await row.getAttribute('data-printer-id');
  expect(core.status().online).toBe(true);

  await row.getByRole('button', { name: PRINTER_TEXTS.editPrinter }).click();
  const edit = cloudPage.getByRole('form', { name: 'Grill Pass' });
  await edit.getByTestId('pm-connection').selectOption('usb');
  await edit.getByTestId('pm-host').fill('/dev/usb/lp0');
  await edit.getByTestId('pm-save').click();
  await expect.poll(() => row.textContent()).toContain('USB /dev/usb/lp0');
  await expect
    .poll(() => page.locator(`[data-printer-id="${printerId}"]`).textContent(), { timeout: 15_000 })
    .toContain('USB /dev/usb/lp0');
  await cloudPage.screenshot({ path: join(shots, 'printer-management-cloud-1280.png'), fullPage: true });
  await onPhone(h.cloud.url, 'cloud', PRINTER_TEXTS.tabs.printers, cloudPage);

  cloudPage.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: PRINTER_TEXTS.removePrinter }).click();
  await expect.poll(() => row.count()).toBe(0);
  await expect.poll(() => page.locator(`[data-printer-id="${printerId}"]`).count(), { timeout: 15_000 }).toBe(0);
  await cloudPage.close();
  // Nothing about the other printer changed.
  expect((await h.database.db('printers').where({ id: deskId }).first()).terminal_id).toBe(terminalId);
}, 90_000);

it("offers another printer or the browser for the summary when the terminal drives no receipt printer; the cloud's pages ask nothing that 404s (issue 22)", async () => {
  // The cloud's pages learn they are not a terminal without a failed call.
  const cloudPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const failures: string[] = [];
  // (Signing in answers 401 once before it, and the live channel's reconnects are not this check's.)
  cloudPage.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('404')) failures.push(m.text());
  });
  cloudPage.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/terminal/status')) failures.push(`${r.status()} ${r.url()}`);
  });
  await signIn(cloudPage, h.cloud.url);
  await cloudPage.goto(`${h.cloud.url}/host-console`);
  await cloudPage.getByRole('heading', { name: HOST_CONSOLE_TEXTS.title }).waitFor();
  await cloudPage.goto(`${h.cloud.url}/payments`);
  await cloudPage.getByTestId('payments-screen').waitFor();
  expect(failures).toEqual([]);
  await cloudPage.close();

  // The Front Desk printer becomes the bar's: this terminal drives no receipt printer now.
  const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  const moved = await manager.request('PATCH', `/api/printers/${deskId}`, { body: { station: 'Bar' } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  try {
    const onTerminal = await loginAs(core.url, h.fixture.a.managerEmail);
    await expect
      .poll(
        async () =>
          ((await onTerminal.get('/api/printers')).body as { id: string; station: string | null }[]).find(
            (p) => p.id === deskId,
          )?.station,
        { timeout: 15_000 },
      )
      .toBe('Bar');
    await page.goto(`${core.url}/host-console`);
    await page.getByRole('heading', { name: HOST_CONSOLE_TEXTS.title }).waitFor();
    await page.getByTestId('host-print-summary').click();
    const choice = page.getByTestId('summary-printer-choice');
    expect(await choice.textContent()).toContain(HOST_CONSOLE_TEXTS.summaryNoReceiptPrinter);
    await choice.getByTestId('summary-browser-print').waitFor();
    await page.screenshot({ path: join(shots, 'host-summary-choice-1280.png'), fullPage: true });
    desk.clear();
    await choice.getByRole('button', { name: HOST_CONSOLE_TEXTS.summaryOnPrinter('Front Desk') }).click();
    await page.getByText(HOST_CONSOLE_TEXTS.summaryPrinted('Front Desk')).waitFor();
    await desk.waitForTicket((t) => t.text.includes('DAILY SUMMARY'), 15_000);
  } finally {
    await manager.request('PATCH', `/api/printers/${deskId}`, { body: { station: null } });
  }
}, 90_000);
