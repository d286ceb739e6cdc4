// Expo works by what is ready (issue 22), in real Chromium on a real cloud and terminal core: a
// table's drinks are ready while its dessert is held for later; the pass lists the drinks (not
// "No orders ready for the pass"), Send to Runner sends them and the runner interface shows their
// ticket; then Fire now on the held dessert's card sends it to the kitchen early, on the terminal,
// and the cloud gets it through the outbox. Screenshots (KITCHEN_SHOTS, default the temp folder)
// at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { KITCHEN_FLOW_TEXTS, KITCHEN_TEXTS, RUNNER_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Client, checkInGuest, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.KITCHEN_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let staff: Client;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('expo-ready');
  ({ h, core, browser } = stack);
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function signIn(p: Page, url: string): Promise<void> {
  await p.goto(url);
  await p.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await p.getByTestId('login-password').fill(PASSWORD);
  await p.getByTestId('login-submit').click();
  await p.getByRole('heading', { name: KITCHEN_TEXTS.title }).waitFor();
}

const itemsOf = async (orderId: string) =>
  (await h.database.db('order_items').where({ order_id: orderId }).orderBy('sort_order')) as {
    id: string;
    course: string;
    status: string;
    fire_at: Date;
  }[];

it('lists ready drinks on the pass while the dessert is held; Fire now sends the dessert early', async () => {
  const a = h.fixture.a;
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: a.menu.lemonade, quantity: 2, course: 'drink' },
      { menuItemId: a.menu.cake, quantity: 1, course: 'dessert' },
    ],
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.id as string;
  const [drink, dessert] = await itemsOf(orderId);
  expect([drink?.status, dessert?.status]).toEqual(['SENT_TO_KITCHEN', 'CONFIRMED']);
  // The bar makes the lemonade; the cheesecake waits for its course.
  const moved = await staff.post('/api/order-items/batch-update', {
    updates: [
      { id: drink?.id, status: 'IN_PREP' },
      { id: drink?.id, status: 'READY_FOR_RUN' },
    ],
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);

  // The pass on the terminal's kitchen display.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(page, `${core.url}/kitchen-display`);
  await page.getByRole('tab', { name: KITCHEN_TEXTS.viewExpo }).click();
  const drinks = page.locator(`[data-testid="expo-order"][data-order-id="${orderId}"][data-course="drink"]`);
  await drinks.waitFor({ timeout: 15_000 });
  expect(await page.getByText(KITCHEN_TEXTS.noExpoOrders).count()).toBe(0);
  expect(await drinks.getByTestId('expo-ready-item').allTextContents()).toEqual([expect.stringContaining('Lemonade')]);
  expect(await drinks.textContent()).toContain(KITCHEN_FLOW_TEXTS.laterCourses(1));
  await page.screenshot({ path: join(shots, 'expo-ready-drinks-1280.png'), fullPage: true });
  await drinks.getByRole('button', { name: KITCHEN_TEXTS.sendToRunner }).click();
  await drinks.getByTestId('expo-sent').waitFor();

  // The runners see the drinks' ticket, the dessert still held.
  // A phone with the same sign-in.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const runnerPage = await phone.newPage();
  await runnerPage.goto(`${core.url}/runner-interface`);
  await runnerPage.getByRole('heading', { name: RUNNER_TEXTS.title }).waitFor();
  const ticket = runnerPage.locator(`[data-testid="runner-order"][data-order-id="${orderId}"]`);
  await ticket.waitFor({ timeout: 15_000 });
  expect(await ticket.textContent()).toContain('Lemonade');
  expect(await ticket.textContent()).not.toContain('Cheesecake');
  await runnerPage.screenshot({ path: join(shots, 'expo-ready-runner-390.png'), fullPage: true });

  // Fire now on the held dessert's ticket.
  await page.getByRole('tab', { name: KITCHEN_TEXTS.viewStation }).click();
  const cake = page.locator('[data-testid="kitchen-ticket"][data-stage="held"]', {
    has: page.locator(`[data-testid="kitchen-card"][data-item-id="${dessert?.id}"]`),
  });
  await cake.getByTestId('held').waitFor();
  await page.screenshot({ path: join(shots, 'expo-ready-held-1280.png'), fullPage: true });
  const fire = cake.getByRole('button', { name: KITCHEN_FLOW_TEXTS.fireNow });
  const box = await fire.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await fire.click();
  await page.getByText(KITCHEN_FLOW_TEXTS.firedTitle).first().waitFor();
  await page
    .locator(`[data-testid="kitchen-card"][data-item-id="${dessert?.id}"][data-status="SENT_TO_KITCHEN"]`)
    .waitFor();
  expect(await cake.count()).toBe(0);
  await page.screenshot({ path: join(shots, 'expo-ready-fired-1280.png'), fullPage: true });

  // The cloud fired it through the terminal's outbox, its fire time moved up to now.
  await expect.poll(async () => (await itemsOf(orderId))[1]?.status, { timeout: 30_000 }).toBe('SENT_TO_KITCHEN');
  expect(core.status().outbox.rejected).toEqual([]);
  const firedAt = (await itemsOf(orderId))[1]?.fire_at;
  expect(firedAt && new Date(firedAt).getTime()).toBeLessThan(new Date(dessert?.fire_at ?? 0).getTime());
  await phone.close();
  await page.close();
}, 180_000);
