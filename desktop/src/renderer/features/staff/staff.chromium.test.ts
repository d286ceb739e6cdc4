// Staff accounts in real Chromium against a real cloud (issue 24): a manager invites a server
// from the Staff screen, the invitation mail is read from the cloud's mailbox, the server accepts
// on the page its link opens (name and password) and lands signed in on their duty's home; the
// forgotten-password pages ask for a link and take a new password from it.
// Screenshots (STAFF_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ACCEPT_INVITATION_TEXTS, RESET_PASSWORD_TEXTS, STAFF_ADMIN_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Harness, startHarness } from '../../../../../cloud/src/testkit/harness.js';
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

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${h.cloud.url}/`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(shots, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(shots, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

it('invites a server from the Staff screen; the server accepts from the mailed link and is signed in', async () => {
  const manager = await browser.newPage({ viewport: DESKTOP });
  await signIn(manager, h.fixture.a.managerEmail, PASSWORD);
  await expect.poll(() => manager.locator('.account-name').count(), { timeout: 15_000 }).toBe(1);
  await manager.goto(`${h.cloud.url}/staff`);
  await expect.poll(() => manager.getByTestId('staff-row').count(), { timeout: 15_000 }).toBeGreaterThan(1);

  // A bad address is refused on the page with the shared message, and nothing is sent.
  await manager.getByTestId('invite-email').fill('not-an-email');
  await manager.getByTestId('invite-submit').click();
  await expect
    .poll(() => manager.getByTestId('invite-error').textContent(), { timeout: 15_000 })
    .toBe('Please enter a valid email address');

  await manager.getByTestId('invite-email').fill('sara@example.test');
  await manager.getByTestId('invite-role').selectOption('STAFF');
  await manager.getByTestId('invite-duty').selectOption('SERVER');
  await manager.getByTestId('invite-submit').click();
  await expect
    .poll(() => manager.getByTestId('invitation-row').filter({ hasText: 'sara@example.test' }).count(), {
      timeout: 15_000,
    })
    .toBe(1);
  await shoot(manager, 'staff');

  const mail = await h.mailbox.latestTo('sara@example.test');
  const link = /https?:\/\/\S+accept-invitation#token=\S+/.exec(mail.text)?.[0] as string;
  expect(link).toContain(`${h.cloud.url}/accept-invitation#token=`);

  const server = await browser.newPage({ viewport: DESKTOP });
  await server.goto(link);
  await expect
    .poll(() => server.getByTestId('invitation-offer').textContent(), { timeout: 15_000 })
    .toBe(ACCEPT_INVITATION_TEXTS.intro('Alpha Group', 'Staff (Server)', ' at Alpha Downtown'));
  await server.getByTestId('accept-first-name').fill('Sara');
  await server.getByTestId('accept-password').fill('short');
  await server.getByTestId('accept-submit').click();
  await expect
    .poll(() => server.getByTestId('account-error').textContent(), { timeout: 15_000 })
    .toBe('Password must be at least 8 characters');
  await shoot(server, 'accept-invitation');
  await server.getByTestId('accept-password').fill('sara likes tables');
  await server.getByTestId('accept-submit').click();
  // Signed in: the server's home is the dashboard, and the header names her.
  await expect.poll(() => server.locator('.account-name').textContent(), { timeout: 15_000 }).toBe('Sara');
  expect(new URL(server.url()).pathname).toBe('/');

  // The manager's list shows her, active, with her duty.
  await manager.reload();
  const row = manager.getByTestId('staff-row').filter({ hasText: 'sara@example.test' });
  await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(STAFF_ADMIN_TEXTS.active);
  await manager.close();
  await server.close();
}, 120_000);

it('resets a forgotten password from the sign-in page through the mailed link', async () => {
  let page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(`${h.cloud.url}/`);
  await page.getByTestId('forgot-password').click();
  await page.getByTestId('reset-email').fill(h.fixture.a.staffEmail);
  await shoot(page, 'reset-request');
  await page.getByTestId('reset-send').click();
  await expect
    .poll(() => page.getByTestId('reset-sent').textContent(), { timeout: 15_000 })
    .toBe(RESET_PASSWORD_TEXTS.sent);

  const mail = await h.mailbox.latestTo(h.fixture.a.staffEmail);
  const link = /https?:\/\/\S+reset-password#token=\S+/.exec(mail.text)?.[0] as string;
  // The mail's link opens a page of its own.
  await page.close();
  page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(link);
  await page.getByTestId('reset-password').fill('a new password');
  await shoot(page, 'reset-password');
  await page.getByTestId('reset-submit').click();
  await expect
    .poll(() => page.getByTestId('reset-done').textContent(), { timeout: 15_000 })
    .toBe(RESET_PASSWORD_TEXTS.done);
  await signIn(page, h.fixture.a.staffEmail, 'a new password');
  await expect.poll(() => page.locator('.account-name').count(), { timeout: 15_000 }).toBe(1);
  await page.close();
}, 120_000);
