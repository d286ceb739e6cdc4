// The kitchen display and the runner interface in real Chromium, on a real cloud and a real
// terminal core: an order of two courses is started and readied by the batch buttons, expo sends
// each course to the runners as a ticket of its own (issue 22), a runner picks them up and
// delivers them, a zone run takes another out; then the
// same kitchen flow on the terminal while the cloud is down, reaching the cloud once when it is
// back. Screenshots (KITCHEN_SHOTS, default the temp folder) of every view at 1280×800 and 390×844.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  COURSE_TIMING,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  KITCHEN_TICKET_TEXTS,
  MESSAGES,
  RUNNER_TEXTS,
  SHELL_TEXTS,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Client, checkInGuest, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.KITCHEN_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let staff: Client;
let guest: Client;
let sessionId: string;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;
const alex = randomUUID();

beforeAll(async () => {
  stack = await startStaffAppStack('kitchen');
  ({ h, core, browser } = stack);
  const runner = (id: string, name: string) => ({
    id,
    org_id: h.fixture.a.orgId,
    venue_id: h.fixture.a.venueId,
    name,
    status: 'available',
  });
  await h.database.db('runners').insert([runner(alex, 'Alex Rivera'), runner(randomUUID(), 'Jordan Lee')]);
  await h.database.db('menu_items').where({ id: h.fixture.a.menu.lemonade }).update({ temperature: 'cold' });
  await h.database.db('menu_items').where({ id: h.fixture.a.menu.fries }).update({ temperature: 'hot' });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  ({ guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string));
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** A drink (fired at once) and fries (the first course, fired five minutes later), fired now. */
async function twoCourses(): Promise<string> {
  const placed = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' },
      { menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer', notes: 'extra crispy' },
    ],
  });
  expect(placed.status).toBe(201);
  h.clock.offsetMs += COURSE_TIMING.firstCourseDelayMs + 1000;
  await h.cloud.fireDueCourses();
  return placed.body.id as string;
}

async function signIn(p: Page, url: string): Promise<void> {
  await p.goto(url);
  await p.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await p.getByTestId('login-password').fill(PASSWORD);
  await p.getByTestId('login-submit').click();
}

const cards = (p: Page, status: string) => p.locator(`[data-testid="kitchen-card"][data-status="${status}"]`);

/** A batch button, confirmed in the dialog it opens (issue 22 item 8). */
async function batchConfirmed(p: Page, button: string, confirm: string): Promise<void> {
  await p.getByRole('button', { name: button }).click();
  await p.getByRole('alertdialog').getByRole('button', { name: confirm }).click();
}

async function phoneShots(url: string, steps: [string, (p: Page) => Promise<void>][]): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto(url);
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  for (const [name, step] of steps) {
    await step(phone);
    await phone.screenshot({ path: join(shots, `${name}-390.png`), fullPage: true });
  }
  await context.close();
}

