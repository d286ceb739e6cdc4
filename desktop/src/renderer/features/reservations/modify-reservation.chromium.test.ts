// Modify a reservation in real Chromium, on a terminal core synced from a real cloud: a row's
// Modify opens the booking's values in the reservation dialog (the form's own checks still
// apply), Save Changes moves it; Cancel Reservation asks once more and the booking stays listed as
// Cancelled; the dashboard's Modify opens the same dialog where the host is; /reservations?id=
// opens the named booking. Each change reaches the cloud. Both clocks stand at noon at the venue.
// Screenshots (MODIFY_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DASHBOARD_TEXTS, MESSAGES, RESERVATION_TEXTS, SHELL_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import type { Harness } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.MODIFY_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('modify-reservation', (harness) => {
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    harness.clock.offsetMs = noon.getTime() - Date.now();
    return { now: () => harness.clock.now() };
  });
  ({ h, core, browser } = stack);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const row = (name: string) => page.locator('[data-testid="reservation-row"]', { hasText: name });
const dialog = () => page.getByTestId('reservation-modify-dialog');
const synced = () => expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
const onCloud = (name: string) => h.database.db('reservations').whereRaw("guest_contact->>'name' = ?", [name]).first();

async function phoneShot(path: string, name: string, prepare?: (phone: Page) => Promise<void>) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto(`${core.url}${path}`);
  await phone.getByRole('heading').first().waitFor();
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await prepare?.(phone);
  await phone.screenshot({ path: join(shots, name), fullPage: true });
  await context.close();
}

async function book(name: string, time: string, size: number) {
  await page.getByTestId('reservation-add').click();
  await page.getByTestId('reservation-name').fill(name);
  await page.getByTestId('reservation-time').selectOption({ label: time });
  await page.getByTestId('reservation-party-size').selectOption(String(size));
  await page.getByTestId('reservation-submit').click();
  await row(name).waitFor({ timeout: 15_000 });
}

it('modifies a booking from its row: its values to change, the form’s checks, and Save Changes', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await page.goto(`${core.url}/reservations`);
  await page.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: RESERVATION_TEXTS.title }).waitFor();
  await book('Ada Park', 'Today 7:00 PM', 4);
  await book('Bo Chen', 'Today 6:30 PM', 2);

  await row('Ada Park').getByTestId('reservation-modify').click();
  await dialog().waitFor();
  expect(await dialog().getByRole('heading').textContent()).toBe(RESERVATION_TEXTS.modifyTitle);
  expect(await page.getByTestId('reservation-name').inputValue()).toBe('Ada Park');
  expect(await page.getByTestId('reservation-party-size').inputValue()).toBe('4');
  expect(await page.getByTestId('reservation-time').locator('option:checked').textContent()).toBe('Today 7:00 PM');
  await page.screenshot({ path: join(shots, 'reservation-modify-1280.png') });

  // The form's rules hold: no name, nothing sent.
  await page.getByTestId('reservation-name').fill('');
  await page.getByTestId('reservation-submit').click();
  await dialog().getByText(MESSAGES.reservationGuestNameRequired).waitFor();
  expect(await onCloud('Ada Park')).toMatchObject({ party_size: 4 });

  await page.getByTestId('reservation-name').fill('Ada Park');
  await page.getByTestId('reservation-phone').fill('555 0199');
  await page.getByTestId('reservation-time').selectOption({ label: 'Today 8:00 PM' });
  await page.getByTestId('reservation-party-size').selectOption('6');
  await page.getByTestId('reservation-submit').click();
  await page.getByText(MESSAGES.reservationUpdatedTitle).waitFor();
  await dialog().waitFor({ state: 'detached' });
  await row('Ada Park').getByText('6 people').waitFor();
  expect(await row('Ada Park').textContent()).toContain('8:00 PM');
  expect(await row('Ada Park').textContent()).toContain('555 0199');
  // Bo (6:30) now comes before Ada (8:00), as the day's list orders by time.
  const names = await page.getByTestId('reservation-row').locator('strong').allTextContents();
  expect(names).toEqual(['Bo Chen', 'Ada Park']);
  await synced();
  expect(await onCloud('Ada Park')).toMatchObject({
    party_size: 6,
    guest_contact: { name: 'Ada Park', phone: '555 0199', email: '' },
  });
  await page.screenshot({ path: join(shots, 'reservations-after-modify-1280.png'), fullPage: true });
}, 120_000);

