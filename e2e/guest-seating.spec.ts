// The guest's side of the front of house (issue 9) with real processes: PostgreSQL, the cloud
// serving the built guest site, and Chromium at phone and desktop sizes. A walk-in finds no free
// table and waits; the host seats the party (staff API) and the phone moves on live; the guest
// picks, holds and confirms a table and reaches the menu. Two phones race for one table; a hold
// runs out. The scanner reads a QR code from Chromium's fake camera.
// Screenshots go to $SHOTS_DIR when it is set (never into the repository).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { GUEST_PHONE_TEXTS } from '@tablewise/shared/guest-phone-texts';
import { GUEST_SEAT_TEXTS } from '@tablewise/shared/guest-seat-texts';
import { MESSAGES } from '@tablewise/shared/messages';
import pg from 'pg';
import { writeQrVideo } from '../desktop/src/core/test/fake-camera.js';
import { entranceLink } from './support/demo-cloud.js';
import { freePort, type Proc, startTsx, waitForHttp } from './support/processes.js';
import { type SeededDatabase, seededDatabase } from './support/seeded-database.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

let cloud: Proc | undefined;
let cloudUrl = '';
let venueId = '';
let staffCookie = '';
let database: SeededDatabase | undefined;
let db: pg.Client;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await seededDatabase('guest');
  const databaseUrl = database.url;
  dataDir = mkdtempSync(join(tmpdir(), 'tw-e2e-guest-'));
  venueId = database.seed.venueId;
  const port = await freePort();
  cloudUrl = `http://127.0.0.1:${port}`;
  cloud = startTsx('cloud', 'cloud/src/main.ts', [], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: cloudUrl,
    APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
  });
  await waitForHttp(`${cloudUrl}/api/auth/me`, cloud);
  staffCookie = (
    await fetch(`${cloudUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: 'demo-manager' }),
    })
  ).headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

test.afterAll(async () => {
  await db?.end();
  await cloud?.kill('SIGKILL');
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function staffCall(method: string, path: string, body?: unknown) {
  const reply = await fetch(`${cloudUrl}${path}`, {
    method,
    headers: { cookie: staffCookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(reply.status, `${method} ${path}`).toBeLessThan(300);
  return reply.json();
}

/** No party left in line from an earlier test. */
async function emptyLine(): Promise<void> {
  await db.query("UPDATE waitlist SET status = 'CANCELLED' WHERE venue_id = $1 AND status IN ('WAITING','NOTIFIED')", [
    venueId,
  ]);
}

/** Every table of the venue taken but `free` (by number), and no guest holds left over. */
async function floorWithFree(...free: string[]): Promise<void> {
  await db.query(
    `UPDATE tables SET state = CASE WHEN number = ANY($2) THEN 'EMPTY' ELSE 'OCCUPIED' END,
       hold_expires_at = NULL, held_by_session_id = NULL WHERE venue_id = $1`,
    [venueId, free],
  );
}

async function walkIn(page: Page, name: string, partySize = 2): Promise<void> {
  await page.goto(await entranceLink(cloudUrl, staffCookie));
  await page.getByTestId('checkin-name').fill(name);
  await page.getByTestId('checkin-party-size').selectOption(String(partySize));
  await page.getByTestId('checkin-submit').click();
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name}: no free table, waitlist, the host seats the party live, then hold, confirm and the menu`, async ({
    browser,
  }) => {
    await emptyLine();
    await floorWithFree();
    const context = await browser.newContext({ viewport });
    const phone = await context.newPage();
    await walkIn(phone, `Walk-in ${viewport.name}`);
    await expect(phone).toHaveURL(/\/guest\/waitlist\?id=/);
    const status = phone.getByTestId('waitlist-status');
    await expect(status).toHaveAttribute('data-status', 'WAITING');
    await expect(phone.getByTestId('waitlist-position')).toHaveText('#1');
    await expect(phone.getByTestId('waitlist-estimate')).toHaveText('15 min');
    await expect(phone.getByTestId('waitlist-progress')).toHaveAttribute('aria-valuenow', '85');
    await shot(phone, `waitlist-${viewport.width}`);
    const waitlistId = new URL(phone.url()).searchParams.get('id') as string;

    // The staff waitlist has the party; the host notifies, then seats it, and the phone follows
    // live (its poll is 15 s; these land well before it would).
    const queue = (await staffCall('GET', '/api/waitlist')) as { id: string }[];
    expect(queue.map((e) => e.id)).toContain(waitlistId);
    await staffCall('PATCH', `/api/waitlist/${waitlistId}/status`, { status: 'NOTIFIED' });
    await expect(status).toHaveAttribute('data-status', 'NOTIFIED', { timeout: 12_000 });
    await floorWithFree('3', '24');
    await staffCall('PATCH', `/api/waitlist/${waitlistId}/status`, { status: 'SEATED' });
    await expect(status).toHaveAttribute('data-status', 'READY', { timeout: 12_000 });
    await shot(phone, `waitlist-ready-${viewport.width}`);

    await phone.getByTestId('proceed-to-tables').click();
    await expect(phone.getByTestId('seat-card')).toHaveCount(2);
    await shot(phone, `seat-list-${viewport.width}`);
    await phone.getByTestId('view-map').click();
    await expect(phone.getByTestId('seat-map-table')).toHaveCount(2);
    await shot(phone, `seat-map-${viewport.width}`);
    await phone.getByTestId('view-list').click();
    await phone.getByTestId('feature-filter-view').click();
    await expect(phone.getByTestId('seat-card')).toHaveCount(1);
    await phone.getByTestId('feature-filter-view').click();

    const table3 = phone.locator('[data-testid="seat-card"]', { hasText: 'Table 3' });
    await table3.getByTestId('pick-table').click();
    await expect(phone.getByTestId('hold-countdown')).toHaveText(/^[23]:\d\d$/);
    await shot(phone, `seat-held-${viewport.width}`);
    // A second pick while the hold runs is refused on the page.
    await phone.locator('[data-testid="seat-card"]', { hasText: 'Table 24' }).getByTestId('pick-table').click();
    await expect(phone.getByText('Table Already Reserved')).toBeVisible();
    // A refresh continues the same hold.
    const before = await phone.getByTestId('hold-countdown').textContent();
    await phone.reload();
    await expect(phone.getByTestId('held-table')).toHaveText(/Table 3$/);
    const after = await phone.getByTestId('hold-countdown').textContent();
    expect(after && before && after <= before).toBe(true);

    await phone.getByTestId('confirm-selection').click();
    await expect(phone).toHaveURL(/\/guest\/table-confirmation\?/);
    await expect(phone.getByTestId('table-name')).toHaveText(/Table 3$/);
    const row = await db.query('SELECT state FROM tables WHERE venue_id = $1 AND number = $2', [venueId, '3']);
    expect(row.rows[0].state).toBe('OCCUPIED');
    await phone.getByTestId('to-menu').click();
    await expect(phone).toHaveURL(/\/guest\/menu\?/);
    await expect(phone.getByTestId('menu-item').first()).toBeVisible();
    await context.close();
  });
}

