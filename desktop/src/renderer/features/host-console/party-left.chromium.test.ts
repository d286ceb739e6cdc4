// Party Left on the host console in real Chromium, served by a real cloud (issue 22): it asks
// first (Cancel changes nothing), then offers Undo on its toast while nothing has been sent, and
// the table turns over only once the toast has gone. A paid table's "Paid · all served" note
// breaks only at its dot. Screenshots (PARTY_LEFT_SHOTS, default the temp folder) at 1280×800
// and 390×844.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { HOST_CONSOLE_TEXTS, TABLE_SERVICE_TEXTS, TOAST } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onPaymentCompleted } from '../../../../../cloud/src/commands/turnover-automation.js';
import { writeTransaction } from '../../../../../cloud/src/realtime/append-event.js';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import type { Harness } from '../../../../../cloud/src/testkit/harness.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.PARTY_LEFT_SHOTS ?? tmpdir();

let h: Harness;
let browser: Browser;
let page: Page;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stack = await startStaffAppStack('party-left');
  ({ h, browser } = stack);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const stateOf = async (id: string) => (await h.database.db('tables').where({ id }).first('state')).state as string;

it('asks before Party Left, offers Undo, and turns the table over only when the Undo has gone', async () => {
  const tableId = h.fixture.a.tableIds[0] as string;
  await h.database.db('tables').where({ id: tableId }).update({ state: 'PAYING' });
  await writeTransaction(h.database.db, (trx) =>
    onPaymentCompleted(trx, h.fixture.a.venueId, { tableId, sessionComplete: true, rushOrder: false }),
  );
  expect(await stateOf(tableId)).toBe('PAYMENT_VERIFIED');

  await page.goto(`${h.cloud.url}/host-console`);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('tab', { name: HOST_CONSOLE_TEXTS.tabs.floor }).click();
  const cell = page.locator(`[data-testid="floor-table"][data-table-id="${tableId}"]`);
  const leftButton = cell.getByTestId('mark-departed');
  await leftButton.waitFor();
  // The note keeps "all served" whole: it is two parts that do not break inside.
  const note = cell.getByTestId('table-service-note');
  expect(await note.textContent()).toBe(TABLE_SERVICE_TEXTS.paidNothingOwed);
  expect(
    await note.locator('.service-note-part').evaluateAll((els) => els.map((e) => getComputedStyle(e).whiteSpace)),
  ).toEqual(['nowrap', 'nowrap']);
  await page.screenshot({ path: join(shots, 'host-floor-paid-1280.png'), fullPage: true });

  // It asks first; Cancel keeps the party seated.
  await leftButton.click();
  const dialog = page.getByRole('alertdialog', {
    name: TABLE_SERVICE_TEXTS.departedQuestion(await cell.locator('.host-floor-number').innerText()),
  });
  await dialog.waitFor();
  await page.screenshot({ path: join(shots, 'host-party-left-confirm-1280.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await stateOf(tableId)).toBe('PAYMENT_VERIFIED');

  // Confirmed, then undone from the toast: nothing was sent, the table stays paid and seated.
  await leftButton.click();
  await dialog.getByRole('button', { name: TABLE_SERVICE_TEXTS.markDeparted }).click();
  const undo = page.getByTestId('toast').getByRole('button', { name: TABLE_SERVICE_TEXTS.undo });
  await undo.waitFor();
  expect(await cell.getByText(TABLE_SERVICE_TEXTS.leaving).count()).toBe(1);
  expect((await undo.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: join(shots, 'host-party-left-undo-1280.png') });
  await undo.click();
  await page.waitForTimeout(TOAST.durationMs + 1000);
  expect(await stateOf(tableId)).toBe('PAYMENT_VERIFIED');
  await leftButton.waitFor();

  // Confirmed and left alone: when the toast has gone, the table turns over.
  await leftButton.click();
  await dialog.getByRole('button', { name: TABLE_SERVICE_TEXTS.markDeparted }).click();
  await undo.waitFor();
  expect(await stateOf(tableId)).toBe('PAYMENT_VERIFIED');
  await expect.poll(() => stateOf(tableId), { timeout: 20_000 }).toBe('CLEANING');
  await leftButton.waitFor({ state: 'detached' });

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`${h.cloud.url}/host-console`);
  await phonePage.getByRole('tab', { name: HOST_CONSOLE_TEXTS.tabs.floor }).click();
  await phonePage.getByTestId('host-floor').waitFor();
  await phonePage.screenshot({ path: join(shots, 'host-floor-390.png'), fullPage: true });
  await phone.close();
}, 120_000);
