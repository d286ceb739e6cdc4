// The host answers guests from the terminal's host console, in real Chromium (issue 27): the
// "Host approves self-seating" switch, a guest's table choice waiting with Approve (the party sits
// down in the cloud), and a phone asking to join a seated party with Let in. The terminal asks the
// cloud for each; the lists follow the cloud's live events. Screenshots (GUEST_REQUESTS_SHOTS,
// default the temp folder) at 1280×800 and 390×844.

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { HOST_APPROVAL_TEXTS, PHONE_JOIN_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness, loginAs, walkIn } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.GUEST_REQUESTS_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stack = await startStaffAppStack('guest-requests');
  ({ h, core, browser } = stack);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

it('approves a guest’s table choice and lets a phone join its party from the terminal', async () => {
  const a = h.fixture.a;
  const db = h.database.db;
  const tableId = a.tableIds[1] as string;
  await page.goto(`${core.url}/host-console`);
  await page.getByTestId('login-email').fill(a.staffEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  const panel = page.getByTestId('seat-requests');
  await panel.getByRole('heading', { name: HOST_APPROVAL_TEXTS.title }).waitFor();

  // The switch goes through the terminal to the cloud.
  await panel.getByRole('switch', { name: HOST_APPROVAL_TEXTS.switchLabel }).check();
  await expect
    .poll(async () => (await db('venues').where({ id: a.venueId }).first()).host_approves_self_seating)
    .toBe(true);
  await panel.getByText(HOST_APPROVAL_TEXTS.onHint).waitFor();

  // A guest confirms a table: the choice waits on the host's screen, live.
  const { guest, reply } = await walkIn(h.cloud.url, a, { guestName: 'Rush', partySize: 2 });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect((await guest.post('/api/guest/hold-table', { tableId })).status).toBe(200);
  const confirmed = await guest.post('/api/guest/confirm-table', { tableId }, { key: randomUUID() });
  expect(confirmed.body).toMatchObject({ awaitingHost: true });
  const row = panel.getByTestId('seat-request');
  await row.waitFor({ timeout: 15_000 });
  expect(await row.textContent()).toContain('Rush');
  await page.screenshot({ path: join(shots, 'host-seat-request-1280.png'), fullPage: true });
  await row.getByRole('button', { name: HOST_APPROVAL_TEXTS.approve }).click();
  await expect.poll(async () => (await db('tables').where({ id: tableId }).first()).state).toBe('OCCUPIED');
  await row.waitFor({ state: 'detached', timeout: 15_000 });

  // An old photo of the table's code: the phone waits for the host, who lets it in.
  const manager = await loginAs(h.cloud.url, a.managerEmail);
  const { token } = (await manager.get(`/api/tables/${tableId}/qr`)).body as { token: string };
  const photo = new Client(h.cloud.url);
  const scan = await photo.post('/api/guest/checkin', { guestName: 'Late', partySize: 1, tableId, token });
  expect(scan.body).toMatchObject({ joinPending: true });
  const joins = page.getByTestId('phone-joins');
  const asking = joins.getByTestId('phone-join');
  await asking.waitFor({ timeout: 15_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'host-phone-join-390.png'), fullPage: true });
  await asking.getByRole('button', { name: PHONE_JOIN_TEXTS.letIn }).click();
  await expect
    .poll(async () => (await db('party_phones').where({ id: scan.body.phoneId }).first()).status)
    .toBe('APPROVED');
  await joins.waitFor({ state: 'detached', timeout: 15_000 });
}, 120_000);