test('the entrance code: the venue id alone is refused on the page, and a rotated code checks nobody in', async ({
  browser,
}) => {
  await floorWithFree('5');
  const sessions = async () =>
    Number((await db.query('SELECT count(*) AS n FROM sessions WHERE venue_id = $1', [venueId])).rows[0].n);
  const before = await sessions();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  // An old or shared link with only the venue id: the page says so before and after submitting.
  await phone.goto(`${cloudUrl}/guest/checkin?venueId=${venueId}`);
  await expect(phone.getByTestId('checkin-needs-code')).toHaveText(MESSAGES.checkinNeedsEntranceCode);
  await shot(phone, 'entrance-needs-code-390');
  await phone.getByTestId('checkin-name').fill('Loop');
  await phone.getByTestId('checkin-submit').click();
  await expect(phone.getByText(MESSAGES.checkinNeedsEntranceCode).nth(1)).toBeVisible();
  // A photo of the entrance code, taken before the manager replaced it.
  const photo = await entranceLink(cloudUrl, staffCookie);
  await staffCall('POST', '/api/venue/entrance-qr/rotate');
  await phone.goto(photo);
  await phone.getByTestId('checkin-name').fill('Old Photo');
  await phone.getByTestId('checkin-submit').click();
  await expect(phone.getByText(MESSAGES.entranceCodeRetired)).toBeVisible();
  await expect(phone).toHaveURL(/\/guest\/checkin\?/);
  expect(await sessions()).toBe(before);
  // The new code at the door works.
  await phone.goto(await entranceLink(cloudUrl, staffCookie));
  await phone.getByTestId('checkin-name').fill('Door');
  await phone.getByTestId('checkin-submit').click();
  await expect(phone).toHaveURL(/\/guest\/seat-selection/);
  expect(await sessions()).toBe(before + 1);
  await context.close();
});

