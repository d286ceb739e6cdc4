// A Saturday night, end to end (issue 22): one evening of a restaurant run across every screen at
// once, on the cloud and on the terminal, with real processes (PostgreSQL, the cloud, a terminal
// core, the printer emulator) and Chromium. Two parties order drinks, starters, mains and
// desserts; the courses are held as the menu says; the drinks run before the mains; a course is
// fired early; one party pays before its dessert, which still arrives, and leaves; a card is
// refused and then paid; a share is paid in cash; the table turns over only after its party has
// left; the party on the waitlist sits down at the freed table. At each step the test checks what
// every open screen shows.
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { entranceLink } from './support/demo-cloud.js';
import { apiCall } from './support/guest-party.js';
import { startVenueStack, type VenueStack } from './support/venue-stack.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// A control that never comes fails its step, not the whole evening's time.
test.use({ actionTimeout: 20_000 });

let stack: VenueStack;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startVenueStack('night', () => ({ PAYMENTS_DEMO: '1' }));
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await stack?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `night-${name}.png`), fullPage: true });
}

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC' });
  contexts.push(context);
  const page = await context.newPage();
  // Any uncaught error on any screen fails the evening.
  page.on('pageerror', (error) => {
    throw new Error(`Uncaught page error on ${page.url()}: ${error.message}`);
  });
  return page;
}

/** A staff screen signed in as `who` (password of the demo's floor staff, or the manager's). */
async function staffScreen(
  browser: Browser,
  base: string,
  path: string,
  who: string,
  viewport = DESKTOP,
): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.goto(`${base}${path}`);
  await page.getByTestId('login-email').fill(`${who}@demo.test`);
  await page.getByTestId('login-password').fill(who === 'manager' ? 'demo-manager' : 'demo-staff');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-submit')).toHaveCount(0, { timeout: 15_000 });
  return page;
}

/** A guest phone that opened the table's QR link and checked in; it lands on the menu. */
async function guestAtTable(browser: Browser, tableId: string, name: string, size: string): Promise<Page> {
  const { url } = (await apiCall(stack.cloud, stack.cloud.staffCookie, 'GET', `/api/tables/${tableId}/qr`)).body as {
    url: string;
  };
  const phone = await newPage(browser, PHONE);
  await phone.goto(url);
  await phone.getByTestId('checkin-name').fill(name);
  await phone.getByTestId('checkin-party-size').selectOption(size);
  await phone.getByTestId('checkin-submit').click();
  await phone.getByTestId('to-menu').click();
  await expect(phone).toHaveURL(/\/guest\/menu\?/);
  return phone;
}

/** Adds a dish on its default course (the one its category names), its required choices first. */
async function addDish(phone: Page, name: string, course: string): Promise<void> {
  await phone.locator(`[data-testid="menu-item"][data-name="${name}"]`).getByRole('button').click();
  const dialog = phone.getByTestId('item-dialog');
  const groups = dialog.getByTestId('modifier-group');
  for (let g = 0; g < (await groups.count()); g++) {
    const choice = groups.nth(g).getByRole('radio');
    if ((await choice.count()) > 0) await choice.first().check();
  }
  await expect(dialog.getByTestId('item-course')).toHaveValue(course);
  await dialog.getByTestId('add-to-cart').click();
  await expect(dialog).toBeHidden();
}

async function placeOrder(phone: Page, lines: number): Promise<string> {
  await phone.getByTestId('open-cart').click();
  await expect(phone.getByTestId('cart-line')).toHaveCount(lines);
  await phone.getByTestId('place-order').click();
  await expect(phone).toHaveURL(/\/guest\/order-status\?/, { timeout: 15_000 });
  await expect(phone.getByTestId('order-line')).toHaveCount(lines);
  return (await phone.getByTestId('order').getAttribute('data-order-id')) as string;
}

const tableState = async (id: string) =>
  (
    (await stack.cloud.db.query('SELECT state FROM tables WHERE id = $1', [id])).rows[0] as {
      state: string;
    }
  ).state;

