// Times on the staff screens are the venue's (issue 22, item 12), in real Chromium running in
// another zone than the venue's (a manager's laptop away from the venue): the kitchen display's
// "Fires at" and the dashboard's reservations show the venue's clock, labelled with its zone, on
// the cloud and on the terminal, as the tickets print them.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  type BookableTimesAnswer,
  DASHBOARD_TEXTS,
  KITCHEN_TEXTS,
  type KitchenItem,
  venueClock,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { checkInGuest, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

/** The browser's zone: never the venue's. */
const DEVICE_ZONE = 'America/Los_Angeles';

/** A venue zone where it is now before 16:00, so today's bookable times (17:00 on) are all ahead. */
function venueZoneNow(): string {
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const zone = ['Asia/Tokyo', 'Europe/Berlin', 'America/New_York'].find((z) => hour(z) < 16);
  if (!zone) throw new Error('No candidate venue zone is before 16:00 now');
  return zone;
}

const VENUE_ZONE = venueZoneNow();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let context: BrowserContext;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;
let fireAt: string;
let slotStart: string;

beforeAll(async () => {
  stack = await startStaffAppStack('venue-time', async (harness) => {
    await harness.database.db('venues').where({ id: harness.fixture.a.venueId }).update({ tz: VENUE_ZONE });
    return {};
  });
  ({ h, core, browser } = stack);
  const staff = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  // A main course, held until it fires: the kitchen display says when.
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'main' }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const kitchen = (await staff.get('/api/order-items/kitchen')).body as KitchenItem[];
  fireAt = kitchen[0]?.fireAt as string;
  expect(new Date(fireAt).getTime()).toBeGreaterThan(Date.now());
  // One reservation today at the venue, for the dashboard.
  const times = (await staff.get('/api/reservations/bookable-times')).body as BookableTimesAnswer;
  expect(times.timeZone).toBe(VENUE_ZONE);
  slotStart = times.times[0]?.value as string;
  const booked = await staff.post('/api/reservations', {
    guestContact: { name: 'Ada Park', phone: '555-0100' },
    slotStart,
    partySize: 2,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: DEVICE_ZONE });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await stack?.close();
});

async function signIn(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: heading }).first().waitFor();
}

it('shows venue time, with its zone, on the kitchen display and the dashboard of the cloud and the terminal', async () => {
  // The venue's clock, labelled: "9:05 PM GMT+9" in Tokyo, read in Los Angeles.
  const fires = venueClock(new Date(fireAt), VENUE_ZONE, DEVICE_ZONE);
  const slot = venueClock(new Date(slotStart), VENUE_ZONE, DEVICE_ZONE);
  const deviceTime = new Date(fireAt).toLocaleTimeString('en-US', {
    timeZone: DEVICE_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  });
  expect(fires).toMatch(/ [A-Z]{3,4}|GMT[+-]\d+$/);
  const page = await context.newPage();
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(DEVICE_ZONE);
  for (const base of [h.cloud.url, core.url]) {
    await signIn(page, `${base}/kitchen-display`, KITCHEN_TEXTS.title);
    const held = page.getByTestId('held');
    await expect.poll(() => held.first().textContent(), { timeout: 15_000 }).toBe(KITCHEN_TEXTS.firesAt(fires));
    expect(await held.first().textContent()).not.toContain(deviceTime);

    await page.goto(`${base}/`);
    await page.getByRole('tab', { name: DASHBOARD_TEXTS.tabs.waitlist }).click();
    const upcoming = page.getByTestId('dashboard-reservations').locator('li');
    await expect.poll(() => upcoming.first().textContent(), { timeout: 15_000 }).toContain('Ada Park');
    expect(await upcoming.first().locator('span').first().textContent()).toBe(slot);
    await page.context().clearCookies();
  }
}, 90_000);
