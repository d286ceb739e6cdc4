// Issue 26: a manager works the dashboard's buttons and each action shows on the owning screen's
// data: Payments & Exits' Verify completes a guest's cash, the waitlist's Seat Now seats a party,
// Kitchen/Expo's Mark READY readies an item. Analytics then shows the revenue just paid.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import { apiCall, seatedParty } from './support/guest-party.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let cloud: DemoCloud;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cloud = await startDemoCloud('dash26');
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});
test.afterAll(async () => {
  await cloud?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function managerAt(browser: Browser, path: string, viewport = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext({ viewport, timezoneId: 'America/New_York' })).newPage();
  await page.goto(`${cloud.url}${path}`);
  await page.getByTestId('login-email').fill('manager@demo.test');
  await page.getByTestId('login-password').fill('demo-manager');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-submit')).toHaveCount(0, { timeout: 15_000 });
  return page;
}

const staff = (method: string, path: string, body?: unknown) => apiCall(cloud, cloud.staffCookie, method, path, body);

test('the dashboard verifies, seats and readies through the owning calls, and analytics shows the revenue', async ({
  browser,
}) => {
  // the screenshots' extra pages take longer on a shared machine
  test.setTimeout(SHOTS_DIR ? 300_000 : 120_000);
  // A party whose guest pays the whole bill in cash: the payment waits for staff.
  const party = await seatedParty(cloud, '5', { guestName: 'Dee', partySize: 2, dishes: 2 });
  const bill = (await apiCall(cloud, party.guestCookie, 'GET', `/api/orders/payment/${party.sessionId}`)).body;
  await apiCall(cloud, party.guestCookie, 'POST', '/api/payments/process', {
    sessionId: party.sessionId,
    billVersion: bill.version,
    totalAmount: bill.total,
    splits: [{ id: 'all', amount: bill.total, paymentMethod: 'cash' }],
  });
  // A party in line, and a dish the grill has started.
  const entry = (await staff('POST', '/api/waitlist', { name: 'Eve Line', phone: '555-0101', partySize: 2 })).body;
  // the mains are held for their course: fired now, as the kitchen's Fire now does
  const held = (await staff('GET', '/api/order-items/kitchen')).body as { id: string; orderId: string }[];
  await staff('POST', `/api/orders/${held[0]?.orderId}/fire`, { course: 'main' });
  const kitchen = (await staff('GET', '/api/order-items/kitchen')).body as { id: string; status: string }[];
  const cooking = kitchen.find((i) => i.status === 'SENT_TO_KITCHEN');
  expect(cooking, JSON.stringify(kitchen.map((i) => i.status))).toBeDefined();
  await staff('POST', `/api/order-items/${cooking?.id}/status`, { status: 'IN_PREP' });

  const page = await managerAt(browser, '/');
  await expect(page.getByTestId('stat-payments-value')).toHaveText('1', { timeout: 15_000 });
  await shot(page, 'dashboard-overview-1280');

  // Payments & Exits: Verify completes the cash, as the payments screen's Verify does.
  await page.getByTestId('dashboard-tab-payments').click();
  const row = page.getByTestId('payment-exit-row').first();
  await expect(row).toContainText(`$${bill.total}`);
  await shot(page, 'dashboard-payments-1280');
  await row.getByTestId('payment-verify').click();
  await expect(row).toContainText('Verified', { timeout: 15_000 });
  const payments = (await staff('GET', '/api/payments')).body as { sessionId: string; status: string }[];
  expect(payments.find((p) => p.sessionId === party.sessionId)?.status).toBe('COMPLETED');

  // Waitlist & Reservations: Seat Now seats the party at a free table.
  await page.getByTestId('dashboard-tab-waitlist').click();
  await page.getByTestId('dash-waitlist-row').filter({ hasText: 'Eve Line' }).getByTestId('dash-seat-now').click();
  await page.getByTestId('seat-choice').and(page.locator(':enabled')).first().click();
  await expect(page.getByTestId('dash-waitlist-row').filter({ hasText: 'Eve Line' })).toHaveCount(0, {
    timeout: 15_000,
  });
  const seated = (await staff('GET', `/api/waitlist/${entry.id}`)).body;
  expect(seated.status).toBe('SEATED');

  // Kitchen/Expo: Mark READY moves the item, as the kitchen display's Ready does.
  await page.getByTestId('dashboard-tab-kitchen').click();
  await shot(page, 'dashboard-kitchen-1280');
  await page
    .getByTestId('dash-expo-item')
    .filter({ has: page.locator('[data-testid="dash-mark-ready"]:enabled') })
    .first()
    .getByTestId('dash-mark-ready')
    .click();
  await expect
    .poll(
      async () =>
        ((await staff('GET', '/api/order-items/kitchen')).body as { id: string; status: string }[]).find(
          (i) => i.id === cooking?.id,
        )?.status,
    )
    .toBe('READY_FOR_RUN');

  // The Activity Feed reads the stored history: it is there after a reload.
  await page.reload();
  await page.getByTestId('dashboard-tab-activity').click();
  await expect(page.getByTestId('activity-entry').first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'dashboard-activity-1280');

  // Analytics: today's revenue includes the cash just verified.
  const analytics = await managerAt(browser, '/analytics');
  await analytics.getByTestId('analytics-preset').selectOption('today');
  await expect(analytics.getByTestId('an-revenue')).toContainText(`$${bill.total}`, { timeout: 15_000 });
  await shot(analytics, 'analytics-overview-1280');
  await analytics.getByTestId('analytics-tab-revenue').click();
  await shot(analytics, 'analytics-revenue-1280');
  await analytics.getByTestId('analytics-tab-operations').click();
  await shot(analytics, 'analytics-operations-1280');

  if (SHOTS_DIR) {
    const phone = await managerAt(browser, '/', PHONE);
    await expect(phone.getByTestId('dashboard')).toBeVisible();
    await shot(phone, 'dashboard-overview-390');
    await phone.getByTestId('dashboard-tab-payments').click();
    await shot(phone, 'dashboard-payments-390');
    const phoneAnalytics = await managerAt(browser, '/analytics', PHONE);
    await phoneAnalytics.getByTestId('analytics-preset').selectOption('today');
    await expect(phoneAnalytics.getByTestId('an-revenue')).toBeVisible({ timeout: 15_000 });
    await shot(phoneAnalytics, 'analytics-overview-390');
    await phoneAnalytics.getByTestId('analytics-tab-revenue').click();
    await shot(phoneAnalytics, 'analytics-revenue-390');
  }
});