it('starts and readies two courses by batch, expo sends them to a runner who delivers them', async () => {
  const orderId = await twoCourses();
  await signIn(page, `${h.cloud.url}/kitchen-display`);
  await page.getByRole('heading', { name: KITCHEN_TEXTS.title }).waitFor();
  await cards(page, 'SENT_TO_KITCHEN').nth(1).waitFor();
  expect(await page.getByTestId('kitchen-card').count()).toBe(2);
  await page.screenshot({ path: join(shots, 'kitchen-station-1280.png'), fullPage: true });

  await batchConfirmed(page, KITCHEN_TEXTS.startAllPending, KITCHEN_TICKET_TEXTS.confirmStartAllAction(2));
  await page.getByText(KITCHEN_FLOW_TEXTS.batchDone(2)).waitFor();
  await cards(page, 'IN_PREP').nth(1).waitFor();
  await batchConfirmed(page, KITCHEN_TEXTS.markAllReady, KITCHEN_TICKET_TEXTS.confirmMarkAllReadyAction(2));
  // Bumped, the tickets leave the line for the pass.
  await page.getByText(KITCHEN_TEXTS.noItems).waitFor();

  await page.getByRole('tab', { name: KITCHEN_TEXTS.viewAnalytics }).click();
  await page.getByTestId('station-efficiency').waitFor();
  // Ticket times from the events: the bar's lemonade and the fry station's fries, each readied once.
  const ticketRows = page.getByTestId('ticket-times').locator('tbody tr');
  await ticketRows.nth(1).waitFor();
  expect(await ticketRows.allTextContents()).toEqual([expect.stringMatching(/^Bar1/), expect.stringMatching(/^Fry1/)]);
  await page.screenshot({ path: join(shots, 'kitchen-analytics-1280.png'), fullPage: true });

  await page.getByRole('tab', { name: KITCHEN_TEXTS.viewExpo }).click();
  // Each course on the pass is its own ticket (issue 22): the drinks, then the fries.
  const expo = (course: string) =>
    page.locator(`[data-testid="expo-order"][data-order-id="${orderId}"][data-course="${course}"]`);
  await expo('appetizer').waitFor();
  await page.screenshot({ path: join(shots, 'kitchen-expo-1280.png'), fullPage: true });
  for (const course of ['drink', 'appetizer']) {
    await expo(course).getByRole('button', { name: KITCHEN_TEXTS.sendToRunner }).click();
    await expo(course).getByTestId('expo-sent').waitFor();
  }
  await page.getByText(MESSAGES.sentToExpoTitle).first().waitFor();

  await phoneShots(`${h.cloud.url}/kitchen-display`, [
    ['kitchen-station', async (p) => void (await p.getByText(KITCHEN_TEXTS.noItems).waitFor())],
    [
      'kitchen-expo',
      async (p) => {
        await p.getByRole('tab', { name: KITCHEN_TEXTS.viewExpo }).click();
        await p.getByTestId('expo-order').first().waitFor();
      },
    ],
    [
      'kitchen-analytics',
      async (p) => {
        await p.getByRole('tab', { name: KITCHEN_TEXTS.viewAnalytics }).click();
        await p.getByTestId('station-efficiency').waitFor();
      },
    ],
  ]);

  // The runner: Pick Up needs a runner chosen, then Delivered.
  await page.goto(`${h.cloud.url}/runner-interface`);
  await page.getByRole('heading', { name: RUNNER_TEXTS.title }).waitFor();
  // The drinks' ticket takes the order's id; the fries' ticket follows as a ticket of its own.
  const card = page.locator(`[data-testid="runner-order"][data-order-id="${orderId}"]`);
  const fries = page.locator('[data-testid="runner-order"]', { hasText: 'Fries' });
  await card.waitFor();
  await fries.waitFor();
  expect(await card.textContent()).toContain(RUNNER_TEXTS.cold);
  expect(await fries.textContent()).toContain(RUNNER_TEXTS.hot);
  const pickUp = card.getByRole('button', { name: RUNNER_TEXTS.pickUp });
  expect(await pickUp.isDisabled()).toBe(true);
  expect(await card.textContent()).toContain(MESSAGES.pickUpNeedsRunner);
  await page.getByTestId('runner-select').selectOption({ label: 'Alex Rivera' });
  await page.screenshot({ path: join(shots, 'runner-orders-1280.png'), fullPage: true });
  for (const ticket of [card, fries]) {
    await ticket.getByRole('button', { name: RUNNER_TEXTS.pickUp }).click();
    await ticket.and(page.locator('[data-status="OUT_FOR_DELIVERY"]')).waitFor();
    await ticket.getByRole('button', { name: RUNNER_TEXTS.delivered }).click();
    await ticket.waitFor({ state: 'detached' });
  }
  const delivered = await h.database.db('order_items').where({ order_id: orderId });
  expect(delivered.map((i) => i.status)).toEqual(['DELIVERED', 'DELIVERED']);

  // A zone run takes the next order out with Alex.
  const next = await twoCourses();
  await staff.post('/api/order-items/batch-update', {
    updates: (await h.database.db('order_items').where({ order_id: next })).flatMap((i) => [
      { id: i.id, status: 'IN_PREP' },
      { id: i.id, status: 'READY_FOR_RUN' },
    ]),
  });
  expect((await staff.post(`/api/orders/${next}/send-to-expo`)).status).toBe(200);
  await page.locator(`[data-testid="runner-order"][data-order-id="${next}"]`).waitFor();
  await page.getByRole('tab', { name: /^Dining Room/ }).click();
  await page.getByRole('button', { name: RUNNER_TEXTS.createZoneRun }).click();
  await page.getByText(MESSAGES.deliveryRunCreatedTitle).first().waitFor();
  await page.locator(`[data-testid="runner-order"][data-status="OUT_FOR_DELIVERY"]`).waitFor();
  await page.screenshot({ path: join(shots, 'runner-orders-out-1280.png'), fullPage: true });
  await page.getByRole('tab', { name: RUNNER_TEXTS.viewRuns }).click();
  await page.getByTestId('delivery-run').first().waitFor();
  expect(await page.getByTestId('delivery-run').first().textContent()).toContain('Alex Rivera');
  await page.screenshot({ path: join(shots, 'runner-runs-1280.png'), fullPage: true });
  await page.getByRole('tab', { name: RUNNER_TEXTS.viewZones }).click();
  await page.getByTestId('zone-stats').waitFor();
  await page.screenshot({ path: join(shots, 'runner-zones-1280.png'), fullPage: true });

  await phoneShots(`${h.cloud.url}/runner-interface`, [
    ['runner-orders', async (p) => void (await p.getByTestId('runner-order').first().waitFor())],
    [
      'runner-runs',
      async (p) => {
        await p.getByRole('tab', { name: RUNNER_TEXTS.viewRuns }).click();
        await p.getByTestId('delivery-run').first().waitFor();
      },
    ],
    [
      'runner-zones',
      async (p) => {
        await p.getByRole('tab', { name: RUNNER_TEXTS.viewZones }).click();
        await p.getByTestId('zone-stats').waitFor();
      },
    ],
  ]);
}, 120_000);

