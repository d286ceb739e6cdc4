// The front desk in real Chromium, served by a real terminal core synced from a real cloud: the
// reservations screen (the form's refusals, a booking, Check In, Seat at a chosen table), the
// waitlist's Seat (choose a table), the host console (its tabs, a check-in and a seat from the
// floor plan), and a reservation made while the cloud is down reaching it once. Both clocks stand
// at noon at the venue, so today's evening times are bookable whenever the test runs.
// Screenshots (FRONT_DESK_SHOTS, default the temp folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  DASHBOARD_TEXTS,
  HOST_CONSOLE_TEXTS,
  MESSAGES,
  RESERVATION_TEXTS,
  SHELL_TEXTS,
  type Table,
  WAITLIST_TEXTS,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.FRONT_DESK_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('front-desk', (harness) => {
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

it('books with the form’s checks, checks the party in and seats it at a chosen table', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await page.goto(`${core.url}/reservations`);
  await page.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: RESERVATION_TEXTS.title }).waitFor();
  await page.getByText(RESERVATION_TEXTS.empty).waitFor();

  // The form's own rules, with the spec's messages.
  await page.getByTestId('reservation-add').click();
  await page.getByTestId('reservation-email').fill('not-mail');
  await page.getByTestId('reservation-submit').click();
  await page.getByText(MESSAGES.reservationGuestNameRequired).waitFor();
  await page.getByText(MESSAGES.reservationTimeRequired).waitFor();
  await page.getByText(MESSAGES.invalidEmail).waitFor();
  const times = await page.getByTestId('reservation-time').locator('option').allTextContents();
  expect(times.slice(1, 3)).toEqual(['Today 5:00 PM', 'Today 5:30 PM']);
  expect(times).toContain('Tomorrow 10:30 PM');
  expect(times).toHaveLength(25);
  await page.getByRole('button', { name: RESERVATION_TEXTS.cancel }).click();

  await book('Ada Park', 'Today 7:00 PM', 4);
  await page.getByText(MESSAGES.reservationCreatedTitle).waitFor();
  await book('Bo Chen', 'Today 6:30 PM', 2);
  const rows = page.getByTestId('reservation-row');
  expect((await rows.allTextContents()).map((t) => t.slice(0, 7))).toEqual(['6:30 PM', '7:00 PM']);
  expect(await row('Ada Park').textContent()).toContain('Confirmed');
  expect(await row('Ada Park').getByRole('button', { name: RESERVATION_TEXTS.seat }).count()).toBe(0);
  await page.screenshot({ path: join(shots, 'reservations-1280.png'), fullPage: true });
  // The dashboard's Waitlist & Reservations tab lists them too, by time.
  await page.goto(`${core.url}/`);
  await page.getByRole('tab', { name: DASHBOARD_TEXTS.tabs.waitlist }).click();
  const upcoming = page.getByTestId('dashboard-reservations').locator('li');
  await expect.poll(() => upcoming.count(), { timeout: 15_000 }).toBe(2);
  expect((await upcoming.allTextContents()).map((t) => t.slice(0, 14))).toEqual(['6:30 PMBo Chen', '7:00 PMAda Par']);
  await page.screenshot({ path: join(shots, 'dashboard-reservations-1280.png') });
  await page.goto(`${core.url}/reservations`);
  await row('Ada Park').waitFor();
  await phoneShot('/reservations', 'reservations-390.png');
  await phoneShot('/reservations', 'reservations-add-390.png', async (phone) => {
    await phone.getByTestId('reservation-add').click();
  });

  await row('Ada Park').getByRole('button', { name: RESERVATION_TEXTS.checkIn }).click();
  await row('Ada Park').getByText('Checked In').waitFor();
  await row('Ada Park').getByRole('button', { name: RESERVATION_TEXTS.seat }).click();
  await page.getByTestId('seat-dialog').waitFor();
  await page.screenshot({ path: join(shots, 'reservation-seat-dialog-1280.png') });
  await page.locator('[data-testid="seat-choice"]', { hasText: 'Table 1' }).click();
  await row('Ada Park').getByText('Seated').waitFor();
  expect(await row('Ada Park').textContent()).toContain('Table 1');

  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  const table1 = await h.database.db('tables').where({ id: h.fixture.a.tableIds[0] }).first();
  expect(table1).toMatchObject({ state: 'OCCUPIED', party_name: 'Ada Park', guest_count: 4 });
}, 120_000);

