import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { writeQrVideo } from '../desktop/src/core/test/fake-camera.js';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import { apiCall, seatedParty } from './support/guest-party.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

let cloudUrl = '';
let venueId = '';
let staffCookie = '';
let db: pg.Client;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

let stack: DemoCloud | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDemoCloud('exit', () => ({ PAYMENTS_DEMO: '1' }));
  ({ url: cloudUrl, venueId, staffCookie, db, dataDir } = stack);
});

test.afterAll(async () => {
  await stack?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  apiCall(stack as DemoCloud, cookie, method, path, body);

/** A party checked in at a free table by its QR code, with one dish, paid in full by card. */
async function paidParty(tableNumber: string) {
  const party = await seatedParty(stack as DemoCloud, tableNumber, { guestName: 'Leaving', partySize: 2, dishes: 1 });
  const { sessionId, guestCookie } = party;
  const bill = (await call(guestCookie, 'GET', `/api/orders/payment/${sessionId}`)).body as {
    version: number;
    total: string;
  };
  await call(guestCookie, 'POST', '/api/payments/process', {
    sessionId,
    billVersion: bill.version,
    totalAmount: bill.total,
    splits: [{ id: 'all', amount: bill.total, paymentMethod: 'card' }],
    card: { number: '4242 4242 4242 4242' },
  });
  return { sessionId, guestCookie, token: party.token, total: bill.total };
}

/** Chromium whose camera shows a QR code holding `text`, or Chromium's own test picture (no code). */
async function browserWithCamera(name: string, text?: string): Promise<Browser> {
  const video = join(dataDir, `${name}.y4m`);
  if (text !== undefined) writeQrVideo(video, text);
  return chromium.launch({
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
      ...(text === undefined ? [] : [`--use-file-for-fake-video-capture=${video}`]),
    ],
  });
}

/** The exit page on a phone of the party: its cookie and stored ids, as after paying. */
async function exitPage(
  camera: Browser,
  party: Awaited<ReturnType<typeof paidParty>>,
  viewport: (typeof VIEWPORTS)[0],
) {
  const context = await camera.newContext({ viewport, permissions: ['camera'] });
  const [name, value] = party.guestCookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: cloudUrl }]);
  await context.addInitScript(
    `localStorage.setItem('guestSessionId', ${JSON.stringify(party.sessionId)});
     localStorage.setItem('guest_qr_token', ${JSON.stringify(party.token)});`,
  );
  const page = await context.newPage();
  await page.goto(`${cloudUrl}/guest/exit?sessionId=${party.sessionId}`);
  await expect(page.getByText('READY TO EXIT')).toBeVisible();
  return { context, page };
}

/** A receipt printer (no station) driven by a terminal paired for it: what 'Print at the venue' needs. */
async function receiptPrinter(): Promise<void> {
  const paired = await call(staffCookie, 'POST', '/api/terminals', { name: `Front desk ${Date.now()}` });
  await db.query(
    `INSERT INTO printers (id, org_id, venue_id, name, station, connection, host, port, terminal_id)
     SELECT gen_random_uuid(), org_id, id, 'Front Desk', NULL, 'tcp', '127.0.0.1', 9100, $2 FROM venues WHERE id = $1`,
    [venueId, paired.body.terminal.id],
  );
}

const sessionStatus = async (id: string) =>
  (await db.query('SELECT status FROM sessions WHERE id = $1', [id])).rows[0].status as string;

test('a code that is not the exit code is refused and the party stays checked in', async () => {
  const party = await paidParty('6');
  // A QR code that is not the venue's exit code (a table's own code is refused alike, in
  // cloud/src/routes/payments/exit-code.test.ts).
  const camera = await browserWithCamera('not-exit', 'https://example.com/not-an-exit-code');
  try {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await exitPage(camera, party, viewport);
      await page.getByTestId('exit-scan').click();
      await expect(page.getByText('Exit Verification Failed')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('exit-error')).toHaveText('Invalid QR code. Please try again.');
      await page.getByTestId('exit-assist').click();
      await expect(page.getByTestId('exit-assist-sent')).toHaveText(
        'A member of staff is on the way. Show them this screen: they can check you out.',
      );
      await shot(page, `exit-refused-${viewport.width}`);
      await context.close();
    }
  } finally {
    await camera.close();
  }
  expect(await sessionStatus(party.sessionId)).toBe('ACTIVE');
  // Two phones' taps within the window: staff were alerted once, about this table.
  const alerts = await db.query(
    "SELECT payload_json->'alert' AS alert FROM events WHERE type = 'staff.alert' AND payload_json->'alert'->>'tableNumber' = '6'",
  );
  expect(alerts.rows.map((r) => [r.alert.message, r.alert.urgency])).toEqual([
    ['Table 6: guest needs help to exit', 'HIGH'],
  ]);
});