it('runs the kitchen flow on the terminal while the cloud is down; the cloud gets each move once', async () => {
  const orderId = await twoCourses();
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  const terminalPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(terminalPage, `${core.url}/kitchen-display`);
  await cards(terminalPage, 'SENT_TO_KITCHEN').nth(1).waitFor({ timeout: 15_000 });

  await h.cloud.close();
  await terminalPage.getByTestId('terminal-offline').waitFor({ timeout: 30_000 });
  await batchConfirmed(terminalPage, KITCHEN_TEXTS.startAllPending, KITCHEN_TICKET_TEXTS.confirmStartAllAction(2));
  await cards(terminalPage, 'IN_PREP').nth(1).waitFor();
  await batchConfirmed(terminalPage, KITCHEN_TEXTS.markAllReady, KITCHEN_TICKET_TEXTS.confirmMarkAllReadyAction(2));
  await terminalPage.getByText(KITCHEN_TEXTS.noItems).waitFor();
  await terminalPage.screenshot({ path: join(shots, 'kitchen-terminal-offline-1280.png'), fullPage: true });
  expect(core.status().outbox.pending).toBe(4);

  h.cloud = await h.startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 30_000 }).toBe(0);
  const items = await h.database.db('order_items').where({ order_id: orderId });
  expect(items.map((i) => i.status)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN']);
  const moves = await h.database
    .db('events')
    .where({ type: 'order.item.status.changed' })
    .whereRaw(`payload_json->'item'->>'orderId' = ?`, [orderId]);
  // the fries fired (the drink went to the kitchen as ordered), both started and readied: each once
  expect(moves.map((e) => e.payload_json.to).sort()).toEqual(
    ['IN_PREP', 'IN_PREP', 'READY_FOR_RUN', 'READY_FOR_RUN', 'SENT_TO_KITCHEN'].sort(),
  );
  await terminalPage.close();
}, 120_000);
