import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { type DemoCloud, entranceLink, startDemoCloud } from './support/demo-cloud.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
// Well under the guest menu's 30 s poll: what arrives by then arrived live.
const LIVE_MS = 10_000;

let cloudUrl = '';
let venueId = '';
let db: pg.Client;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

let stack: DemoCloud | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDemoCloud('menu', (dir) => ({ OBJECTS_DIR: join(dir, 'objects') }));
  ({ url: cloudUrl, venueId, db, dataDir } = stack);
});

test.afterAll(async () => {
  await stack?.close();
});

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}

/** A guest walks in, takes the one free table and reaches the menu. */
async function guestAtMenu(page: Page): Promise<void> {
  await db.query(
    `UPDATE tables SET state = CASE WHEN number = '3' THEN 'EMPTY' ELSE 'OCCUPIED' END,
       hold_expires_at = NULL, held_by_session_id = NULL WHERE venue_id = $1`,
    [venueId],
  );
  await page.goto(await entranceLink(cloudUrl, (stack as DemoCloud).staffCookie));
  await page.getByTestId('checkin-name').fill('Ada');
  await page.getByTestId('checkin-party-size').selectOption('2');
  await page.getByTestId('checkin-submit').click();
  await page.getByTestId('pick-table').click();
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  await page.getByTestId('confirm-selection').click();
  await expect(page).toHaveURL(/\/guest\/table-confirmation\?/);
  await page.getByTestId('to-menu').click();
  await expect(page).toHaveURL(/\/guest\/menu\?/);
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
}

/** A photo worth looking at, drawn by Chromium itself: 640×480 PNG bytes. */
async function drawPhoto(page: Page): Promise<Buffer> {
  // Run in the page (the e2e project has no DOM types): a gradient with a plate on it.
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d');
    const gradient = g.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#f59e0b');
    gradient.addColorStop(1, '#b42318');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#fff7ed';
    g.beginPath();
    g.arc(320, 240, 150, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

test('a manager uploads a menu photo and a guest sees it; a dish taken off the menu leaves it live', async ({
  browser,
}) => {
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await phoneContext.newPage();
  await guestAtMenu(guest);
  const dish = (await guest.getByTestId('menu-item').first().getAttribute('data-name')) as string;
  const other = (await guest.getByTestId('menu-item').nth(1).getAttribute('data-name')) as string;
  await expect(guest.locator(`[data-name="${dish}"] img`)).toHaveCount(0);

  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const manager = await managerContext.newPage();
  await manager.goto(`${cloudUrl}/menu-management`);
  await manager.getByTestId('login-email').fill('manager@demo.test');
  await manager.getByTestId('login-password').fill('demo-manager');
  await manager.getByTestId('login-submit').click();
  const card = manager.locator('[data-testid="menu-card"]', { hasText: dish }).first();
  await card.waitFor();

  // A text file named .png: the browser calls it image/png, the cloud reads its bytes.
  const fake = join(dataDir, 'not-a-photo.png');
  writeFileSync(fake, 'this is text, not a picture');
  await card.getByTestId('photo-input').setInputFiles(fake);
  await expect(manager.getByText('Please select a valid image file')).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);

  const photo = join(dataDir, 'dish.png');
  writeFileSync(photo, await drawPhoto(manager));
  await card.getByTestId('photo-input').setInputFiles(photo);
  await expect(manager.getByText('Photo Saved')).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  await shot(manager, 'menu-management-1280');

  // The same screen on a manager's phone, and its item form with the dish's modifier groups.
  const managerPhone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await managerContext.storageState(),
  });
  const small = await managerPhone.newPage();
  await small.goto(`${cloudUrl}/menu-management`);
  await small.getByTestId('menu-card').first().waitFor();
  await shot(small, 'menu-management-390', false);
  await small.getByTestId('menu-add-item').click();
  await small.getByTestId('item-name').fill('Soup of the Day');
  await small.getByTestId('item-price').fill('-2');
  await small.getByTestId('item-category').fill('Starters');
  await small.getByTestId('item-save').click();
  await expect(small.getByText('must be an amount from 0 to 100000')).toBeVisible();
  await small.getByTestId('item-price').fill('7.50');
  await small.getByTestId('item-station').fill('Hot');
  await shot(small, 'menu-item-form-390', false);
  await small.getByTestId('item-save').click();
  await expect(small.getByText('Menu Item Saved')).toBeVisible();
  await expect(small.locator('[data-testid="menu-card"]', { hasText: 'Soup of the Day' })).toBeVisible();
  await managerPhone.close();
  await expect(guest.locator('[data-name="Soup of the Day"]')).toHaveCount(1, { timeout: LIVE_MS });

  // The guest's open menu shows it, live.
  const image = guest.locator(`[data-name="${dish}"] img`);
  await expect(image).toHaveCount(1, { timeout: LIVE_MS });
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(640);
  await shot(guest, 'guest-menu-photo-390');

  // The guest puts the other dish in the cart; the manager takes it off the menu.
  await guest.locator(`[data-name="${other}"] button`).first().click();
  await guest.getByTestId('add-to-cart').click();
  await manager.goto(`${cloudUrl}/menu-orders`);
  await manager.getByRole('tab', { name: 'Menu Management' }).click();
  const row = manager.locator('[data-testid="menu-row"]', { hasText: other }).first();
  await row.getByTestId('availability-toggle').click();
  await expect(row.getByText('Unavailable')).toBeVisible();
  await shot(manager, 'menu-orders-menu-cloud-1280');
  await expect(guest.locator(`[data-name="${other}"]`)).toHaveCount(0, { timeout: LIVE_MS });

  // Ordering it anyway: the cloud refuses with the spec's unavailable message.
  await guest.getByTestId('open-cart').click();
  await guest.getByTestId('place-order').click();
  await expect(guest.getByText(`${other} is not available`)).toBeVisible();
  await shot(guest, 'guest-order-unavailable-390');
  await managerContext.close();
  await phoneContext.close();
});
