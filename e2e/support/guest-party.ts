// A party at a table for the guest payment journeys: checked in by the table's QR code with an
// order of three dishes, and phones that open its bill as a phone that checked in would.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { cookieOf, type DemoCloud } from './demo-cloud.js';

/** A call to the cloud as `cookie`; fails the test unless it succeeds. */
export async function apiCall(cloud: DemoCloud, cookie: string, method: string, path: string, body?: unknown) {
  const reply = await fetch(`${cloud.url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(reply.status, `${method} ${path}`).toBeLessThan(300);
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed test replies
  return { reply, body: (await reply.json()) as any };
}

export interface Party {
  sessionId: string;
  tableId: string;
  guestCookie: string;
  token: string;
}

/** A party checked in at a free table by its QR code, with an order of `dishes` dishes (three). */
export async function seatedParty(
  cloud: DemoCloud,
  tableNumber: string,
  { guestName = 'Trio', partySize = 3, dishes = 3 }: { guestName?: string; partySize?: number; dishes?: number } = {},
): Promise<Party> {
  await cloud.db.query(
    "UPDATE tables SET state = 'EMPTY', hold_expires_at = NULL WHERE venue_id = $1 AND number = $2",
    [cloud.venueId, tableNumber],
  );
  const table = (
    await cloud.db.query('SELECT id FROM tables WHERE venue_id = $1 AND number = $2', [cloud.venueId, tableNumber])
  ).rows[0] as { id: string };
  const qr = (await apiCall(cloud, cloud.staffCookie, 'GET', `/api/tables/${table.id}/qr`)).body as { token: string };
  const checkin = await apiCall(cloud, '', 'POST', '/api/guest/checkin', {
    guestName,
    partySize,
    tableId: table.id,
    venueId: cloud.venueId,
    token: qr.token,
  });
  const sessionId = checkin.body.sessionId as string;
  const guestCookie = cookieOf(checkin.reply);
  const menu = (await apiCall(cloud, guestCookie, 'GET', '/api/menu')).body.items as Array<{
    id: string;
    isAvailable: boolean;
    modifiersSchema: Array<{ required: boolean }>;
  }>;
  const simple = menu.filter((m) => m.isAvailable && !m.modifiersSchema.some((g) => g.required)).slice(0, dishes);
  await apiCall(cloud, guestCookie, 'POST', '/api/orders', {
    sessionId,
    items: simple.map((m) => ({ menuItemId: m.id, quantity: 1, course: 'main' })),
  });
  return { sessionId, tableId: table.id, guestCookie, token: qr.token };
}

/** A phone of the party: its cookie and stored ids, as after checking in by the QR code. */
export async function partyPhone(
  browser: Browser,
  cloud: DemoCloud,
  party: Party,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const [name, value] = party.guestCookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: cloud.url }]);
  await context.addInitScript(
    `localStorage.setItem('guestSessionId', ${JSON.stringify(party.sessionId)});
     localStorage.setItem('guest_qr_token', ${JSON.stringify(party.token)});`,
  );
  return { context, page: await context.newPage() };
}

/** A phone at the table: the party's cookie and stored ids, on the bill page. */
export async function phoneAt(
  browser: Browser,
  cloud: DemoCloud,
  party: Party,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await partyPhone(browser, cloud, party, viewport);
  await page.goto(`${cloud.url}/guest/payment?sessionId=${party.sessionId}&tableId=${party.tableId}`);
  await expect(page.getByTestId('bill-total')).toBeVisible();
  return { context, page };
}