test('during a rush the host approves: the phone waits with its table held, then moves on live', async ({
  browser,
}) => {
  await emptyLine();
  await floorWithFree('5');
  await staffCall('PUT', '/api/seat-requests/approval', { hostApproves: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await context.newPage();
    await walkIn(phone, 'Rush');
    await expect(phone).toHaveURL(/\/guest\/seat-selection/);
    await phone.getByTestId('pick-table').click();
    await expect(phone.getByTestId('hold-countdown')).toBeVisible();
    await phone.getByTestId('confirm-selection').click();
    await expect(phone.getByTestId('seat-request-waiting')).toContainText(GUEST_SEAT_TEXTS.waitingForHost('Table 5'));
    await shot(phone, 'host-approval-waiting-390');
    const { requests } = (await staffCall('GET', '/api/seat-requests')) as { requests: { id: string }[] };
    expect(requests).toHaveLength(1);
    await staffCall('POST', `/api/seat-requests/${requests[0]?.id}/decision`, { approve: true });
    await expect(phone).toHaveURL(/\/guest\/table-confirmation\?/, { timeout: 12_000 });
    await expect(phone.getByTestId('table-name')).toHaveText(/Table 5$/);
  } finally {
    await staffCall('PUT', '/api/seat-requests/approval', { hostApproves: false });
    await context.close();
  }
});

test('an old photo of a table code joins the party only once a phone of the party lets it in', async ({ browser }) => {
  const table = (await db.query("SELECT id FROM tables WHERE venue_id = $1 AND number = '7'", [venueId])).rows[0] as {
    id: string;
  };
  await db.query("UPDATE sessions SET status = 'CLOSED', closed_at = now() WHERE table_id = $1 AND status = 'ACTIVE'", [
    table.id,
  ]);
  await floorWithFree('7');
  const { url } = (await staffCall('GET', `/api/tables/${table.id}/qr`)) as { url: string };
  const checkInBy = async (page: Page, name: string) => {
    await page.goto(url);
    await page.getByTestId('checkin-name').fill(name);
    await page.getByTestId('checkin-submit').click();
    await expect(page).toHaveURL(/\/guest\/table-confirmation\?/);
  };
  const partyContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const photoContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const party = await partyContext.newPage();
    await checkInBy(party, 'Party');
    await party.getByTestId('to-menu').click();
    await expect(party.getByTestId('menu-item').first()).toBeVisible();

    const photo = await photoContext.newPage();
    await checkInBy(photo, 'Old Photo');
    await expect(photo.getByTestId('phone-waiting')).toContainText(GUEST_PHONE_TEXTS.waitingTitle);
    await expect(photo.getByTestId('table-name')).toHaveCount(0);
    await shot(photo, 'phone-waiting-390');

    const ask = party.getByTestId('phone-request');
    await expect(ask).toContainText(GUEST_PHONE_TEXTS.askingTitle, { timeout: 20_000 });
    await shot(party, 'phone-asking-390');
    await ask.getByTestId('phone-let-in').click();
    await expect(ask).toHaveCount(0);
    await expect(photo.getByTestId('table-name')).toHaveText(/Table 7$/, { timeout: 10_000 });
  } finally {
    await partyContext.close();
    await photoContext.close();
    // The party leaves: later tests find table 7 as a new party would.
    await db.query(
      "UPDATE sessions SET status = 'CLOSED', closed_at = now() WHERE table_id = $1 AND status = 'ACTIVE'",
      [table.id],
    );
  }
});

