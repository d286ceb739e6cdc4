// Issue 24: a restaurant sets itself up. A new owner signs up in the staff app, lands on the setup
// checklist, prints the table QR sheet (a PDF, issue 25), adds a menu item and invites a server;
// the server's invitation is read from the local mailbox, accepted, and the server is signed in.
// The floor's two tables are published through the floor designer's calls (the designer's canvas
// is issue 25's journey). A guest opens a table's QR link on a phone, checks in and orders; the
// order reaches the owner's kitchen display. The demo organization's manager sees none of it.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import { apiCall } from './support/guest-party.js';
import { freePort } from './support/processes.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let cloud: DemoCloud;
let mailboxUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const mailboxPort = await freePort();
  mailboxUrl = `http://127.0.0.1:${mailboxPort}`;
  cloud = await startDemoCloud('signup24', () => ({ MAILBOX_PORT: String(mailboxPort) }));
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});
test.afterAll(async () => {
  await cloud?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function pageAt(browser: Browser, viewport = DESKTOP): Promise<Page> {
  return (await browser.newContext({ viewport, timezoneId: 'Europe/Rome' })).newPage();
}

/** The newest mail to `to` in the local mailbox, waiting for it. */
async function mailTo(to: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailboxUrl}/messages`)).json()) as {
          to: string;
          subject: string;
          text: string;
        }[];
        found = mails.find((m) => m.to === to);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as { subject: string; text: string };
}

const table = (n: number) => ({
  id: `c${n}`,
  libraryComponentId: 'round-4',
  name: 'Round Table',
  type: 'table',
  shape: 'round',
  x: 40 + n * 140,
  y: 60,
  width: 80,
  height: 80,
  number: String(n + 1),
  capacity: 4,
  zone: null,
  tableId: null,
});

test('a new owner signs up, sets up a menu, invites a server who joins, and a guest’s order reaches the kitchen', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // ---- sign-up, in the staff app ----
  const owner = await pageAt(browser);
  await owner.goto(`${cloud.url}/`);
  await owner.getByTestId('signup-link').click();
  await owner.getByLabel('First name').fill('Rosa');
  await owner.getByLabel('Last name').fill('Rossi');
  await owner.getByTestId('signup-email').fill('rosa@rossi.test');
  await owner.getByTestId('signup-password').fill('a good long password');
  await owner.getByTestId('signup-organization').fill('Rossi Family');
  await owner.getByTestId('signup-venue').fill('Rossi Trastevere');
  await owner.getByLabel('Address').fill('Via della Lungaretta 1');
  await owner.getByTestId('signup-timezone').selectOption('Europe/Rome');
  await owner.getByTestId('signup-submit').click();
  // A new owner lands on the setup checklist, nothing done but the venue.
  await expect(owner).toHaveURL(/\/setup$/, { timeout: 15_000 });
  await expect(owner.getByRole('heading', { name: 'Setup checklist' })).toBeVisible();
  await shot(owner, 'signup24-setup-1280');
  const ownerCookie = (await owner.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const ownerCall = (method: string, path: string, body?: unknown) => apiCall(cloud, ownerCookie, method, path, body);

  // ---- two tables, published as the floor designer publishes them ----
  const head = (await ownerCall('GET', '/api/floor-layout')).body.current?.version ?? null;
  const saved = await ownerCall('PUT', '/api/floor-layout', {
    baseVersion: head,
    layout: { zones: [], components: [table(0), table(1)] },
  });
  expect(saved.reply.status).toBe(201);
  expect((await ownerCall('POST', '/api/floor-layout/publish', { baseVersion: saved.body.version })).reply.status).toBe(
    200,
  );

  // ---- the table QR sheet, printed from the checklist: a PDF with a code for each table ----
  await owner.goto(`${cloud.url}/setup`);
  await expect(owner.getByTestId('qr-sheet-paper')).toHaveValue('a4');
  const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByTestId('qr-sheet-print').click()]);
  expect(download.suggestedFilename()).toBe('table-qr-codes.pdf');
  const pdf = (await readFile(await download.path())).toString('latin1');
  expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
  expect(pdf).toContain('(Table 1)');
  await expect(owner.getByTestId('setup-step-table-qr')).toHaveAttribute('data-done', 'true', { timeout: 15_000 });
  await shot(owner, 'signup24-qr-sheet-1280');

  // ---- the entrance's QR code (issue 27): a one-page PDF for the door, and replaced on demand ----
  const entrance = owner.getByTestId('entrance-qr-image');
  await expect(entrance).toBeVisible();
  const [poster] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByTestId('entrance-qr-download').click(),
  ]);
  expect(poster.suggestedFilename()).toBe('entrance-qr-code.pdf');
  expect((await readFile(await poster.path())).toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  const firstCode = (await entrance.getAttribute('data-url')) as string;
  expect(firstCode).toContain('/guest/checkin?venueId=');
  await owner.getByTestId('entrance-qr-rotate').click();
  await owner.getByTestId('entrance-qr-rotate-yes').click();
  await expect(entrance).not.toHaveAttribute('data-url', firstCode);
  await expect(owner.getByTestId('entrance-qr-status')).toBeVisible();
  await shot(owner, 'ops27-entrance-1280');

  // ---- a menu item, on Menu Management ----
  await owner.goto(`${cloud.url}/menu-management`);
  await owner.getByTestId('menu-add-item').click();
  await owner.getByTestId('item-name').fill('Cacio e Pepe');
  await owner.getByTestId('item-price').fill('14.00');
  await owner.getByTestId('item-category').fill('Mains');
  await owner.getByTestId('item-station').fill('Grill');
  await owner.getByTestId('item-save').click();
  await expect(owner.getByTestId('menu-card').filter({ hasText: 'Cacio e Pepe' })).toBeVisible({ timeout: 15_000 });

  // ---- a server, invited on the Staff screen; the mail is read from the local mailbox ----
  await owner.goto(`${cloud.url}/staff`);
  await owner.getByTestId('invite-email').fill('sara@rossi.test');
  await owner.getByTestId('invite-role').selectOption('STAFF');
  await owner.getByTestId('invite-duty').selectOption('SERVER');
  await owner.getByTestId('invite-submit').click();
  await expect(owner.getByTestId('invitation-row').filter({ hasText: 'sara@rossi.test' })).toBeVisible({
    timeout: 15_000,
  });
  const mail = await mailTo('sara@rossi.test');
  const link = /https?:\/\/\S+accept-invitation#token=\S+/.exec(mail.text)?.[0] as string;
  expect(link).toContain(`${cloud.url}/accept-invitation#token=`);
  const server = await pageAt(browser, PHONE);
  await server.goto(link);
  await expect(server.getByTestId('invitation-offer')).toContainText('Rossi Family', { timeout: 15_000 });
  await server.getByTestId('accept-first-name').fill('Sara');
  await server.getByTestId('accept-last-name').fill('Server');
  await server.getByTestId('accept-password').fill('another long password');
  await server.getByTestId('accept-submit').click();
  await expect(server.locator('.account-name, [data-testid="account-name"]').first()).toBeAttached({ timeout: 15_000 });
  await shot(server, 'signup24-server-390');

  // ---- a guest scans table 1's QR code and orders ----
  const tables = (await ownerCall('GET', '/api/tables')).body as { id: string; number: string }[];
  expect(tables.map((t) => t.number).sort()).toEqual(['1', '2']);
  const one = tables.find((t) => t.number === '1') as { id: string };
  const qr = (await ownerCall('GET', `/api/tables/${one.id}/qr`)).body as { url: string };
  const guest = await pageAt(browser, PHONE);
  await guest.goto(qr.url);
  await expect(guest.getByTestId('checkin-place')).toHaveText('Checking in at Table 1, Rossi Trastevere', {
    timeout: 15_000,
  });
  await guest.getByTestId('checkin-name').fill('Gia');
  await guest.getByTestId('checkin-party-size').selectOption('2');
  await guest.getByTestId('checkin-submit').click();
  await expect(guest).toHaveURL(/\/guest\/table-confirmation\?/, { timeout: 15_000 });
  await guest.getByTestId('to-menu').click();
  await guest.locator('[data-testid="menu-item"][data-name="Cacio e Pepe"]').getByRole('button').click();
  await guest.getByTestId('add-to-cart').click();
  await guest.getByTestId('open-cart').click();
  await guest.getByTestId('place-order').click();
  await expect(guest).toHaveURL(/\/guest\/order-status\?/, { timeout: 15_000 });
  const orderId = (await guest.getByTestId('order').getAttribute('data-order-id')) as string;
  // A main is held for its course; its time comes now, and the course firer sends it on.
  await cloud.db.query('UPDATE order_items SET fire_at = now() WHERE order_id = $1', [orderId]);

  // ---- the order reaches the owner's kitchen display ----
  await owner.goto(`${cloud.url}/kitchen-display`);
  await expect(owner.getByTestId('kitchen-card').filter({ hasText: 'Cacio e Pepe' })).toBeVisible({ timeout: 20_000 });
  await shot(owner, 'signup24-kitchen-1280');

  // ---- the demo organization's manager sees none of it ----
  const demoTables = (await apiCall(cloud, cloud.staffCookie, 'GET', '/api/tables')).body as { id: string }[];
  expect(demoTables.some((t) => t.id === one.id)).toBe(false);
  const demoKitchen = (await apiCall(cloud, cloud.staffCookie, 'GET', '/api/order-items/kitchen')).body as {
    orderId: string;
  }[];
  expect(demoKitchen.some((i) => i.orderId === orderId)).toBe(false);
});