it('cancels a booking after asking once more; it stays listed as Cancelled with nothing left to do', async () => {
  await row('Bo Chen').getByTestId('reservation-cancel').click();
  const ask = page.getByRole('alertdialog');
  await ask.waitFor();
  expect(await ask.textContent()).toContain(RESERVATION_TEXTS.cancelQuestion('Bo Chen'));
  await page.screenshot({ path: join(shots, 'reservation-cancel-confirm-1280.png') });
  // Keep Reservation keeps it.
  await ask.getByRole('button', { name: RESERVATION_TEXTS.keepReservation }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await row('Bo Chen').textContent()).toContain('Confirmed');

  await row('Bo Chen').getByTestId('reservation-cancel').click();
  await page.getByRole('alertdialog').getByRole('button', { name: RESERVATION_TEXTS.cancelReservation }).click();
  await page.getByText(MESSAGES.reservationCancelledTitle).waitFor();
  await row('Bo Chen').getByText('Cancelled').waitFor();
  expect(await row('Bo Chen').getByRole('button').count()).toBe(0);
  await synced();
  expect(await onCloud('Bo Chen')).toMatchObject({ status: 'CANCELLED' });
}, 60_000);

it('the dashboard’s Modify opens the same dialog where the host is', async () => {
  await page.goto(`${core.url}/`);
  await page.getByRole('tab', { name: DASHBOARD_TEXTS.tabs.waitlist }).click();
  const upcoming = page.getByTestId('dash-reservation-row');
  // The cancelled booking is no longer upcoming.
  await expect.poll(() => upcoming.count(), { timeout: 15_000 }).toBe(1);
  await upcoming.getByTestId('dash-modify').click();
  await dialog().waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.screenshot({ path: join(shots, 'dashboard-modify-1280.png') });
  await page.getByTestId('reservation-party-size').selectOption('5');
  await page.getByTestId('reservation-submit').click();
  await dialog().waitFor({ state: 'detached' });
  await upcoming.getByText('5 people').waitFor();
  await phoneShot('/', 'dashboard-modify-390.png', async (phone) => {
    await phone.getByRole('tab', { name: DASHBOARD_TEXTS.tabs.waitlist }).click();
    await phone.getByTestId('dash-modify').click();
    await phone.getByTestId('reservation-modify-dialog').waitFor();
  });
  await synced();
  expect(await onCloud('Ada Park')).toMatchObject({ party_size: 5 });
}, 60_000);

it('/reservations?id= opens the named booking’s dialog; closing it leaves the plain list', async () => {
  const ada = await onCloud('Ada Park');
  await page.goto(`${core.url}/reservations?id=${ada.id}`);
  await dialog().waitFor();
  expect(await page.getByTestId('reservation-party-size').inputValue()).toBe('5');
  await phoneShot(`/reservations?id=${ada.id}`, 'reservation-modify-390.png', async (phone) => {
    await phone.getByTestId('reservation-modify-dialog').waitFor();
  });
  await phoneShot('/reservations', 'reservations-after-modify-390.png');
  await dialog().getByRole('button', { name: RESERVATION_TEXTS.close }).click();
  await dialog().waitFor({ state: 'detached' });
  expect(new URL(page.url()).search).toBe('');
  // A cancelled booking named by a link opens, says why it cannot change, and offers no save.
  const bo = await onCloud('Bo Chen');
  await page.goto(`${core.url}/reservations?id=${bo.id}`);
  await dialog().getByText(RESERVATION_TEXTS.notModifiable('Cancelled')).waitFor();
  expect(await page.getByTestId('reservation-submit').isDisabled()).toBe(true);
  expect(await page.getByTestId('reservation-cancel-booking').count()).toBe(0);
}, 60_000);