test('staff assistance that cannot reach staff says so in a toast', async () => {
  const party = await paidParty('10');
  const camera = await browserWithCamera('assist-fails');
  try {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await exitPage(camera, party, viewport);
      await page.route('**/api/guest/assistance', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Down' }) }),
      );
      await page.getByTestId('exit-assist').click();
      await expect(page.getByTestId('toast')).toContainText('Could not reach staff');
      await expect(page.getByTestId('exit-assist-sent')).toBeHidden();
      await expect(page.getByTestId('exit-assist')).toBeEnabled();
      await shot(page, `exit-assist-failed-${viewport.width}`);
      await context.close();
    }
  } finally {
    await camera.close();
  }
});

test("the exit scan reads the venue's exit code from the camera and shows the receipt", async () => {
  const exit = (await call(staffCookie, 'GET', '/api/venue/exit-qr')).body as { url: string };
  const camera = await browserWithCamera('exit', exit.url);
  try {
    for (const [i, viewport] of VIEWPORTS.entries()) {
      const party = await paidParty(String(7 + i));
      const { context, page } = await exitPage(camera, party, viewport);
      await shot(page, `exit-${viewport.width}`);
      await page.getByTestId('exit-scan').click();
      await expect(page.getByTestId('receipt')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('receipt-paid')).toHaveText(`$${party.total}`);
      await shot(page, `exit-receipt-${viewport.width}`);
      // Print at the venue: refused while the venue has no receipt printer; then, with one driven
      // by a terminal, the cloud asks that terminal to print it (desktop/src/core/printing/
      // venue-receipt.integration.test.ts follows it to the paper).
      await page.getByTestId('receipt-print').click();
      await expect(page.getByTestId('toast')).toContainText('Could not print the receipt');
      await expect(page.getByTestId('toast')).toContainText('This venue has no receipt printer.');
      if (i === 0) await shot(page, `exit-receipt-no-printer-${viewport.width}`);
      await receiptPrinter();
      await page.getByTestId('receipt-print').click();
      await expect(page.getByTestId('receipt-print-sent')).toHaveText(
        'Your receipt is printing on Front Desk. A member of staff will hand it to you.',
      );
      await shot(page, `exit-receipt-printing-${viewport.width}`);
      const asked = await db.query(
        "SELECT count(*)::int AS n FROM events WHERE type = 'receipt.print_requested' AND payload_json->>'sessionId' = $1",
        [party.sessionId],
      );
      expect(asked.rows[0].n).toBe(1);
      await db.query('DELETE FROM printers WHERE name = $1 AND venue_id = $2', ['Front Desk', venueId]);
      const stored = await page.evaluate<Array<string | null>>(
        "[localStorage.getItem('guestSessionId'), localStorage.getItem('guest_qr_token')]",
      );
      expect(stored).toEqual([null, null]);
      expect(await sessionStatus(party.sessionId)).toBe('CLOSED');
      await page.getByTestId('exit-restaurant').click();
      await expect(page).toHaveURL(`${cloudUrl}/guest`);
      await expect(page.getByTestId('guest-home')).toBeVisible();
      await shot(page, `guest-home-${viewport.width}`);
      await context.close();
    }
  } finally {
    await camera.close();
  }
});

test('the exit scan shows the camera while it looks, and Stop Scanning turns it off', async () => {
  const party = await paidParty('9');
  const camera = await browserWithCamera('no-code');
  try {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await exitPage(camera, party, viewport);
      await page.getByTestId('exit-scan').click();
      await expect(page.getByTestId('exit-scanning')).toHaveText("Point the camera at the venue's exit QR code.");
      await expect(page.getByTestId('exit-page')).toHaveAttribute('data-camera', 'scanning');
      await expect(page.getByTestId('exit-viewport')).toBeVisible();
      await shot(page, `exit-scanning-${viewport.width}`);
      await page.getByTestId('exit-stop').click();
      await expect(page.getByTestId('exit-page')).toHaveAttribute('data-camera', 'off');
      await expect(page.getByTestId('exit-viewport')).toBeHidden();
      await expect(page.getByTestId('exit-scan')).toBeEnabled();
      await context.close();
    }
  } finally {
    await camera.close();
  }
  expect(await sessionStatus(party.sessionId)).toBe('ACTIVE');
});