it('seats a waiting party at a table it chooses; a taken table cannot be chosen', async () => {
  await page.goto(`${core.url}/waitlist`);
  await page.getByTestId('waitlist-add').click();
  await page.getByTestId('waitlist-name').fill('Lin');
  await page.getByTestId('waitlist-submit').click();
  const party = page.locator('[data-testid="waitlist-party"]', { hasText: 'Lin' });
  await party.getByRole('button', { name: WAITLIST_TEXTS.seat }).click();
  await page.getByTestId('seat-dialog').waitFor();
  // Table 1 is Ada's now: shown, not choosable.
  expect(await page.locator('[data-testid="seat-choice"]', { hasText: 'Table 1' }).isDisabled()).toBe(true);
  await page.screenshot({ path: join(shots, 'waitlist-seat-dialog-1280.png') });
  await phoneShot('/waitlist', 'waitlist-seat-dialog-390.png', async (phone) => {
    await phone.locator('[data-testid="waitlist-party"]', { hasText: 'Lin' }).getByRole('button').first().click();
    await phone.getByTestId('seat-dialog').waitFor();
  });
  await page.locator('[data-testid="seat-choice"]', { hasText: 'Table 2' }).click();
  await party.waitFor({ state: 'detached' });
  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  expect(await h.database.db('waitlist').where({ guest_name: 'Lin' }).first()).toMatchObject({ status: 'SEATED' });
  expect((await h.database.db('tables').where({ id: h.fixture.a.tableIds[1] }).first()).party_name).toBe('Lin');
}, 90_000);

it('runs the front desk from the host console: reservations, a check-in, and a seat on the floor plan', async () => {
  await page.goto(`${core.url}/host-console`);
  await page.getByRole('heading', { name: HOST_CONSOLE_TEXTS.title }).waitFor();
  await page.getByRole('tab', { name: HOST_CONSOLE_TEXTS.tabs.reservations }).click();
  const bo = page.locator('[data-testid="host-reservation"]', { hasText: 'Bo Chen' });
  await bo.getByRole('button', { name: HOST_CONSOLE_TEXTS.checkIn }).click();
  await bo.getByText('Checked In').waitFor();
  await page.getByRole('tab', { name: HOST_CONSOLE_TEXTS.tabs.checkins }).click();
  await page
    .locator('[data-testid="host-arrival"]', { hasText: 'Bo Chen' })
    .getByRole('button', { name: HOST_CONSOLE_TEXTS.seat })
    .click();
  await page.getByTestId('host-seating').waitFor();
  const cells = page.getByTestId('floor-table');
  expect(await cells.count()).toBe(3);
  expect(await cells.nth(0).getAttribute('data-color')).toBe('red');
  expect(await cells.nth(2).getAttribute('data-color')).toBe('green');
  await page.screenshot({ path: join(shots, 'host-console-1280.png'), fullPage: true });
  await phoneShot('/host-console', 'host-console-390.png', async (phone) => {
    await phone.getByRole('tab', { name: HOST_CONSOLE_TEXTS.tabs.floor }).click();
    await phone.getByTestId('host-floor').waitFor();
  });
  await cells.nth(2).getByRole('button', { name: HOST_CONSOLE_TEXTS.seat }).click();
  await page.getByTestId('host-seating').waitFor({ state: 'detached' });
  await expect.poll(async () => cells.nth(2).getAttribute('data-color')).toBe('red');
  expect(await cells.nth(2).textContent()).toContain('Bo Chen');
  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  const onCloud = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const tables = (await onCloud.get('/api/tables')).body as Table[];
  expect(tables.find((t) => t.id === h.fixture.a.tableIds[2])).toMatchObject({
    state: 'OCCUPIED',
    partyName: 'Bo Chen',
  });
}, 90_000);

it('takes a reservation while the cloud is down, which reaches the cloud once when it returns', async () => {
  await page.goto(`${core.url}/reservations`);
  await row('Ada Park').waitFor();
  await h.cloud.close();
  await page.getByTestId('terminal-offline').waitFor({ timeout: 30_000 });
  await book('Noor Haddad', 'Today 8:00 PM', 6);
  expect(await page.getByTestId('reservation-row').count()).toBe(3);
  h.cloud = await h.startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 30_000 }).toBe(0);
  const rows = await h.database.db('reservations').where({ party_size: 6 });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'CONFIRMED', source: 'DIRECT' });
  expect(rows[0].guest_contact).toMatchObject({ name: 'Noor Haddad' });
}, 90_000);
