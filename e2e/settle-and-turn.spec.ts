import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { type DemoCloud, entranceLink, startDemoCloud } from './support/demo-cloud.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TABLE = '4';

let cloudUrl = '';
let venueId = '';
let staffCookie = '';
let db: pg.Client;

let stack: DemoCloud | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDemoCloud('turn', () => ({ PAYMENTS_DEMO: '1' }));
  ({ url: cloudUrl, venueId, staffCookie, db } = stack);
});

test.afterAll(async () => {
  await stack?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function staffGet<T>(path: string): Promise<T> {
  const reply = await fetch(`${cloudUrl}${path}`, { headers: { cookie: staffCookie } });
  expect(reply.status, `GET ${path}`).toBe(200);
  return (await reply.json()) as T;
}

const tableState = async (id: string) =>
  ((await db.query('SELECT state FROM tables WHERE id = $1', [id])).rows[0] as { state: string }).state;

/** A phone that scanned the table's QR code: its own check-in (joining the party's session once
 * someone sat down), the cookie in its own browser context and the ids stored as the site does. */
async function phoneAtTable(
  browser: Browser,
  table: { id: string; token: string },
  guestName: string,
): Promise<{ context: BrowserContext; page: Page; sessionId: string; phoneId?: string }> {
  const context = await browser.newContext({ viewport: PHONE });
  const reply = await context.request.post(`${cloudUrl}/api/guest/checkin`, {
    data: { guestName, partySize: 3, tableId: table.id, venueId, token: table.token },
  });
  expect(reply.status(), 'checkin').toBeLessThan(300);
  const answer = (await reply.json()) as { type: string; sessionId: string; phoneId?: string };
  expect(answer.type).toBe('session_created');
  await context.addInitScript(
    `localStorage.setItem('guestSessionId', ${JSON.stringify(answer.sessionId)});
     localStorage.setItem('guest_qr_token', ${JSON.stringify(table.token)});`,
  );
  const page = await context.newPage();
  return { context, page, sessionId: answer.sessionId, ...(answer.phoneId ? { phoneId: answer.phoneId } : {}) };
}

/** Orders one dish from the guest menu and lands on the order's status page. */
async function orderDish(phone: Page, sessionId: string, tableId: string, dish: string): Promise<void> {
  await phone.goto(`${cloudUrl}/guest/menu?sessionId=${sessionId}&tableId=${tableId}`);
  await phone.locator(`[data-testid="menu-item"][data-name="${dish}"]`).getByRole('button').click();
  // A required choice (the burger's doneness) takes its first option.
  const groups = phone.getByTestId('item-dialog').getByTestId('modifier-group');
  for (let g = 0; g < (await groups.count()); g++) {
    const choice = groups.nth(g).getByRole('radio');
    if ((await choice.count()) > 0) await choice.first().check();
  }
  await phone.getByTestId('item-course').selectOption('main');
  await phone.getByTestId('add-to-cart').click();
  await expect(phone.getByTestId('add-to-cart')).toBeHidden();
  await phone.getByTestId('open-cart').click();
  await expect(phone.getByTestId('cart-line')).toHaveCount(1);
  await phone.getByTestId('place-order').click();
  await expect(phone).toHaveURL(/\/guest\/order-status\?/, { timeout: 15_000 });
}

/** Even three-way split with this phone's tip, paid by demo card for the given share. */
async function payShare(page: Page, index: number, tip: string, card: string): Promise<void> {
  await page.getByTestId('mode-split').click();
  await page.getByTestId('split-even').click();
  await page.getByRole('button', { name: 'More people' }).click();
  await expect(page.getByTestId('people-count')).toHaveText('3');
  await page.getByTestId(`tip-${tip}`).click();
  await page.getByTestId('method-card').click();
  await page.getByTestId('card-number').fill(card);
  await page.getByTestId('share').nth(index).getByTestId('pay-share').click();
}

test('three phones order held mains, split three ways with different tips and pay; the table is Paid with 3 items to serve; every guest exits with a receipt; the held mains taken off, the table is cleaned, fails QA once, passes; the waiting party may proceed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // ---- the floor: table 4 free, every other table taken, nobody waiting ----
  await db.query(
    `UPDATE tables SET state = CASE WHEN number = $2 THEN 'EMPTY' ELSE 'OCCUPIED' END, hold_expires_at = NULL WHERE venue_id = $1`,
    [venueId, TABLE],
  );
  await db.query("UPDATE waitlist SET status = 'CANCELLED' WHERE venue_id = $1 AND status IN ('WAITING','NOTIFIED')", [
    venueId,
  ]);
  const free = await db.query("SELECT id, name FROM tables WHERE venue_id = $1 AND state = 'EMPTY'", [venueId]);
  expect(free.rows).toHaveLength(1);
  const { id: tableId, name: tableName } = free.rows[0] as { id: string; name: string };
  const { token } = await staffGet<{ token: string }>(`/api/tables/${tableId}/qr`);

  // ---- three phones scan the table's code and each orders a dish ----
  const trio = [
    await phoneAtTable(browser, { id: tableId, token }, 'Ana'),
    await phoneAtTable(browser, { id: tableId, token }, 'Ben'),
    await phoneAtTable(browser, { id: tableId, token }, 'Cai'),
  ];
  const sessionId = trio[0]?.sessionId as string;
  expect(new Set(trio.map((p) => p.sessionId))).toEqual(new Set([sessionId]));
  // The phones that scanned after the party sat down are let in by its first phone (issue 27).
  for (const joined of trio.slice(1)) {
    expect(joined.phoneId).toBeDefined();
    const letIn = await trio[0]?.context.request.post(`${cloudUrl}/api/guest/phones/${joined.phoneId}/decision`, {
      data: { approve: true },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(letIn?.status(), 'let in').toBe(200);
  }
  expect(await tableState(tableId)).toBe('OCCUPIED');
  const dishes = ['Caesar Salad', 'Classic Burger', 'Grilled Salmon'];
  for (const [i, phone] of trio.entries()) await orderDish(phone.page, sessionId, tableId, dishes[i] as string);
  const [a, b, c] = trio.map((p) => p.page) as [Page, Page, Page];
  await shot(c, 'journey-order-status-390');

  // ---- a fourth phone walks in: no table is free, so it joins the waitlist ----
  const waiterContext = await browser.newContext({ viewport: PHONE });
  const waiter = await waiterContext.newPage();
  await waiter.goto(await entranceLink(cloudUrl, staffCookie));
  await waiter.getByTestId('checkin-name').fill('Dee');
  await waiter.getByTestId('checkin-party-size').selectOption('2');
  await waiter.getByTestId('checkin-submit').click();
  await expect(waiter).toHaveURL(/\/guest\/waitlist\?id=/);
  const waitStatus = waiter.getByTestId('waitlist-status');
  await expect(waitStatus).toHaveAttribute('data-status', 'WAITING');
  await expect(waiter.getByTestId('proceed-to-tables')).toHaveCount(0);
  await shot(waiter, 'journey-waitlist-waiting-390');

  // ---- the bill, split three ways, a different tip each ----
  for (const phone of [a, b, c]) {
    await phone.goto(`${cloudUrl}/guest/payment?sessionId=${sessionId}&tableId=${tableId}`);
    await expect(phone.getByTestId('bill-total')).toBeVisible();
  }
  const total = (await a.getByTestId('bill-total').textContent()) as string;
  await payShare(a, 0, '15', '4242 4242 4242 4242');
  await expect(a.getByTestId('share').nth(0)).toHaveAttribute('data-paid', 'true');
  await expect(b.getByTestId('bill-paid-amount')).not.toHaveText('$0.00');
  await payShare(b, 1, '20', '5555 5555 5555 4444');
  await expect(c.getByTestId('bill-paid-amount')).not.toHaveText('$0.00');
  await shot(c, 'journey-payment-split-390');
  await payShare(c, 2, '25', '4242 4242 4242 4242');
  await expect(c).toHaveURL(/\/guest\/exit\?sessionId=/, { timeout: 15_000 });
  await expect(a.getByTestId('bill-left')).toHaveText('$0.00');
  await expect(b.getByTestId('bill-left')).toHaveText('$0.00');

  const payments = await db.query(
    'SELECT amount, tip_amount, status FROM payments WHERE session_id = $1 ORDER BY created_at',
    [sessionId],
  );
  expect(payments.rows.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
  const paidCents = payments.rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  expect(`$${(paidCents / 100).toFixed(2)}`).toBe(total);
  expect(new Set(payments.rows.map((r) => r.tip_amount)).size).toBe(3);

  // ---- paid is not gone (issue 22): the table is Paid, the three mains still held, nobody is sent
  // to clean, and the host's floor says so ----
  expect(await tableState(tableId)).toBe('PAYMENT_VERIFIED');
  expect((await db.query('SELECT id FROM tasks WHERE target_table_id = $1', [tableId])).rows).toEqual([]);
  const held = await db.query(
    'SELECT i.id, i.status FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.session_id = $1',
    [sessionId],
  );
  expect(held.rows.map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
  const hostContext = await browser.newContext({ viewport: DESKTOP });
  const host = await hostContext.newPage();
  await host.goto(`${cloudUrl}/host-console`);
  await host.getByTestId('login-email').fill('manager@demo.test');
  await host.getByTestId('login-password').fill('demo-manager');
  await host.getByTestId('login-submit').click();
  await host.getByRole('tab', { name: 'Floor Plan' }).click();
  const card = host.locator(`[data-testid="floor-table"][data-table-id="${tableId}"]`);
  await expect(card.getByTestId('table-service-note')).toHaveText('Paid · 3 items to serve', { timeout: 15_000 });
  await shot(host, 'journey-host-paid-to-serve-1280');

  // ---- each of the three guests exits with a receipt; the party has left with its mains still
  // held, so the table waits for them ----
  // The venue's exit code, read by each phone's camera app, opens its link: the page verifies it
  // without scanning again (the in-page camera scan is e2e/guest-exit-scan.spec.ts).
  const exitLink = (await staffGet<{ url: string }>('/api/venue/exit-qr')).url;
  for (const [i, phone] of [c, a, b].entries()) {
    await phone.goto(exitLink);
    await expect(phone.getByText('READY TO EXIT')).toBeVisible();
    await phone.getByTestId('exit-scan').click();
    await expect(phone.getByTestId('receipt')).toBeVisible({ timeout: 15_000 });
    await expect(phone.getByTestId('receipt')).toContainText(tableName);
    await shot(phone, `journey-receipt-${i + 1}-390`);
    const stored = await phone.evaluate<Array<string | null>>(
      "[localStorage.getItem('guestSessionId'), localStorage.getItem('guest_qr_token')]",
    );
    expect(stored).toEqual([null, null]);
  }
  const session = await db.query('SELECT status FROM sessions WHERE id = $1', [sessionId]);
  expect(session.rows[0].status).toBe('CLOSED');
  expect(await tableState(tableId)).toBe('EXIT_PENDING');
  await expect(card.getByTestId('table-service-note')).toHaveText('Party left · 3 items to serve');

  // ---- the floor manager takes the held mains off (the party is gone): the table turns over,
  // CLEANING with a CLEAN task ----
  for (const item of held.rows) {
    const reply = await fetch(`${cloudUrl}/api/order-items/${item.id}/cancel`, {
      method: 'POST',
      headers: { cookie: staffCookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: '{}',
    });
    expect(reply.status, `cancel ${item.id}`).toBe(200);
  }
  await expect.poll(() => tableState(tableId)).toBe('CLEANING');
  const tasks = await db.query('SELECT type, status FROM tasks WHERE target_table_id = $1', [tableId]);
  expect(tasks.rows).toEqual([{ type: 'CLEAN', status: 'PENDING' }]);

  // ---- the cleaner: Start Task, Mark Complete ----
  const staffContext = await browser.newContext({ viewport: DESKTOP });
  const staff = await staffContext.newPage();
  await staff.goto(`${cloudUrl}/cleaner-console`);
  await staff.getByTestId('login-email').fill('cleaner@demo.test');
  await staff.getByTestId('login-password').fill('demo-staff');
  await staff.getByTestId('login-submit').click();
  await expect(staff.getByRole('heading', { name: 'Cleaner Console' })).toBeVisible({ timeout: 15_000 });
  const clean = staff.locator('[data-testid="clean-task"]', { hasText: tableName });
  await expect(clean).toHaveCount(1, { timeout: 15_000 });
  await expect(clean).toHaveAttribute('data-status', 'PENDING');
  await shot(staff, 'journey-cleaner-pending-1280');
  await clean.getByRole('button', { name: 'Start Task' }).click();
  await expect(clean).toHaveAttribute('data-status', 'IN_PROGRESS');
  await clean.getByRole('button', { name: 'Mark Complete' }).click();
  const qa = staff.locator('[data-testid="qa-task"]', { hasText: tableName });
  await expect(qa).toHaveCount(1);
  await expect.poll(() => tableState(tableId)).toBe('QA_CHECK');

  // ---- QA fails once, with issues: back to CLEANING with a High task ----
  await qa.getByTestId('qa-fail').click();
  await qa.getByTestId('qa-issues').fill('Sauce on the seat\nNapkins missing');
  // The fail button's label is readable: white on its red, not drawn in its own background colour.
  await expect(qa.getByTestId('qa-submit-fail')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await shot(staff, 'journey-qa-fail-1280');
  await qa.getByTestId('qa-submit-fail').click();
  await expect(staff.getByText(`${tableName} is back in cleaning.`).first()).toBeVisible();
  await expect.poll(() => tableState(tableId)).toBe('CLEANING');
  const redo = staff.locator('[data-testid="clean-task"][data-status="PENDING"]', { hasText: tableName });
  await expect(redo).toHaveCount(1);
  await expect(redo).toContainText('Sauce on the seat');
  await expect(redo.getByTestId('task-priority')).toHaveText('High');
  await expect(waitStatus).toHaveAttribute('data-status', 'WAITING');

  // ---- cleaned again; QA passes; the waiting party is told its table is ready ----
  await redo.getByRole('button', { name: 'Start Task' }).click();
  const again = staff.locator('[data-testid="clean-task"][data-status="IN_PROGRESS"]', { hasText: tableName });
  await again.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(qa).toHaveCount(1);
  await qa.getByTestId('qa-pass').click();
  await expect(staff.getByText(`${tableName} is ready: Dee has been notified.`).first()).toBeVisible();
  await expect.poll(() => tableState(tableId)).toBe('EMPTY');
  await shot(staff, 'journey-cleaner-done-1280');

  // The waiting phone, never reloaded, turns to Proceed (its own poll is 15 s; this is live).
  await expect(waitStatus).toHaveAttribute('data-status', 'READY', { timeout: 10_000 });
  await expect(waiter.getByTestId('proceed-to-tables')).toBeVisible();
  await shot(waiter, 'journey-waitlist-proceed-390');

  for (const ctx of [...trio.map((p) => p.context), waiterContext, staffContext, hostContext]) await ctx.close();
});
