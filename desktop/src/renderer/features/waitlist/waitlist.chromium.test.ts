// The host's waitlist screen in real Chromium, served by a real terminal core synced from a real
// cloud: adding a party (and the form's refusal of a missing name), the queue with Next Up and the
// estimated wait by place, Seat at a table chosen in the dialog, Remove and its Undo, and a party added while the cloud is down reaching it
// once. Screenshots (WAITLIST_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MESSAGES, SHELL_TEXTS, WAITLIST_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.WAITLIST_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('waitlist');
  ({ h, core, browser } = stack);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function addParty(name: string, size: number) {
  await page.getByTestId('waitlist-add').click();
  await page.getByTestId('waitlist-name').fill(name);
  await page.getByTestId('waitlist-party-size').selectOption(String(size));
  await page.getByTestId('waitlist-submit').click();
  await page.locator('[data-testid="waitlist-party"]', { hasText: name }).waitFor({ timeout: 15_000 });
}

it('adds parties, shows the queue with Next Up and each wait, and seats and removes them', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await page.goto(`${core.url}/waitlist`);
  await page.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: WAITLIST_TEXTS.title }).waitFor();
  await page.getByText(WAITLIST_TEXTS.empty).waitFor();

  // The form's own rule: a name is required.
  await page.getByTestId('waitlist-add').click();
  await page.getByTestId('waitlist-submit').click();
  await page.getByText(MESSAGES.reservationGuestNameRequired).waitFor();
  await page.getByRole('button', { name: WAITLIST_TEXTS.cancel }).click();

  await addParty('Lin', 2);
  await page.getByText(MESSAGES.waitlistAddedTitle).waitFor();
  await addParty('Ade', 4);
  await addParty('Kim', 6);
  const parties = page.getByTestId('waitlist-party');
  expect(await parties.allTextContents()).toEqual([
    expect.stringContaining('Lin'),
    expect.stringContaining('Ade'),
    expect.stringContaining('Kim'),
  ]);
  expect(await parties.nth(0).textContent()).toContain(WAITLIST_TEXTS.nextUp);
  expect(await parties.nth(0).textContent()).toContain(WAITLIST_TEXTS.estimate(15, 25));
  expect(await parties.nth(2).textContent()).toContain(WAITLIST_TEXTS.estimate(25, 35));
  expect(await parties.nth(1).textContent()).not.toContain(WAITLIST_TEXTS.nextUp);
  await page.screenshot({ path: join(shots, 'waitlist-1280.png'), fullPage: true });

  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`${core.url}/waitlist`);
  await phone.getByTestId('waitlist-party').first().waitFor();
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await phone.screenshot({ path: join(shots, 'waitlist-390.png'), fullPage: true });
  await phone.getByTestId('waitlist-add').click();
  await phone.screenshot({ path: join(shots, 'waitlist-add-390.png'), fullPage: true });
  await phoneContext.close();

  // Seat the first at a table it chooses, remove the last: Ade is next up now, everywhere.
  await parties.nth(0).getByRole('button', { name: WAITLIST_TEXTS.seat }).click();
  await page.getByTestId('seat-choice').first().click();
  await page.locator('[data-testid="waitlist-party"]', { hasText: 'Lin' }).waitFor({ state: 'detached' });
  await page
    .locator('[data-testid="waitlist-party"]', { hasText: 'Kim' })
    .getByRole('button', { name: WAITLIST_TEXTS.remove })
    .click();
  await page.locator('[data-testid="waitlist-party"]', { hasText: 'Kim' }).waitFor({ state: 'detached' });
  // A Remove has its Undo on the toast (issue 22): Kim is back in its place, behind Ade.
  const undo = page.getByTestId('toast').getByRole('button', { name: WAITLIST_TEXTS.undo });
  await undo.waitFor();
  expect((await undo.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await undo.click();
  await page.getByText(WAITLIST_TEXTS.restoredTitle).waitFor();
  await page.locator('[data-testid="waitlist-party"]', { hasText: 'Kim' }).waitFor();
  expect(await parties.allTextContents()).toEqual([expect.stringContaining('Ade'), expect.stringContaining('Kim')]);
  await page
    .locator('[data-testid="waitlist-party"]', { hasText: 'Kim' })
    .getByRole('button', { name: WAITLIST_TEXTS.remove })
    .click();
  await page.locator('[data-testid="waitlist-party"]', { hasText: 'Kim' }).waitFor({ state: 'detached' });
  expect(await parties.nth(0).textContent()).toContain(WAITLIST_TEXTS.nextUp);
  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  const onCloud = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const cloudQueue = (await onCloud.get('/api/waitlist')).body as { guestName: string }[];
  expect(cloudQueue.map((e) => e.guestName)).toEqual(['Ade']);
}, 90_000);

it('adds a party while the cloud is down, which reaches the cloud once when it returns', async () => {
  await h.cloud.close();
  await page.getByTestId('terminal-offline').waitFor({ timeout: 30_000 });
  await addParty('Noor', 3);
  expect(await page.getByTestId('waitlist-party').count()).toBe(2);
  h.cloud = await h.startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 30_000 }).toBe(0);
  expect(await h.database.db('waitlist').where({ guest_name: 'Noor', status: 'WAITING' })).toHaveLength(1);
}, 90_000);
