// The header's venue selector (issue 24, issue 26's header), in real Chromium: a manager with two
// venues picks the one the staff app works on; its waitlist and its reservations show (on its own
// clock), a party added there afterwards arrives live, another tab of the session follows, and the
// choice holds on reload. On the terminal (one venue) there is no selector. Screenshots go to
// VENUE_SELECTOR_SHOTS when set.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  type BookableTimesAnswer,
  DASHBOARD_TEXTS,
  LOGIN_TEXTS,
  SHELL_TEXTS,
  venueClock,
  WAITLIST_TEXTS,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Client, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.VENUE_SELECTOR_SHOTS ?? tmpdir();
const DEVICE_ZONE = 'America/Los_Angeles';
/** Uptown's zone: one where it is now before 16:00, so today's bookable times (17:00 on) are ahead
 * and the dashboard's list of today's reservations shows one; never the device's or Downtown's. */
function uptownZoneNow(): string {
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const zone = ['Asia/Tokyo', 'Europe/Berlin', 'America/New_York'].find((z) => hour(z) < 16);
  if (!zone) throw new Error('No candidate venue zone is before 16:00 now');
  return zone;
}
const UPTOWN_ZONE = uptownZoneNow();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;
/** A session of the manager working at Uptown, to add what happens there. */
let uptown: Client;
let slotStart: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stack = await startStaffAppStack('venue-selector', async (harness) => {
    await harness.database.db('venues').where({ id: harness.fixture.a.otherVenueId }).update({ tz: UPTOWN_ZONE });
    return {};
  });
  ({ h, core, browser } = stack);
  const downtown = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  expect((await downtown.post('/api/waitlist', { guestName: 'Dana Downtown', partySize: 2 })).status).toBe(201);
  uptown = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  const moved = await uptown.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.otherVenueId } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  expect((await uptown.post('/api/waitlist', { guestName: 'Uma Uptown', partySize: 3 })).status).toBe(201);
  const times = (await uptown.get('/api/reservations/bookable-times')).body as BookableTimesAnswer;
  expect(times.timeZone).toBe(UPTOWN_ZONE);
  slotStart = times.times[0]?.value as string;
  const booked = await uptown.post('/api/reservations', {
    guestContact: { name: 'Ada Park', phone: '555-0100' },
    slotStart,
    partySize: 2,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: WAITLIST_TEXTS.title }).first().waitFor();
}

const partyNames = (page: Page) => page.getByTestId('waitlist-party').allTextContents();

it('switches the staff app to the venue picked in the header, live and on its clock, and keeps it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: DEVICE_ZONE });
  const page = await context.newPage();
  await signIn(page, `${h.cloud.url}/waitlist`);
  const selector = page.getByTestId('venue-selector').locator('select');
  await selector.waitFor();
  expect(await page.getByTestId('venue-selector').getByText(SHELL_TEXTS.venueSelector).count()).toBe(1);
  expect(await selector.locator('option').allTextContents()).toEqual(['Alpha Downtown', 'Alpha Uptown']);
  expect(await selector.inputValue()).toBe(h.fixture.a.venueId);
  await expect.poll(() => partyNames(page), { timeout: 15_000 }).toEqual([expect.stringContaining('Dana Downtown')]);
  await page.screenshot({ path: join(shots, 'venue-selector-downtown-1280.png') });

  // A second tab of the same session, on the waitlist too.
  const tab = await context.newPage();
  await tab.goto(`${h.cloud.url}/waitlist`);
  await expect.poll(() => partyNames(tab), { timeout: 15_000 }).toEqual([expect.stringContaining('Dana Downtown')]);

  await selector.selectOption(h.fixture.a.otherVenueId);
  await expect.poll(() => partyNames(page), { timeout: 15_000 }).toEqual([expect.stringContaining('Uma Uptown')]);
  expect(await selector.inputValue()).toBe(h.fixture.a.otherVenueId);
  // The other tab follows: its live connection was closed, and it reconnects at Uptown.
  await expect.poll(() => partyNames(tab), { timeout: 15_000 }).toEqual([expect.stringContaining('Uma Uptown')]);
  expect(await tab.getByTestId('venue-selector').locator('select').inputValue()).toBe(h.fixture.a.otherVenueId);
  await tab.close();
  // The live connection is Uptown's now: a party added there arrives without a reload.
  await expect.poll(() => page.evaluate(() => document.querySelector('.dot-live') !== null)).toBe(true);
  expect((await uptown.post('/api/waitlist', { guestName: 'Lee Live', partySize: 4 })).status).toBe(201);
  await expect.poll(() => partyNames(page), { timeout: 15_000 }).toHaveLength(2);
  expect((await partyNames(page)).join(' ')).not.toContain('Dana Downtown');
  await page.screenshot({ path: join(shots, 'venue-selector-uptown-1280.png') });

  // Its reservations, on its clock, read in Los Angeles.
  await page.goto(`${h.cloud.url}/`);
  await page.getByRole('tab', { name: DASHBOARD_TEXTS.tabs.waitlist }).click();
  const upcoming = page.getByTestId('dashboard-reservations').locator('li');
  await expect.poll(() => upcoming.first().textContent(), { timeout: 15_000 }).toContain('Ada Park');
  expect(await upcoming.first().locator('span').first().textContent()).toBe(
    venueClock(new Date(slotStart), UPTOWN_ZONE, DEVICE_ZONE),
  );
  // The choice is the session's: it holds on reload.
  await page.reload();
  await page.getByTestId('venue-selector').locator('select').waitFor();
  expect(await page.getByTestId('venue-selector').locator('select').inputValue()).toBe(h.fixture.a.otherVenueId);
  await context.close();
}, 120_000);

it('fits the phone header', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: DEVICE_ZONE });
  const page = await context.newPage();
  await signIn(page, `${h.cloud.url}/waitlist`);
  const select = page.getByTestId('venue-selector').locator('select');
  await select.waitFor();
  const box = await select.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // Its own row under the header: the title and Sign out keep theirs.
  const signOut = await page.getByRole('button', { name: LOGIN_TEXTS.signOut }).boundingBox();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual((signOut?.y ?? 0) + (signOut?.height ?? 0));
  await page.screenshot({ path: join(shots, 'venue-selector-390.png') });
  await select.click();
  await context.close();
}, 60_000);

it('is not shown on the terminal, which serves one venue', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: DEVICE_ZONE });
  const page = await context.newPage();
  await signIn(page, `${core.url}/waitlist`);
  await expect.poll(() => partyNames(page), { timeout: 15_000 }).toEqual([expect.stringContaining('Dana Downtown')]);
  expect(await page.getByTestId('venue-selector').count()).toBe(0);
  await page.screenshot({ path: join(shots, 'venue-selector-terminal-1280.png') });
  await context.close();
}, 60_000);