test('two phones racing for one table: exactly one holds it, the other is told it is reserved', async ({ browser }) => {
  await floorWithFree('5');
  const phones = await Promise.all(
    ['Ana', 'Ben'].map(async (name) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await walkIn(page, name);
      await expect(page).toHaveURL(/\/guest\/seat-selection/);
      await expect(page.getByTestId('seat-card')).toHaveCount(1);
      return { context, page };
    }),
  );
  // Both tap at once. A phone whose live update removed the table first has nothing to tap: that
  // is a loss too (the server-side race with real concurrency is in cloud/src/routes/guest/holds.test.ts).
  await Promise.all(
    phones.map(({ page }) =>
      page
        .getByTestId('pick-table')
        .click({ timeout: 5_000 })
        .catch(() => {}),
    ),
  );
  const held = await Promise.all(
    phones.map(async ({ page }) => {
      const told = page.getByText('Table Already Reserved').or(page.getByTestId('no-tables'));
      await expect(page.getByTestId('hold-countdown').or(told).first()).toBeVisible();
      return page.getByTestId('hold-countdown').isVisible();
    }),
  );
  expect(held.filter(Boolean)).toHaveLength(1);
  const winner = phones[held.indexOf(true)]?.page as Page;
  const loser = phones[held.indexOf(false)]?.page as Page;
  await shot(loser, 'seat-race-loser-390');
  // The loser's list no longer offers the table once it reads again; the database names the winner.
  await expect(loser.getByTestId('no-tables')).toBeVisible({ timeout: 12_000 });
  const row = await db.query("SELECT state, held_by_session_id FROM tables WHERE venue_id = $1 AND number = '5'", [
    venueId,
  ]);
  expect(row.rows[0].state).toBe('HOLD_SOFT');
  const winnerSession = await winner.evaluate<string | null>("localStorage.getItem('guestSessionId')");
  expect(row.rows[0].held_by_session_id).toBe(winnerSession);
  for (const { context } of phones) await context.close();
});

test("a hold that runs out frees the table on the server and clears the phone's selection", async ({ browser }) => {
  await floorWithFree('8');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await walkIn(phone, 'Cleo');
  await phone.getByTestId('pick-table').click();
  await expect(phone.getByTestId('hold-countdown')).toBeVisible();
  // Three minutes pass for the hold: the server's sweep (every 5 s) frees the table by itself.
  await db.query(
    "UPDATE tables SET hold_expires_at = now() - interval '1 second' WHERE venue_id = $1 AND number = '8'",
    [venueId],
  );
  await expect
    .poll(
      async () =>
        (await db.query("SELECT state FROM tables WHERE venue_id = $1 AND number = '8'", [venueId])).rows[0].state,
      {
        timeout: 20_000,
      },
    )
    .toBe('EMPTY');
  // The phone hears it live (or reads the tables again when its socket connects): 30 s counts that
  // work on a loaded machine, where 12 s once ran out.
  await expect(phone.getByText('Reservation Expired')).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByTestId('hold-countdown')).toHaveCount(0);
  await shot(phone, 'seat-expired-390');
  await context.close();
});

