import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { type DemoCloud, entranceLink, startDemoCloud } from './support/demo-cloud.js';

const SHOTS_DIR = process.env.SHOTS_DIR;

let cloudUrl = '';
let venueId = '';
let db: pg.Client;

let stack: DemoCloud | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDemoCloud('kitchen');
  ({ url: cloudUrl, venueId, db } = stack);
});

test.afterAll(async () => {
  await stack?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Opens a dish on the guest menu, picks its course and adds it to the cart. */
async function addDish(phone: Page, name: string, course: string): Promise<void> {
  await phone.locator(`[data-testid="menu-item"][data-name="${name}"]`).getByRole('button').click();
  // A required choice (the lemonade's ice) takes its first option.
  const choice = phone.getByTestId('item-dialog').getByRole('radio');
  if ((await choice.count()) > 0) await choice.first().check();
  await phone.getByTestId('item-course').selectOption(course);
  await phone.getByTestId('add-to-cart').click();
  await expect(phone.getByTestId('add-to-cart')).toBeHidden();
}

test('a guest orders two courses; the kitchen batches them, expo sends them, a runner delivers, the guest sees it live', async ({
  browser,
}) => {
  // ---- the guest: walk in, take table 3, order a drink and a starter ----
  await db.query(
    `UPDATE tables SET state = CASE WHEN number = '3' THEN 'EMPTY' ELSE 'OCCUPIED' END WHERE venue_id = $1`,
    [venueId],
  );
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await guestContext.newPage();
  await phone.goto(await entranceLink(cloudUrl, (stack as DemoCloud).staffCookie));
  await phone.getByTestId('checkin-name').fill('Rosa');
  await phone.getByTestId('checkin-party-size').selectOption('2');
  await phone.getByTestId('checkin-submit').click();
  await expect(phone).toHaveURL(/\/guest\/seat-selection/);
  await phone.getByTestId('pick-table').click();
  await expect(phone.getByTestId('hold-countdown')).toBeVisible();
  await phone.getByTestId('confirm-selection').click();
  await expect(phone).toHaveURL(/\/guest\/table-confirmation\?/);
  await phone.getByTestId('to-menu').click();
  await expect(phone).toHaveURL(/\/guest\/menu\?/);
  await addDish(phone, 'House Lemonade', 'drink');
  await addDish(phone, 'Caesar Salad', 'appetizer');
  await phone.getByTestId('open-cart').click();
  await expect(phone.getByTestId('cart-line')).toHaveCount(2);
  await phone.getByTestId('place-order').click();
  await expect(phone).toHaveURL(/\/guest\/order-status\?/);
  const lines = phone.getByTestId('order-line');
  await expect(lines).toHaveCount(2);
  const orderId = (await phone.getByTestId('order').getAttribute('data-order-id')) as string;

  // The starter is held five minutes after ordering; here its time comes at once, and the cloud's
  // course firer (every second) sends it to the kitchen.
  await db.query(`UPDATE order_items SET fire_at = now() WHERE order_id = $1`, [orderId]);

  // ---- the kitchen: Start All Pending, Mark All Ready ----
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  await staff.goto(`${cloudUrl}/kitchen-display`);
  await staff.getByTestId('login-email').fill('manager@demo.test');
  await staff.getByTestId('login-password').fill('demo-manager');
  await staff.getByTestId('login-submit').click();
  const card = (status: string) => staff.locator(`[data-testid="kitchen-card"][data-status="${status}"]`);
  await expect(card('SENT_TO_KITCHEN')).toHaveCount(2, { timeout: 15_000 });
  await shot(staff, 'journey-kitchen-1280');
  await staff.getByRole('button', { name: 'Start All Pending' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Start 2' }).click();
  await expect(card('IN_PREP')).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Preparing' })).toHaveCount(2);
  await staff.getByRole('button', { name: 'Mark All Ready' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Mark 2 ready' }).click();
  // bumped, the tickets leave the line for the pass
  await expect(staff.getByTestId('kitchen-card')).toHaveCount(0);

  // ---- expo: Send to Runner, a course at a time (the drink and the starter are two tickets) ----
  await staff.getByRole('tab', { name: 'Expo' }).click();
  const expo = staff.locator(`[data-testid="expo-order"][data-order-id="${orderId}"]`);
  await expect(expo).toHaveCount(2);
  const send = expo.getByRole('button', { name: 'Send to Runner' });
  await send.first().click();
  await expect(send).toHaveCount(1);
  await send.first().click();
  await expect(send).toHaveCount(0);
  await expect(staff.getByText('Sent to Expo').first()).toBeVisible();
  await expect(expo.getByTestId('expo-sent')).toHaveCount(2);

  // ---- the runner: choose a runner, Pick Up, Delivered ----
  await staff.goto(`${cloudUrl}/runner-interface`);
  const tickets = staff.locator('[data-testid="runner-order"]', { hasText: 'Table 3' });
  await expect(tickets).toHaveCount(2);
  const waiting = tickets.and(staff.locator('[data-status="READY_FOR_RUN"]'));
  await expect(waiting).toHaveCount(2);
  // The manager is no runner: Pick Up waits until a runner is chosen.
  await expect(waiting.first().getByRole('button', { name: 'Pick Up' })).toBeDisabled();
  await staff.getByTestId('runner-select').selectOption({ label: 'Alex Rivera' });
  await waiting.first().getByRole('button', { name: 'Pick Up' }).click();
  await expect(waiting).toHaveCount(1);
  await waiting.first().getByRole('button', { name: 'Pick Up' }).click();
  await expect(waiting).toHaveCount(0);
  await expect(lines.filter({ hasText: 'Out for Delivery' })).toHaveCount(2);
  await shot(staff, 'journey-runner-1280');
  const out = tickets.and(staff.locator('[data-status="OUT_FOR_DELIVERY"]'));
  await out.first().getByRole('button', { name: 'Delivered' }).click();
  await expect(out).toHaveCount(1);
  await out.first().getByRole('button', { name: 'Delivered' }).click();
  await expect(tickets).toHaveCount(0);

  // ---- the guest's page, never reloaded, shows every dish delivered ----
  await expect(phone.locator('[data-testid="order-line"][data-status="DELIVERED"]')).toHaveCount(2, {
    timeout: 10_000,
  });
  await expect(lines.filter({ hasText: 'Delivered' })).toHaveCount(2);
  await shot(phone, 'journey-guest-delivered-390');
  const events = await db.query(`SELECT type FROM events WHERE payload_json->>'orderId' = $1 ORDER BY seq`, [orderId]);
  // One ticket per course: each readied for the run and delivered.
  expect(events.rows.map((r) => r.type)).toEqual([
    'order.ready_for_run',
    'order.ready_for_run',
    'order.delivered',
    'order.delivered',
  ]);
  const updates = await db.query(
    `SELECT payload_json->'order'->>'status' AS status FROM events
      WHERE type = 'runner.order.updated' AND payload_json->'order'->>'orderId' = $1 ORDER BY seq`,
    [orderId],
  );
  expect(updates.rows.map((r) => r.status)).toEqual([
    'READY_FOR_RUN',
    'READY_FOR_RUN',
    'OUT_FOR_DELIVERY',
    'OUT_FOR_DELIVERY',
    'DELIVERED',
    'DELIVERED',
  ]);
  await staffContext.close();
  await guestContext.close();
});
