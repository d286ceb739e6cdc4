import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import {
  apiCall,
  type Party,
  partyPhone,
  phoneAt as phoneAtOf,
  seatedParty as seatedPartyOf,
} from './support/guest-party.js';

const SHOTS_DIR = process.env.SHOTS_DIR;

let cloudUrl = '';
let staffCookie = '';
let db: pg.Client;

test.describe.configure({ mode: 'serial' });

let stack: DemoCloud | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDemoCloud('pay', () => ({ PAYMENTS_DEMO: '1' }));
  ({ url: cloudUrl, staffCookie, db } = stack);
});

test.afterAll(async () => {
  await stack?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  apiCall(stack as DemoCloud, cookie, method, path, body);
const seatedParty = (tableNumber: string) => seatedPartyOf(stack as DemoCloud, tableNumber);
const phoneAt = (browser: Browser, party: Party, viewport: { width: number; height: number }) =>
  phoneAtOf(browser, stack as DemoCloud, party, viewport);

async function payShare(page: Page, index: number, tip: string) {
  await page.getByTestId('mode-split').click();
  await page.getByTestId('split-even').click();
  await page.getByRole('button', { name: 'More people' }).click();
  await expect(page.getByTestId('people-count')).toHaveText('3');
  await page.getByTestId(`tip-${tip}`).click();
  await page.getByTestId('method-card').click();
  await page.getByTestId('card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('share').nth(index).getByTestId('pay-share').click();
}

test('three phones split the bill three ways with different tips, see it live, and the last one exits with a receipt', async ({
  browser,
}) => {
  const party = await seatedParty('4');
  const phones = await Promise.all([
    phoneAt(browser, party, { width: 390, height: 844 }),
    phoneAt(browser, party, { width: 390, height: 844 }),
    phoneAt(browser, party, { width: 1280, height: 800 }),
  ]);
  const [a, b, c] = phones.map((p) => p.page) as [Page, Page, Page];
  await expect(a.getByTestId('demo-payments')).toBeVisible();
  await shot(a, 'payment-390');
  await shot(c, 'payment-1280');
  const total = await a.getByTestId('bill-total').textContent();

  await payShare(a, 0, '20');
  await expect(a.getByTestId('share').nth(0)).toHaveAttribute('data-paid', 'true');
  // The other phones see the first share paid, live.
  await expect(b.getByTestId('bill-paid-amount')).not.toHaveText('$0.00');
  await payShare(b, 1, '15');
  await expect(a.getByTestId('share').nth(1)).toHaveAttribute('data-paid', 'true');
  await shot(b, 'payment-split-390');

  // A card the demo does not take is refused with the spec's toast and the server's words.
  await c.getByTestId('mode-split').click();
  await c.getByTestId('split-even').click();
  await c.getByRole('button', { name: 'More people' }).click();
  await c.getByTestId('method-card').click();
  await c.getByTestId('card-number').fill('4000 1234 5678 9010');
  await c.getByTestId('share').nth(2).getByTestId('pay-share').click();
  await expect(c.getByText('Payment Failed')).toBeVisible();
  await shot(c, 'payment-failed-1280');

  await c.getByTestId('tip-25').click();
  await c.getByTestId('card-number').fill('5555 5555 5555 4444');
  await c.getByTestId('share').nth(2).getByTestId('pay-share').click();
  await expect(c).toHaveURL(/\/guest\/exit\?sessionId=/);
  // Everyone else's bill shows paid in full.
  await expect(a.getByTestId('bill-paid')).toBeVisible();
  await expect(a.getByTestId('bill-left')).toHaveText('$0.00');
  await shot(a, 'payment-paid-390');

  const rows = await db.query(
    'SELECT amount, tip_amount, status FROM payments WHERE session_id = $1 ORDER BY created_at',
    [party.sessionId],
  );
  expect(rows.rows.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'FAILED', 'COMPLETED']);
  const paidCents = rows.rows
    .filter((r) => r.status === 'COMPLETED')
    .reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  expect(`$${(paidCents / 100).toFixed(2)}`).toBe(total);
  expect(new Set(rows.rows.filter((r) => r.status === 'COMPLETED').map((r) => r.tip_amount)).size).toBe(3);

  await expect(c.getByText('READY TO EXIT')).toBeVisible();
  await expect(c.getByTestId('exit-session')).toHaveText(`Session ...${party.sessionId.slice(-8)}`);
  await shot(c, 'exit-1280');
  // The venue's exit code read by the phone's own camera app opens its link: the page verifies it
  // without scanning again (the in-page camera scan is e2e/guest-exit-scan.spec.ts).
  const exitLink = (await call(staffCookie, 'GET', '/api/venue/exit-qr')).body.url as string;
  await c.goto(exitLink);
  await expect(c.getByTestId('exit-session')).toHaveText(`Session ...${party.sessionId.slice(-8)}`);
  await c.getByTestId('exit-scan').click();
  await expect(c.getByTestId('receipt')).toBeVisible({ timeout: 10_000 });
  await shot(c, 'receipt-1280');
  const stored = await c.evaluate<Array<string | null>>(
    "[localStorage.getItem('guestSessionId'), localStorage.getItem('guest_qr_token')]",
  );
  expect(stored).toEqual([null, null]);
  const session = await db.query('SELECT status FROM sessions WHERE id = $1', [party.sessionId]);
  expect(session.rows[0].status).toBe('CLOSED');
  // Exit Restaurant ends on the guest site's own page, not the staff app's (or its 404).
  await c.getByTestId('exit-restaurant').click();
  await expect(c).toHaveURL(`${cloudUrl}/guest`);
  await expect(c.getByTestId('guest-home')).toContainText('Thank you for dining with us!');
  await expect(c.getByTestId('not-found')).toHaveCount(0);
  await c.reload();
  await expect(c.getByTestId('guest-home')).toBeVisible();
  await shot(c, 'guest-home-1280');
  for (const p of phones) await p.context.close();
});

test('the exit is refused while the bill is unpaid; a phone shows it on the small screen', async ({ browser }) => {
  const party = await seatedParty('5');
  const { context, page } = await phoneAt(browser, party, { width: 390, height: 844 });
  const exitLink = (await call(staffCookie, 'GET', '/api/venue/exit-qr')).body.url as string;
  await page.goto(`${exitLink}&sessionId=${party.sessionId}`);
  await expect(page.getByText('READY TO EXIT')).toBeVisible();
  await shot(page, 'exit-390');
  await page.getByTestId('exit-scan').click();
  await expect(page.getByText('Exit Verification Failed')).toBeVisible({ timeout: 10_000 });
  // The toast and the page both say why.
  await expect(page.getByTestId('exit-error')).toHaveText('Unable to verify payment. Please see staff.');
  await page.goto(`${cloudUrl}/guest/payment?sessionId=${party.sessionId}`);
  // Custom amounts must match the total within a cent; by items, every item needs someone.
  await page.getByTestId('mode-split').click();
  await page.getByTestId('split-custom').click();
  await page.getByTestId('custom-amount-0').fill('10.00');
  await page.getByTestId('custom-amount-1').fill('5.00');
  await expect(page.getByTestId('split-error')).toContainText('Split amounts add up to $15.00');
  await expect(page.getByTestId('pay-share')).toHaveCount(0);
  await page.getByTestId('split-items').click();
  await expect(page.getByTestId('split-error')).toHaveText('Every item must be given to at least one person');
  const items = page.getByTestId('split-item');
  for (let i = 0; i < (await items.count()); i++) await items.nth(i).getByRole('button', { name: '1' }).click();
  await items.nth(0).getByRole('button', { name: '2' }).click();
  await expect(page.getByTestId('split-error')).toHaveCount(0);
  await expect(page.getByTestId('share')).toHaveCount(2);
  await shot(page, 'payment-by-items-390');
  await page.getByTestId('mode-full').click();
  await page.getByTestId('method-cash').click();
  await page.getByTestId('share').first().getByTestId('pay-share').click();
  await expect(page.getByTestId('bill-left')).toHaveText('$0.00');
  await expect(page.getByTestId('bill-pending')).toBeVisible();
  await expect(page.getByTestId('share').first()).toContainText('Awaiting confirmation');
  await shot(page, 'payment-cash-pending-390');
  await context.close();
  // An unknown session is Order Not Found with the way back to the menu.
  const lost = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const lostPage = await lost.newPage();
  await lostPage.goto(`${cloudUrl}/guest/payment?sessionId=${party.sessionId}`);
  await expect(lostPage.getByText('Order Not Found')).toBeVisible();
  await shot(lostPage, 'order-not-found-390');
  await lost.close();
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The link is there, a comfortable tap (at least 44 px high and wide). */
async function tappable(page: Page, testId: string) {
  const link = page.getByTestId(testId);
  await expect(link).toBeVisible();
  const box = await link.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  return link;
}

/** Opens a dish on the menu: the course it starts on. */
async function courseOf(page: Page, dish: string): Promise<string> {
  await page.locator(`[data-testid="menu-item"][data-name="${dish}"]`).getByRole('button').click();
  return page.getByTestId('item-course').inputValue();
}

test("a seated guest is one tap from the bill on every page; a dish starts on its category's course", async ({
  browser,
}) => {
  for (const [i, viewport] of VIEWPORTS.entries()) {
    const party = await seatedParty(String(6 + i));
    const { context, page } = await partyPhone(browser, stack as DemoCloud, party, viewport);
    const at = `sessionId=${party.sessionId}&tableId=${party.tableId}`;

    // Table confirmation: the table and the venue by name, the menu and the bill.
    await page.goto(`${cloudUrl}/guest/table-confirmation?${at}`);
    await expect(page.getByTestId('table-name')).toHaveText(`Table ${6 + i}`);
    await expect(page.getByTestId('venue-name')).toHaveText('at Main Location');
    await tappable(page, 'view-bill');
    await shot(page, `table-confirmation-${viewport.width}`);
    await (await tappable(page, 'view-bill')).click();
    await expect(page).toHaveURL(/\/guest\/payment\?sessionId=/);
    await expect(page.getByTestId('bill-total')).toBeVisible();

    // The menu: the bill in its header; each dish starts on the course its category names, and
    // the guest can still choose another.
    await page.goto(`${cloudUrl}/guest/menu?${at}`);
    await tappable(page, 'view-bill');
    await shot(page, `menu-${viewport.width}`);
    expect(await courseOf(page, 'Sparkling Water')).toBe('drink');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('item-dialog')).toBeHidden();
    expect(await courseOf(page, 'Truffle Fries')).toBe('appetizer');
    await page.getByTestId('item-course').selectOption('main');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('item-dialog')).toBeHidden();
    expect(await courseOf(page, 'Chocolate Lava Cake')).toBe('dessert');
    await shot(page, `menu-dessert-course-${viewport.width}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('item-dialog')).toBeHidden();
    await page.getByTestId('open-cart').click();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/guest\/order-status\?/, { timeout: 15_000 });
    const courses = await db.query(
      `SELECT mi.name, oi.course FROM order_items oi JOIN orders o ON o.id = oi.order_id
         JOIN menu_items mi ON mi.id = oi.menu_item_id
       WHERE o.id = (SELECT id FROM orders WHERE session_id = $1 ORDER BY created_at DESC LIMIT 1)
       ORDER BY mi.name`,
      [party.sessionId],
    );
    expect(courses.rows).toEqual([
      { name: 'Chocolate Lava Cake', course: 'dessert' },
      { name: 'Sparkling Water', course: 'drink' },
      { name: 'Truffle Fries', course: 'main' },
    ]);

    // Order status: the bill is one tap away and has the new dishes on it.
    await expect(page.getByTestId('order')).toHaveCount(2);
    await shot(page, `order-status-${viewport.width}`);
    await (await tappable(page, 'view-bill')).click();
    await expect(page).toHaveURL(/\/guest\/payment\?sessionId=/);
    await expect(page.getByTestId('bill')).toContainText('Sparkling Water');

    // The exit, while the bill is unpaid: the bill is one tap away there too.
    await page.goto(`${cloudUrl}/guest/exit?sessionId=${party.sessionId}`);
    await expect(page.getByText('READY TO EXIT')).toBeVisible();
    await (await tappable(page, 'view-bill')).click();
    await expect(page.getByTestId('bill-total')).toBeVisible();
    await context.close();
  }
});

test('without a session the menu and the exit say so and lead to check-in; check-in names the table and venue', async ({
  browser,
}) => {
  const tableId = (await db.query("SELECT id FROM tables WHERE number = '2' AND venue_id = $1", [stack?.venueId]))
    .rows[0].id as string;
  const qr = (await call(staffCookie, 'GET', `/api/tables/${tableId}/qr`)).body as { url: string };
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();

    await page.goto(`${cloudUrl}/guest/menu`);
    await expect(page.getByTestId('no-session')).toContainText('Session Required');
    await expect(page.getByTestId('no-session')).toContainText('scan the QR code on your table');
    await expect(page.getByText('Authentication required')).toHaveCount(0);
    await tappable(page, 'scan-to-checkin');
    await shot(page, `menu-no-session-${viewport.width}`);
    // A session id the cloud does not know (no guest cookie) is no session either.
    await page.goto(`${cloudUrl}/guest/menu?sessionId=00000000-0000-4000-8000-000000000000`);
    await expect(page.getByTestId('no-session')).toBeVisible();
    await expect(page.getByText('Authentication required')).toHaveCount(0);
    await (await tappable(page, 'go-to-checkin')).click();
    await expect(page).toHaveURL(`${cloudUrl}/guest/checkin`);

    await page.goto(`${cloudUrl}/guest/exit`);
    await expect(page.getByTestId('no-session')).toContainText('Session Not Found');
    await expect(page.getByTestId('no-session')).toContainText('There is no dining session on this phone');
    await expect(page.getByText('READY TO EXIT')).toHaveCount(0);
    await shot(page, `exit-no-session-${viewport.width}`);
    await (await tappable(page, 'scan-to-checkin')).click();
    await expect(page).toHaveURL(`${cloudUrl}/guest/scan`);

    // The table's QR link, opened by the phone's camera app: check-in says where.
    await page.goto(qr.url);
    await expect(page.getByTestId('checkin-place')).toHaveText('Checking in at Table 2, Main Location');
    await shot(page, `checkin-place-${viewport.width}`);
    await context.close();
  }
});