test('the waitlist page of an unknown party offers a new check-in', async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${cloudUrl}/guest/waitlist?id=00000000-0000-4000-8000-000000000000`);
    await expect(page.getByTestId('waitlist-not-found')).toContainText('Waitlist Status Not Found');
    await shot(page, `waitlist-not-found-${viewport.width}`);
    await page.getByTestId('start-new-checkin').click();
    await expect(page).toHaveURL(/\/guest\/checkin/);
    await context.close();
  }
});

test("the scanner reads a table's QR code from the camera and leads to that table's check-in", async () => {
  const tableId = (await db.query("SELECT id FROM tables WHERE venue_id = $1 AND number = '2'", [venueId])).rows[0]
    .id as string;
  const qr = (await staffCall('GET', `/api/tables/${tableId}/qr`)) as { url: string };
  const video = join(dataDir, 'qr.y4m');
  writeQrVideo(video, qr.url);
  let camera: Browser | undefined;
  try {
    camera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    for (const viewport of VIEWPORTS) {
      const context = await camera.newContext({ viewport, permissions: ['camera'] });
      const page = await context.newPage();
      await page.goto(`${cloudUrl}/guest/scan-table?tableId=${tableId}`);
      await shot(page, `scan-table-${viewport.width}`);
      await page.getByTestId('enable-camera').click();
      await expect(page.getByTestId('start-scanning')).toBeVisible();
      await page.getByTestId('start-scanning').click();
      await expect(page).toHaveURL(new RegExp(`/guest/checkin\\?tableId=${tableId}`), { timeout: 20_000 });
      await page.goto(`${cloudUrl}/guest/scan`);
      await shot(page, `scan-entrance-${viewport.width}`);
      await context.close();
    }
  } finally {
    await camera?.close();
  }
});

test('a confirmed table raises no Reservation Expired, even when the live update beats the confirm answer', async ({
  browser,
}) => {
  await floorWithFree('7');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // Every toast the phone ever shows is noted (one shows at a time; a later one replaces it).
  await context.addInitScript(`
    window.__expiredToasts = 0;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if ((node.textContent || '').includes('Reservation Expired')) window.__expiredToasts += 1;
    }).observe(document, { childList: true, subtree: true });
  `);
  const expiredToasts = () => phone.evaluate<number>('window.__expiredToasts');
  const phone = await context.newPage();
  await walkIn(phone, 'Eve');
  await phone.getByTestId('pick-table').click();
  await expect(phone.getByTestId('hold-countdown')).toBeVisible();
  // The confirm's answer is held back until the page has read the tables again after the seating
  // (the live table.state.changed got there first, as on a slow phone network): the read no
  // longer shows this guest's hold, because the table is now the guest's.
  const rereadSeated = phone.waitForResponse(async (reply) => {
    if (!reply.url().includes('/api/guest/tables') || reply.request().method() !== 'GET') return false;
    // A read the page left behind (it navigated on) has no body to look at: not the one awaited.
    const tables = (await reply.json().catch(() => null)) as Array<{ heldByYouUntil: string | null }> | null;
    return tables?.every((t) => t.heldByYouUntil === null) === true;
  });
  // The page may also move on by the live update alone, before it reads the tables again: then
  // the answer is never let through, and the wait ends with the page (not a failure of its own).
  const letThrough = rereadSeated.then(
    () => true,
    () => false,
  );
  await phone.route('**/api/guest/confirm-table', async (route) => {
    const answer = await route.fetch();
    if (await letThrough) await route.fulfill({ response: answer }).catch(() => {});
  });
  await phone.getByTestId('confirm-selection').click();
  await expect(phone).toHaveURL(/\/guest\/table-confirmation\?/);
  await expect(phone.getByText('Table Confirmed!').first()).toBeVisible();
  await phone.getByTestId('to-menu').click();
  await expect(phone).toHaveURL(/\/guest\/menu\?/);
  await expect(phone.getByTestId('menu-item').first()).toBeVisible();
  expect(await expiredToasts()).toBe(0);
  await shot(phone, 'seat-confirmed-menu-390');
  await context.close();
});
