// Orders and menu (/menu-orders) in real Chromium, served by a real terminal core synced from a
// real cloud: a guest's order in Active Orders (last 8 of its id, table, item count, status,
// total), its details with priority and Cancel Item, and the Menu tab's availability toggle
// reaching the cloud; then the same toggle while the cloud is down, through the outbox. Menu
// management on the terminal says it needs the cloud. Screenshots (MENU_SHOTS, default the temp
// folder) at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  MENU_MANAGEMENT_TEXTS,
  MENU_ORDERS_TEXTS,
  MESSAGES,
  type MenuAnswer,
  type Order,
  SHELL_TEXTS,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { checkInGuest, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.MENU_SHOTS ?? tmpdir();
const T = MENU_ORDERS_TEXTS;

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let order: Order;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('menu-orders');
  ({ h, core, browser } = stack);
  const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
      { menuItemId: h.fixture.a.menu.cake, quantity: 1, course: 'dessert' },
    ],
  });
  order = placed.body as Order;
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const cloudMenu = async () => {
  const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  return (await staff.get('/api/menu')).body as MenuAnswer;
};
const friesOnCloud = async () => (await cloudMenu()).items.find((i) => i.name === 'Fries')?.isAvailable;

it('lists the active order, changes its priority and cancels its held dessert', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  await page.goto(`${core.url}/menu-orders`);
  // A manager: the menu management screen below is shown only to those who may edit the menu.
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: T.title }).waitFor();
  const row = page.locator(`[data-order-id="${order.id}"]`);
  await row.waitFor({ timeout: 15_000 });
  const cells = await row.locator('td').allTextContents();
  expect(cells.slice(0, 5)).toEqual([order.id.slice(-8), 'Table 1', T.itemCount(3), 'Confirmed', `$${order.total}`]);
  await page.screenshot({ path: join(shots, 'menu-orders-1280.png'), fullPage: true });

  await row.getByRole('button', { name: T.viewDetails }).click();
  const details = page.getByRole('dialog');
  await details.getByTestId('order-priority').selectOption('urgent');
  await page.getByText(T.priorityChangedTitle).waitFor();
  await row.getByText(T.priorityLabels.urgent).waitFor();
  // The drink went to the kitchen at once: only the dessert can still be cancelled.
  expect(await details.getByTestId('cancel-item').count()).toBe(1);
  await page.screenshot({ path: join(shots, 'menu-orders-details-1280.png'), fullPage: true });
  await details.getByTestId('cancel-item').click();
  await page.getByText(T.itemCancelledTitle).waitFor();
  // 2 × 3.50 = 7.00, tax 0.61.
  await expect.poll(() => details.getByTestId('order-total').textContent()).toBe('$7.61');
  expect(await details.getByTestId('order-line').count()).toBe(1);

  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const onCloud = ((await staff.get('/api/orders')).body as Order[]).find((o) => o.id === order.id);
  expect(onCloud).toMatchObject({ priority: 'urgent', total: '7.61' });
  expect(onCloud?.items.map((i) => i.menuItemName)).toEqual(['Lemonade']);

  // Staff order more for the table: a burger, its required temperature left out first.
  await details.getByTestId('add-items').click();
  const entry = page.getByRole('dialog');
  await entry.getByTestId('entry-dish').selectOption({ label: 'Burger · $12.50' });
  await entry.getByTestId('entry-send').click();
  await entry.getByText(MESSAGES.modifierRequired('Temperature', 'Burger')).waitFor();
  await entry.getByTestId('modifier-temp').selectOption('rare');
  await page.screenshot({ path: join(shots, 'menu-orders-add-items-1280.png'), fullPage: true });
  await entry.getByTestId('entry-send').click();
  await page.getByText(T.itemsAddedTitle).waitFor();
  await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
  await expect.poll(() => core.status().outbox.pending, { timeout: 15_000 }).toBe(0);
  const orders = (await staff.get('/api/orders')).body as Order[];
  const added = orders.find((o) => o.id !== order.id);
  // 12.50 + tax 1.09, priced by the cloud as by the terminal.
  expect(added).toMatchObject({ tableName: 'Table 1', total: '13.59', sessionId: order.sessionId });
  expect(added?.items[0]?.modifiers.map((m) => m.optionName)).toEqual(['Rare']);
  await details.getByRole('button', { name: T.close }).click();
}, 90_000);

it('takes an item off the menu from the Menu tab, and the cloud follows', async () => {
  await page.getByRole('tab', { name: T.tabs.menu }).click();
  const fries = page.locator('[data-testid="menu-row"]', { hasText: 'Fries' });
  await fries.getByTestId('availability-toggle').uncheck();
  await page.getByText(T.madeUnavailableTitle).waitFor();
  await fries.getByText(T.unavailable).waitFor();
  await expect.poll(friesOnCloud, { timeout: 15_000 }).toBe(false);
  await page.screenshot({ path: join(shots, 'menu-orders-menu-1280.png'), fullPage: true });

  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`${core.url}/menu-orders`);
  await phone.getByTestId('order-row').first().waitFor();
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await phone.screenshot({ path: join(shots, 'menu-orders-390.png'), fullPage: true });
  await phone.getByRole('tab', { name: T.tabs.menu }).click();
  await phone.getByTestId('menu-row').first().waitFor();
  await phone.screenshot({ path: join(shots, 'menu-orders-menu-390.png'), fullPage: true });
  // Menu management needs the cloud: the terminal says so.
  await phone.goto(`${core.url}/menu-management`);
  await phone.getByText(MENU_MANAGEMENT_TEXTS.needsCloud).waitFor();
  await phone.screenshot({ path: join(shots, 'menu-management-terminal-390.png'), fullPage: true });
  await phoneContext.close();
}, 90_000);

it('puts an item back on the menu while the cloud is down; it reaches the cloud once it returns', async () => {
  await h.cloud.close();
  await page.getByTestId('terminal-offline').waitFor({ timeout: 30_000 });
  const fries = page.locator('[data-testid="menu-row"]', { hasText: 'Fries' });
  await page.screenshot({ path: join(shots, 'menu-orders-offline-before.png'), fullPage: true });
  await fries.getByTestId('availability-toggle').click();
  await fries.getByText(T.available).waitFor();
  await page.screenshot({ path: join(shots, 'menu-orders-offline-1280.png'), fullPage: true });
  expect(core.status().outbox.pending).toBe(1);
  h.cloud = await h.startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 30_000 }).toBe(0);
  expect(await friesOnCloud()).toBe(true);
  // The cloud's own event came back to the replica without undoing anything.
  await fries.getByText(T.available).waitFor();
}, 90_000);