test('a Saturday night: two parties, held courses, drinks first, a course fired early, paid before dessert, a refused card, a cash share, turnover after leaving, the waitlist seated', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const { cloud, terminalUrl } = stack;
  const db = cloud.db;

  // ---- the floor: tables 1 (two seats) and 4 (four) free, every other table taken, nobody waiting ----
  await db.query(
    `UPDATE tables SET state = CASE WHEN number IN ('1', '4') THEN 'EMPTY' ELSE 'OCCUPIED' END, hold_expires_at = NULL
      WHERE venue_id = $1`,
    [cloud.venueId],
  );
  await db.query("UPDATE waitlist SET status = 'CANCELLED' WHERE venue_id = $1 AND status IN ('WAITING','NOTIFIED')", [
    cloud.venueId,
  ]);
  const tables = (
    await db.query("SELECT id, name, number FROM tables WHERE venue_id = $1 AND number IN ('1','4') ORDER BY number", [
      cloud.venueId,
    ])
  ).rows as { id: string; name: string; number: string }[];
  const [t1, t4] = tables as [(typeof tables)[0], (typeof tables)[0]];

  // ---- the screens of the evening, open at once ----
  const kitchen = await staffScreen(browser, terminalUrl, '/kitchen-display', 'kitchen');
  const runner = await staffScreen(browser, cloud.url, '/runner-interface', 'runner', PHONE);
  const dashboard = await staffScreen(browser, cloud.url, '/', 'manager');

  // ---- two parties sit down and order: a drink, a starter, a main and a dessert each ----
  const ana = await guestAtTable(browser, t1.id, 'Ana', '2');
  await addDish(ana, 'Iced Tea', 'drink');
  await addDish(ana, 'Crispy Calamari', 'appetizer');
  await addDish(ana, 'Classic Burger', 'main');
  await addDish(ana, 'Chocolate Lava Cake', 'dessert');
  const anaOrder = await placeOrder(ana, 4);
  const bo = await guestAtTable(browser, t4.id, 'Bo', '3');
  await addDish(bo, 'House Lemonade', 'drink');
  await addDish(bo, 'Grilled Salmon', 'main');
  await addDish(bo, 'New York Cheesecake', 'dessert');
  const boOrder = await placeOrder(bo, 3);
  await shot(ana, 'ana-ordered-390');
  expect(anaOrder).not.toBe(boOrder);

  // The kitchen sees only what has fired: the two drinks. The rest is held by course, shown as
  // held with the time it fires.
  // One ticket per table and course; its items inside. A held ticket says when it fires.
  const heldTicket = (text: string) =>
    kitchen.locator('[data-testid="kitchen-ticket"][data-stage="held"]', { hasText: text });
  const live = (text: string) =>
    kitchen
      .locator('[data-testid="kitchen-ticket"]:not([data-stage="held"])')
      .locator('[data-testid="kitchen-card"]', { hasText: text });
  await expect(live('Iced Tea')).toHaveCount(1, { timeout: 15_000 });
  await expect(live('House Lemonade')).toHaveCount(1);
  for (const held of ['Crispy Calamari', 'Classic Burger', 'Chocolate Lava Cake', 'Grilled Salmon']) {
    await expect(live(held)).toHaveCount(0);
    await expect(heldTicket(held)).toHaveCount(1);
  }
  await shot(kitchen, 'kitchen-drinks-1280');

  // ---- the drinks run before the mains: ready, on the pass, picked up, delivered ----
  for (const drink of ['Iced Tea', 'House Lemonade']) {
    await live(drink).getByRole('button', { name: 'Start Prep' }).click();
    await live(drink).getByRole('button', { name: 'Ready', exact: true }).click();
  }
  await kitchen.getByRole('tab', { name: 'Expo' }).click();
  // Drinks ready while the rest is held: the pass has them, course by course.
  await expect(kitchen.getByText('No orders ready for the pass')).toHaveCount(0);
  for (const order of [anaOrder, boOrder]) {
    const expo = kitchen.locator(`[data-testid="expo-order"][data-order-id="${order}"][data-course="drink"]`);
    await expect(expo).toBeVisible({ timeout: 15_000 });
    await expo.getByRole('button', { name: 'Send to Runner' }).click();
    await expect(expo.getByTestId('expo-sent')).toBeVisible();
  }
  await shot(kitchen, 'expo-drinks-1280');
  // The runner signed in on her phone is the one chosen: Pick Up works at once.
  for (const drink of ['Iced Tea', 'House Lemonade']) {
    const run = runner.locator('[data-testid="runner-order"]', { hasText: drink });
    await expect(run).toHaveAttribute('data-status', 'READY_FOR_RUN', { timeout: 15_000 });
    await run.getByRole('button', { name: 'Pick Up' }).click();
    await expect(run).toHaveAttribute('data-status', 'OUT_FOR_DELIVERY');
    await run.getByRole('button', { name: 'Delivered' }).click();
    await expect(run).toHaveCount(0);
  }
  await shot(runner, 'runner-drinks-390');
  const line = (phone: Page, dish: string) => phone.locator('[data-testid="order-line"]', { hasText: dish });
  await expect(line(ana, 'Iced Tea')).toHaveAttribute('data-status', 'DELIVERED', { timeout: 15_000 });
  await expect(line(bo, 'House Lemonade')).toHaveAttribute('data-status', 'DELIVERED');
  await expect(line(ana, 'Classic Burger')).not.toHaveAttribute('data-status', 'DELIVERED');

  // ---- a course fired early: Ana's starter, from its held ticket on the kitchen display ----
  await kitchen.getByRole('tab', { name: 'Station' }).click();
  await heldTicket('Crispy Calamari').getByTestId('fire-now').click();
  await expect(live('Crispy Calamari')).toHaveCount(1, { timeout: 15_000 });
  await expect(live('Classic Burger')).toHaveCount(0);
  // The Fry station's printer printed its ticket, once.
  await expect
    .poll(async () => JSON.stringify(await (await fetch(`${stack.printerUrl}/tickets`)).json()))
    .toContain('Calamari');

  // ---- the mains come due (their course time reached) and everything fired is served ----
  await db.query("UPDATE order_items SET fire_at = now() WHERE order_id = ANY($1) AND course = 'main'", [
    [anaOrder, boOrder],
  ]);
  await expect(live('Classic Burger')).toHaveCount(1, { timeout: 20_000 });
  await expect(live('Grilled Salmon')).toHaveCount(1);
  for (const dish of ['Crispy Calamari', 'Classic Burger', 'Grilled Salmon']) {
    await live(dish).getByRole('button', { name: 'Start Prep' }).click();
    await live(dish).getByRole('button', { name: 'Ready', exact: true }).click();
  }
  await kitchen.getByRole('tab', { name: 'Expo' }).click();
  await runOut(['Crispy Calamari', 'Classic Burger', 'Grilled Salmon']);
  await expect(line(ana, 'Classic Burger')).toHaveAttribute('data-status', 'DELIVERED', { timeout: 15_000 });
  await expect(line(bo, 'Grilled Salmon')).toHaveAttribute('data-status', 'DELIVERED');
  await expect(line(ana, 'Chocolate Lava Cake')).not.toHaveAttribute('data-status', 'DELIVERED');

  // ---- Ana's party pays before its dessert: the table is paid, not turned over ----
  await ana.goto(`${cloud.url}/guest/payment?sessionId=${await sessionOf(t1.id)}&tableId=${t1.id}`);
  await ana.getByTestId('mode-full').click();
  await ana.getByTestId('method-card').click();
  await ana.getByTestId('card-number').fill('4242 4242 4242 4242');
  await ana.getByTestId('share').first().getByTestId('pay-share').click();
  await expect(ana).toHaveURL(/\/guest\/exit\?sessionId=/, { timeout: 15_000 });
  await expect.poll(() => tableState(t1.id)).toBe('PAYMENT_VERIFIED');
  expect(await tasksOf(t1.id)).toEqual([]);
  // The dashboard says what the table is: paid, with its dessert still to serve.
  await expect(dashboard.getByTestId('table-service-note').first()).toHaveText('Paid · 1 item to serve', {
    timeout: 15_000,
  });
  await shot(dashboard, 'dashboard-paid-to-serve-1280');

  // ---- the dessert still arrives ----
  await db.query("UPDATE order_items SET fire_at = now() WHERE order_id = $1 AND course = 'dessert'", [anaOrder]);
  await kitchen.getByRole('tab', { name: 'Station' }).click();
  await expect(live('Chocolate Lava Cake')).toHaveCount(1, { timeout: 20_000 });
  await live('Chocolate Lava Cake').getByRole('button', { name: 'Start Prep' }).click();
  await live('Chocolate Lava Cake').getByRole('button', { name: 'Ready', exact: true }).click();
  await kitchen.getByRole('tab', { name: 'Expo' }).click();
  await runOut(['Chocolate Lava Cake']);
  await ana.goto(`${cloud.url}/guest/order-status?orderId=${anaOrder}`);
  await expect(line(ana, 'Chocolate Lava Cake')).toHaveAttribute('data-status', 'DELIVERED', { timeout: 15_000 });
  // Everything served, but the party is still at the table: no turnover yet.
  expect(await tableState(t1.id)).toBe('PAYMENT_VERIFIED');
  expect(await tasksOf(t1.id)).toEqual([]);

  // ---- a party walks in: nothing is free, so it waits ----
  const cy = await newPage(browser, PHONE);
  await cy.goto(await entranceLink(cloud.url, cloud.staffCookie));
  await cy.getByTestId('checkin-name').fill('Cy');
  await cy.getByTestId('checkin-party-size').selectOption('2');
  await cy.getByTestId('checkin-submit').click();
  await expect(cy).toHaveURL(/\/guest\/waitlist\?id=/);
  const waitStatus = cy.getByTestId('waitlist-status');
  await expect(waitStatus).toHaveAttribute('data-status', 'WAITING');
  await dashboard.getByTestId('dashboard-tab-waitlist').click();
  await expect(dashboard.getByTestId('dashboard-waitlist')).toContainText('Cy', { timeout: 15_000 });
  await dashboard.getByTestId('dashboard-tab-overview').click();

  // ---- Bo's party: a refused card, then paid; the other share in cash, verified by staff ----
  await bo.goto(`${cloud.url}/guest/payment?sessionId=${await sessionOf(t4.id)}&tableId=${t4.id}`);
  await bo.getByTestId('mode-split').click();
  await bo.getByTestId('split-even').click();
  await expect(bo.getByTestId('share')).toHaveCount(2);
  await bo.getByTestId('method-card').click();
  await bo.getByTestId('card-number').fill('4000 1234 5678 9010');
  await bo.getByTestId('share').nth(0).getByTestId('pay-share').click();
  await expect(bo.getByText('Payment Failed')).toBeVisible();
  await bo.getByTestId('card-number').fill('5555 5555 5555 4444');
  await bo.getByTestId('share').nth(0).getByTestId('pay-share').click();
  await expect(bo.getByTestId('share').nth(0)).toHaveAttribute('data-paid', 'true', { timeout: 15_000 });
  await bo.getByTestId('method-cash').click();
  await bo.getByTestId('share').nth(1).getByTestId('pay-share').click();
  await expect(bo.getByTestId('share').nth(1)).toContainText('Awaiting confirmation');
  // The dashboard counts the cash waiting for staff, as the payments screen lists it.
  await expect(dashboard.getByTestId('stat-payments-value')).toHaveText('1', { timeout: 15_000 });
  const payments = await staffScreen(browser, terminalUrl, '/payments', 'manager');
  const cash = payments.locator('[data-testid="payment-row"][data-status="PENDING"]').first();
  await expect(cash).toBeVisible({ timeout: 15_000 });
  await cash.getByTestId('payment-verify').click();
  await expect(bo.getByTestId('bill-left')).toHaveText('$0.00', { timeout: 15_000 });
  // Paid, the dessert still to come: the table stays Bo's.
  await expect.poll(() => tableState(t4.id)).toBe('PAYMENT_VERIFIED');
  expect(await tasksOf(t4.id)).toEqual([]);

  // ---- Ana's party leaves by the exit code: now, and only now, the table turns over ----
  const exitLink = (await apiCall(cloud, cloud.staffCookie, 'GET', '/api/venue/exit-qr')).body.url as string;
  await ana.goto(exitLink);
  await ana.getByTestId('exit-scan').click();
  await expect(ana.getByTestId('receipt')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => tableState(t1.id)).toBe('CLEANING');
  expect(await tasksOf(t1.id)).toEqual([{ type: 'CLEAN', status: 'PENDING' }]);

  // ---- the cleaner cleans, QA passes, and Cy is told the table is ready ----
  const cleaner = await staffScreen(browser, cloud.url, '/cleaner-console', 'cleaner', PHONE);
  const clean = cleaner.locator('[data-testid="clean-task"]', { hasText: t1.name });
  await clean.getByRole('button', { name: 'Start Task' }).click();
  await clean.getByRole('button', { name: 'Mark Complete' }).click();
  const qa = cleaner.locator('[data-testid="qa-task"]', { hasText: t1.name });
  await qa.getByTestId('qa-pass').click();
  await expect(cleaner.getByText(`${t1.name} is ready: Cy has been notified.`).first()).toBeVisible();
  await expect(waitStatus).toHaveAttribute('data-status', 'READY', { timeout: 15_000 });
  await shot(cy, 'waitlist-ready-390');

  // ---- Cy's party sits down at the freed table ----
  await cy.getByTestId('proceed-to-tables').click();
  await expect(cy).toHaveURL(/\/guest\/seat-selection/);
  await cy.locator(`[data-testid="seat-card"][data-table-id="${t1.id}"]`).getByTestId('pick-table').click();
  await cy.getByTestId('confirm-selection').click();
  await expect(cy).toHaveURL(/\/guest\/table-confirmation\?/, { timeout: 15_000 });
  await expect.poll(() => tableState(t1.id)).toBe('OCCUPIED');
  await shot(dashboard, 'dashboard-end-1280');

  /** Expo sends the courses holding these dishes; the signed-in runner picks each up and delivers it. */
  async function runOut(dishes: string[]): Promise<void> {
    for (const dish of dishes) {
      const course = kitchen.locator('[data-testid="expo-order"]', { hasText: dish });
      await expect(course).toBeVisible({ timeout: 15_000 });
      const send = course.getByRole('button', { name: 'Send to Runner' });
      // A course with two of these dishes is sent once.
      if ((await send.count()) > 0) await send.click();
      await expect(course.getByTestId('expo-sent')).toBeVisible();
    }
    for (const dish of dishes) {
      const run = runner.locator('[data-testid="runner-order"]', { hasText: dish });
      await expect(run).toHaveAttribute('data-status', /READY_FOR_RUN|OUT_FOR_DELIVERY/, { timeout: 15_000 });
      if ((await run.getAttribute('data-status')) === 'READY_FOR_RUN') {
        await run.getByRole('button', { name: 'Pick Up' }).click();
      }
      await expect(run).toHaveAttribute('data-status', 'OUT_FOR_DELIVERY');
      await run.getByRole('button', { name: 'Delivered' }).click();
      await expect(run).toHaveCount(0);
    }
  }
});

async function sessionOf(tableId: string): Promise<string> {
  const row = await stack.cloud.db.query(
    "SELECT id FROM sessions WHERE table_id = $1 AND status <> 'CLOSED' ORDER BY created_at DESC LIMIT 1",
    [tableId],
  );
  return (row.rows[0] as { id: string }).id;
}

async function tasksOf(tableId: string): Promise<{ type: string; status: string }[]> {
  return (await stack.cloud.db.query('SELECT type, status FROM tasks WHERE target_table_id = $1', [tableId])).rows as {
    type: string;
    status: string;
  }[];
}
