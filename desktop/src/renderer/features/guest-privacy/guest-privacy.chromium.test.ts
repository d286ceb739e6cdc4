// The organization's own data in real Chromium against a real cloud (issue 24): a manager finds a
// guest's records by phone, sees what would go, confirms, and the waitlist shows the entry erased;
// an owner sees this month's usage on the organizations screen and downloads the data.
// Screenshots (STAFF_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { ADMIN_MESSAGES, GUEST_PRIVACY_TEXTS as T } from '@tablewise/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness, loginAs, startHarness } from '../../../../../cloud/src/testkit/harness.js';
import { launchChromium, staffAppDir } from '../../test/chromium.js';

const shots = process.env.STAFF_SHOTS ?? tmpdir();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let h: Harness;
let browser: Browser;

beforeAll(async () => {
  h = await startHarness({ staffWebDir: await staffAppDir() });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

it("finds a guest's records by phone, erases them after a confirmation, and the waitlist shows it", async () => {
  const api = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  const added = await api.post('/api/waitlist', { name: 'Erin Erase', phone: '555 010 2030', partySize: 2 });
  expect(added.status).toBe(201);

  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(`${h.cloud.url}/`);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect.poll(() => page.locator('.account-name').count(), { timeout: 15_000 }).toBe(1);
  // The Administration group leads to it.
  await page.getByRole('link', { name: T.title }).first().click();
  await expect.poll(() => page.getByTestId('guest-privacy').count(), { timeout: 15_000 }).toBe(1);

  // A name alone is refused on the page, before any call.
  await page.getByTestId('privacy-name').fill('Erin Erase');
  await page.getByTestId('privacy-find').click();
  await expect.poll(() => page.getByTestId('privacy-error').textContent()).toBe(ADMIN_MESSAGES.eraseNeedsContact);

  await page.getByTestId('privacy-phone').fill('(555) 010-2030');
  await page.getByTestId('privacy-find').click();
  await expect
    .poll(() => page.getByTestId('privacy-found').textContent(), { timeout: 15_000 })
    .toContain(T.found(0, 1, 0, 1).slice(0, 20));
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(shots, 'guest-privacy-found-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(shots, 'guest-privacy-found-desktop.png'), fullPage: true });

  await page.getByTestId('privacy-erase').click();
  await page.screenshot({ path: join(shots, 'guest-privacy-confirm-desktop.png') });
  await page.getByTestId('privacy-confirm').click();
  await expect.poll(() => page.getByTestId('privacy-done').textContent(), { timeout: 15_000 }).toBe(T.erased);
  // What was typed named the guest: the form is empty again.
  expect(await page.getByTestId('privacy-phone').inputValue()).toBe('');

  const list = await api.get('/api/waitlist');
  const entry = list.body.find((w: { id: string }) => w.id === added.body.id);
  expect(entry).toMatchObject({ guestName: ADMIN_MESSAGES.erasedGuestName, phone: null });
  await page.close();
}, 120_000);

it("lists the owner's organization with this month's usage and downloads its data", async () => {
  const owner = new Client(h.cloud.url);
  const signedUp = await owner.post('/api/auth/signup', {
    email: 'olga@owner.test',
    password: 'long enough',
    firstName: 'Olga',
    lastName: 'Owner',
    organizationName: 'Olga Eats',
    venue: { name: 'Olga Downtown', address: '3 Main St', timezone: 'Europe/Rome' },
  });
  expect(signedUp.status).toBe(201);
  await h.cloud.flushUsage();

  const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
  await page.goto(`${h.cloud.url}/`);
  await page.getByTestId('login-email').fill('olga@owner.test');
  await page.getByTestId('login-password').fill('long enough');
  await page.getByTestId('login-submit').click();
  await expect.poll(() => page.locator('.account-name').count(), { timeout: 15_000 }).toBe(1);
  await page.goto(`${h.cloud.url}/admin/organizations`);
  const row = page.getByTestId('org-row').filter({ hasText: 'Olga Eats' });
  await expect
    .poll(() => row.getByTestId('org-usage').textContent(), { timeout: 15_000 })
    .toMatch(/^0 orders closed · \d+ API calls · 0 MB stored$/);
  await page.screenshot({ path: join(shots, 'organizations-desktop.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(shots, 'organizations-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('org-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^tablewise-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = await download.path();
  const files = unzipSync(new Uint8Array(await readFile(saved)));
  expect(JSON.parse(strFromU8(files['organization.json'] ?? new Uint8Array()))).toEqual([
    expect.objectContaining({ name: 'Olga Eats' }),
  ]);
  await page.close();
}, 120_000);
