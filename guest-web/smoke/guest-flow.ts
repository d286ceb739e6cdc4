// A by-hand run of the guest flow against a real cloud (its own database on the PostgreSQL
// server) in real Chromium: QR link, check-in, confirmation, menu, cart, order, live status.
// Run: npm run build -w guest-web && npx tsx guest-web/smoke/guest-flow.ts
// Screenshots go to $SMOKE_SHOTS (default /tmp/guest-smoke).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { seedDemo } from '../../cloud/src/db/seed/demo.js';
import { startCloud } from '../../cloud/src/server.js';
import { createTestDatabase } from '../../cloud/src/test/database.js';
import { signIn, tableQrUrl } from '../../scripts/demo.js';

const shots = process.env.SMOKE_SHOTS ?? '/tmp/guest-smoke';
mkdirSync(shots, { recursive: true });
const guestWebDir = fileURLToPath(new URL('../dist', import.meta.url));

function check(condition: unknown, what: string): void {
  if (!condition) throw new Error(`Smoke check failed: ${what}`);
  console.log(`ok - ${what}`);
}

const database = await createTestDatabase();
const seed = await seedDemo(database.db);
const cloud = await startCloud({
  db: database.db,
  databaseUrl: database.url,
  secret: 'smoke-secret-'.repeat(3),
  guestWebDir,
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  // A context of its own, so a second tab of the same phone can be opened later.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`  [browser ${m.type()}] ${m.text()}`);
  });

  // Unknown guest path
  await page.goto(`${cloud.url}/guest/nowhere`);
  await page.getByText('404 Page Not Found').waitFor();
  check(true, 'unknown guest path shows the 404 page');

  // Table QR in table mode
  const qr = new URL(await tableQrUrl({ cloudUrl: cloud.url, tableId: seed.tableIds[0] as string }));
  const token = qr.searchParams.get('token') as string;
  await page.goto(`${cloud.url}/qr/table?token=${encodeURIComponent(token)}`);
  await page.waitForURL(/\/guest\/checkin\?/);
  check(
    new URL(page.url()).searchParams.get('tableId') === seed.tableIds[0],
    'table scan lands on check-in with the table',
  );

  // Bad token shows the server's message
  const bad = await browser.newPage();
  await bad.goto(`${cloud.url}/guest/scan-table?token=nonsense`);
  await bad.getByTestId('scan-error').waitFor();
  console.log(`  scan error text: ${await bad.getByTestId('scan-error').textContent()}`);
  await bad.close();

  // Entrance mode with no such call yet, and check-in with a forged token: the server's words
  const entrance = await browser.newPage();
  await entrance.goto(`${cloud.url}/qr?token=abc`);
  await entrance.getByTestId('scan-error').waitFor();
  console.log(`  entrance scan error text: ${await entrance.getByTestId('scan-error').textContent()}`);
  await entrance.goto(`${cloud.url}/guest/checkin?tableId=${seed.tableIds[1]}&venueId=${seed.venueId}&token=forged`);
  await entrance.getByTestId('checkin-name').fill('Mallory');
  await entrance.getByTestId('checkin-submit').click();
  await entrance.getByText('Check-in Failed').waitFor();
  console.log(`  forged check-in toast: ${await entrance.getByTestId('toast').textContent()}`);
  await entrance.close();

  // Check-in: the name is required
  await page.getByTestId('checkin-submit').click();
  await page.getByText('Name is required').first().waitFor();
  check(true, 'empty name is refused with "Name is required"');
  await page.getByTestId('checkin-name').fill('Ada Smoke');
  await page.getByTestId('checkin-party-size').selectOption('3');
  await page.screenshot({ path: `${shots}/1-checkin.png`, fullPage: true });
  await page.getByTestId('checkin-submit').click();
  await page.waitForURL(/\/guest\/table-confirmation/);
  await page.getByText('Table Confirmed!').waitFor();
  console.log(`  table: ${await page.getByTestId('table-name').textContent()}`);
  await page.screenshot({ path: `${shots}/2-confirmation.png`, fullPage: true });
  await page.getByTestId('to-menu').click();
  await page.waitForURL(/\/guest\/menu/);

  // Menu
  await page.getByTestId('menu-item').first().waitFor();
  const names = await page.getByTestId('menu-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
  console.log(`  menu: ${names.join(', ')}`);
  await page.screenshot({ path: `${shots}/3-menu.png`, fullPage: true });
  await page.getByTestId('menu-search').fill('zzzz-nothing');
  check((await page.getByTestId('menu-item').count()) === 0, 'search with no match hides every dish');
  await page.getByTestId('menu-search').fill('');

  // First dish: quantity 2, every required single-choice group picked, course appetizer
  await page.getByTestId('menu-item').first().click();
  const dialog = page.getByTestId('item-dialog');
  await dialog.waitFor();
  await page.getByTestId('item-quantity').fill('2');
  for (const group of await dialog.getByTestId('modifier-group').all()) {
    const radios = group.locator('input[type=radio]:not(:checked)');
    if ((await radios.count()) > 0) await radios.first().check();
  }
  await page.getByTestId('item-course').selectOption('appetizer');
  await page.screenshot({ path: `${shots}/4-dialog.png`, fullPage: true });
  await page.getByTestId('add-to-cart').click();
  await dialog.waitFor({ state: 'detached' });

  // A drink fires at once
  const drinkName = names.at(-1) as string;
  await page.locator(`[data-testid=menu-item][data-name="${drinkName}"]`).click();
  for (const group of await dialog.getByTestId('modifier-group').all()) {
    const radios = group.locator('input[type=radio]:not(:checked)');
    if ((await radios.count()) > 0) await radios.first().check();
  }
  await page.getByTestId('item-course').selectOption('drink');
  await page.getByTestId('add-to-cart').click();
  await dialog.waitFor({ state: 'detached' });

  // A required choice must be made before the dish goes in the cart
  await page.locator('[data-testid=menu-item][data-name="Buffalo Wings"]').click();
  await page.getByTestId('add-to-cart').click();
  const refusal = await page.getByTestId('item-errors').textContent();
  check(refusal?.includes('Heat'), `a required modifier left empty is refused (${refusal})`);
  await dialog.getByLabel('Hot').check();
  await page.getByTestId('item-quantity').fill('');
  await page.getByTestId('add-to-cart').click();
  check(
    (await page.getByTestId('item-errors').textContent())?.includes('Quantity must be at least 1'),
    'quantity must be at least 1',
  );
  await page.getByTestId('item-quantity').fill('1');
  await page.getByTestId('add-to-cart').click();
  await dialog.waitFor({ state: 'detached' });

  await page.getByTestId('open-cart').click();
  await page.getByTestId('cart').waitFor();
  const cartTotal = await page.getByTestId('cart-total').textContent();
  console.log(`  cart total: ${cartTotal}`);
  await page.screenshot({ path: `${shots}/5-cart.png`, fullPage: true });

  // The cart survives a reload
  await page.reload();
  await page.getByTestId('open-cart').click();
  check((await page.getByTestId('cart-line').count()) === 3, 'the cart survives a reload');

  // The first answer is lost on the way back: the guest sees the failure, keeps the cart, and
  // pressing again sends the same Idempotency-Key, so the cloud does not create a second order.
  let sentKeys: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/orders')) sentKeys.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.route(
    '**/api/orders',
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await page.getByTestId('place-order').click();
  await page.getByText('Unable to place order. Please try again.').waitFor();
  check(await page.getByText('Order Failed').isVisible(), 'a lost answer shows "Order Failed"');
  check((await page.getByTestId('cart-line').count()) === 3, 'the cart is kept after a failure');
  await page.screenshot({ path: `${shots}/5b-order-failed.png` });
  // The unsent order outlives the tab: a new tab of the same phone finds the cart again.
  const secondTab = await phone.newPage();
  await secondTab.goto(page.url());
  await secondTab.getByTestId('open-cart').click();
  check((await secondTab.getByTestId('cart-line').count()) === 3, 'a new tab finds the unsent order in its cart');
  await secondTab.close();
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/guest\/order-status\?sessionId=/);
  const sessionId = new URL(page.url()).searchParams.get('sessionId');
  const orders = await database.db('orders').where({ session_id: sessionId }).count<{ count: string }[]>('* as count');
  check(Number(orders[0]?.count) === 1, 'exactly one order exists after the retry');
  check(
    sentKeys.length === 2 && sentKeys[0] === sentKeys[1] && sentKeys[0] !== '',
    'the retry reused the Idempotency-Key',
  );
  sentKeys = [];
  await page.getByTestId('order-line').first().waitFor();
  const statuses = await page
    .getByTestId('order-line')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  console.log(`  statuses: ${statuses.join(', ')}`);
  const orderTotal = await page.getByTestId('order-total').textContent();
  check(orderTotal === cartTotal, `the cloud's total matches the cart's (${orderTotal})`);
  await page.screenshot({ path: `${shots}/6-status.png`, fullPage: true });

  // Staff start preparing the drink; the guest sees it live
  const cookie = await signIn(cloud.url);
  const kitchen = (await (
    await fetch(`${cloud.url}/api/order-items/kitchen`, { headers: { cookie } })
  ).json()) as Array<{
    id: string;
    status: string;
  }>;
  const fired = kitchen.find((i) => i.status === 'SENT_TO_KITCHEN');
  check(fired, 'a drink was sent to the kitchen at once');
  const res = await fetch(`${cloud.url}/api/order-items/${fired?.id}/status`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ status: 'IN_PREP' }),
  });
  check(res.ok, `staff moved the drink to IN_PREP (${res.status})`);
  await page.locator('[data-testid=order-line][data-status=IN_PREP]').waitFor();
  check(true, 'the order status page shows IN_PREP live');
  await page.screenshot({ path: `${shots}/7-live.png`, fullPage: true });

  // A server orders for the same table from the staff side: the guest sees it without a reload.
  const menu = (await (await fetch(`${cloud.url}/api/menu`, { headers: { cookie } })).json()) as {
    items: Array<{ id: string; name: string; modifiersSchema: Array<{ required: boolean }> }>;
  };
  const plain = menu.items.find((m) => m.modifiersSchema.every((g) => !g.required));
  const staffOrder = await fetch(`${cloud.url}/api/orders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ sessionId, items: [{ menuItemId: plain?.id, quantity: 1, course: 'drink' }] }),
  });
  check(staffOrder.status === 201, `a server ordered ${plain?.name} for the table (${staffOrder.status})`);
  await page.getByTestId('order').nth(1).waitFor();
  check((await page.getByTestId('order').count()) === 2, "the server's order shows on the guest's page live");
  await page.screenshot({ path: `${shots}/7b-staff-order.png`, fullPage: true });

  await page.reload();
  await page.locator('[data-testid=order-line][data-status=IN_PREP]').waitFor();
  check(true, 'the status survives a reload');
  check((await page.getByTestId('order').count()) === 2, 'both orders are read back after a reload');

  // Changes made while the page was closed arrive when it is opened again
  const statusUrl = page.url();
  await page.goto(`${cloud.url}/guest/nowhere`);
  const ready = await fetch(`${cloud.url}/api/order-items/${fired?.id}/status`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ status: 'READY_FOR_RUN' }),
  });
  check(ready.ok, `staff marked the drink ready while the guest was away (${ready.status})`);
  await page.goto(statusUrl);
  await page.locator('[data-testid=order-line][data-status=READY_FOR_RUN]').waitFor();
  check(true, 'a change made while away shows once the page is back');

  // The phone keeps only what spec 3 names; orders and the cart are not in localStorage.
  const kept = await page.evaluate(() => Object.keys(window.localStorage).sort());
  const named = ['guestSessionId', 'guest_session_id', 'guest_qr_token', 'guest_qr_context'];
  check(
    kept.every((key) => named.includes(key)),
    `localStorage holds only the session, QR token and QR context (${kept.join(', ')})`,
  );
} finally {
  await browser.close();
  await cloud.close();
  await database.drop();
}
