// The kitchen display at arm's length (issue 22 item 8), in real Chromium on a real cloud and a
// real terminal core: one card per ticket (grouped as the shared rule groups them), legible sizes
// and WCAG AA contrast, batch buttons that ask first and act on the chosen station only, and
// Recall of the last bumped ticket on both tiers. Screenshots (KDS_SHOTS, default the temp folder)
// at 1280×800 and 390×844.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  COURSE_TIMING,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  KITCHEN_TICKET_TEXTS,
  type KitchenItem,
  lineTickets,
  SHELL_TEXTS,
} from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { type Client, checkInGuest, type Harness, loginAs } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.KDS_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let staff: Client;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  stack = await startStaffAppStack('kds');
  ({ h, core, browser } = stack);
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  const { menu, tableIds } = h.fixture.a;
  const guests = [];
  for (const tableId of tableIds) guests.push(await checkInGuest(h.cloud.url, staff, tableId));
  // Two rounds per table of starters (fries and cheesecake) and a burger, fired; then drinks.
  for (let round = 0; round < 2; round++) {
    for (const { guest, sessionId } of guests) {
      const placed = await guest.post('/api/orders', {
        sessionId,
        items: [
          { menuItemId: menu.fries, quantity: 1, course: 'appetizer', notes: round === 0 ? 'extra crispy' : undefined },
          { menuItemId: menu.cake, quantity: 1, course: 'appetizer' },
          {
            menuItemId: menu.burger,
            quantity: 2,
            course: 'main',
            modifiers: [{ groupId: 'temp', optionIds: ['rare'] }],
          },
        ],
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
  }
  h.clock.offsetMs += COURSE_TIMING.firstCourseDelayMs + COURSE_TIMING.appetizerToMainMs + 1000;
  await h.cloud.fireDueCourses();
  for (const { guest, sessionId } of guests) {
    const placed = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: menu.lemonade, quantity: 2, course: 'drink' }],
    });
    expect(placed.status).toBe(201);
  }
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

async function signIn(p: Page, url: string): Promise<void> {
  await p.goto(url);
  await p.getByTestId('login-email').fill(h.fixture.a.staffEmail);
  await p.getByTestId('login-password').fill(PASSWORD);
  await p.getByTestId('login-submit').click();
  await p.getByRole('heading', { name: KITCHEN_TEXTS.title }).waitFor();
}

const tickets = (p: Page) => p.getByTestId('kitchen-ticket');
const statusesOf = async (ids: readonly string[]) =>
  new Map((await h.database.db('order_items').whereIn('id', ids).select('id', 'status')).map((r) => [r.id, r.status]));

/**
 * WCAG 2 contrast of each element's text against the first opaque background behind it, and its
 * font size: what `selector` matches on the page, as [text, ratio, px].
 */
function legibility(p: Page, selector: string): Promise<[string, number, number][]> {
  return p.evaluate((sel) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r = 0, g = 0, b = 0]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c[3] ?? 0) > 0.9) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    return [...document.querySelectorAll(sel)].map((el): [string, number, number] => {
      const style = getComputedStyle(el);
      const [a, b] = [lum(rgb(style.color)), lum(background(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return [el.textContent ?? '', Math.round(ratio * 100) / 100, Number.parseFloat(style.fontSize)];
    });
  }, selector);
}

it('shows one card per ticket, legible from a metre, and more than nine items on 1280×800', async () => {
  await signIn(page, `${h.cloud.url}/kitchen-display`);
  const kitchen = (await staff.get('/api/order-items/kitchen')).body as KitchenItem[];
  const expected = lineTickets(kitchen, null);
  // 6 starter tickets, 6 burger tickets and 3 drink tickets: 15 tickets of 21 items.
  expect(expected).toHaveLength(15);
  await expect.poll(() => tickets(page).count(), { timeout: 15_000 }).toBe(expected.length);
  const shown = await tickets(page).evaluateAll((cards) =>
    cards.map((c) =>
      [...c.querySelectorAll('[data-testid="kitchen-card"]')].map((i) => i.getAttribute('data-item-id')),
    ),
  );
  expect(shown).toEqual(expected.map((t) => t.items.map((i) => i.id)));

  const sizes = async (selector: string) => (await legibility(page, selector)).map(([, , px]) => px);
  expect(Math.min(...(await sizes('.ticket-table')))).toBeGreaterThanOrEqual(28);
  expect(Math.min(...(await sizes('.ticket-card .chip')))).toBeGreaterThanOrEqual(18);
  expect(Math.min(...(await sizes('.item-name')))).toBeGreaterThanOrEqual(18);
  const texts =
    '.ticket-card .chip, .ticket-table, .ticket-age, .item-name, .item-modifiers, .item-notes, .ticket-card .button';
  const poor = (await legibility(page, texts)).filter(([, ratio]) => ratio < 4.5);
  expect(poor).toEqual([]);

  // What a cook sees without scrolling: whole items inside the window.
  const visible = await page.getByTestId('kitchen-card').evaluateAll(
    (rows) =>
      rows.filter((r) => {
        const box = r.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      }).length,
  );
  console.info(`kitchen display 1280×800: ${visible} items visible without scrolling`);
  expect(visible).toBeGreaterThan(9);
  await page.screenshot({ path: join(shots, 'kds-tickets-1280.png') });
}, 120_000);

it('asks before Start All Pending and Mark All Ready, naming how many items at which station, and moves only that station', async () => {
  const bar = (await staff.get('/api/order-items/kitchen')).body as KitchenItem[];
  const barItems = bar.filter((i) => i.menuItem.station === 'Bar').map((i) => i.id);
  const others = bar.filter((i) => i.menuItem.station !== 'Bar').map((i) => i.id);
  expect(barItems).toHaveLength(3);

  await page.getByRole('tab', { name: /^Bar/ }).click();
  await expect.poll(() => tickets(page).count()).toBe(3);
  await page.getByRole('button', { name: KITCHEN_TEXTS.startAllPending }).click();
  const question = KITCHEN_TICKET_TEXTS.confirmStartAll(3, KITCHEN_TICKET_TEXTS.atStation('Bar'));
  const dialog = page.getByRole('alertdialog', { name: question });
  await dialog.waitFor();
  await page.screenshot({ path: join(shots, 'kds-confirm-1280.png') });
  // Cancel closes it and sends nothing: the button's next press asks again.
  await dialog.getByRole('button', { name: KITCHEN_TICKET_TEXTS.cancel }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: KITCHEN_TEXTS.startAllPending }).click();
  await dialog.getByRole('button', { name: KITCHEN_TICKET_TEXTS.confirmStartAllAction(3) }).click();
  await page.getByText(KITCHEN_FLOW_TEXTS.batchDone(3)).first().waitFor();
  const after = await statusesOf([...barItems, ...others]);
  expect(barItems.map((id) => after.get(id))).toEqual(['IN_PREP', 'IN_PREP', 'IN_PREP']);
  expect(new Set(others.map((id) => after.get(id)))).toEqual(new Set(['SENT_TO_KITCHEN']));

  await page.getByRole('button', { name: KITCHEN_TEXTS.markAllReady }).click();
  await page
    .getByRole('alertdialog', {
      name: KITCHEN_TICKET_TEXTS.confirmMarkAllReady(3, KITCHEN_TICKET_TEXTS.atStation('Bar')),
    })
    .getByRole('button', { name: KITCHEN_TICKET_TEXTS.confirmMarkAllReadyAction(3) })
    .click();
  // Bumped, the bar's tickets leave the line for the pass.
  await tickets(page).first().waitFor({ state: 'detached' });
  const ready = await statusesOf(barItems);
  expect(barItems.map((id) => ready.get(id))).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN', 'READY_FOR_RUN']);
  await page.getByRole('tab', { name: new RegExp(`^${KITCHEN_TEXTS.allStations}`) }).click();
}, 120_000);

/** Bumps the first ticket of `p`'s line, then recalls it; answers its items. */
async function bumpAndRecall(p: Page): Promise<string[]> {
  const ticket = tickets(p).first();
  const orderId = (await ticket.getAttribute('data-order-id')) as string;
  const course = (await ticket.getAttribute('data-course')) as string;
  const ids = (await ticket
    .getByTestId('kitchen-card')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')))) as string[];
  const label = (await ticket.locator('.ticket-table').textContent()) as string;
  const same = p.locator(`[data-testid="kitchen-ticket"][data-order-id="${orderId}"][data-course="${course}"]`);
  await ticket.getByRole('button', { name: KITCHEN_TICKET_TEXTS.bump }).click();
  await same.waitFor({ state: 'detached' });
  const recall = p.getByRole('button', { name: KITCHEN_TICKET_TEXTS.recall(label) });
  await recall.waitFor();
  await p.screenshot({ path: join(shots, `kds-recall-${p === page ? 'cloud' : 'terminal'}-1280.png`) });
  await recall.click();
  await p.getByText(KITCHEN_TICKET_TEXTS.recalled(label)).first().waitFor();
  await same.waitFor();
  await recall.waitFor({ state: 'detached' });
  expect(await same.getAttribute('data-stage')).toBe('cooking');
  return ids;
}

it('recalls the last bumped ticket on the cloud: its items go back into preparation', async () => {
  const ids = await bumpAndRecall(page);
  const now = await statusesOf(ids);
  expect(ids.map((id) => now.get(id))).toEqual(ids.map(() => 'IN_PREP'));
  const events = await h.database
    .db('events')
    .where({ type: 'order.item.status.changed' })
    .whereRaw(`payload_json->'item'->>'id' = any(?)`, [ids])
    .orderBy('seq')
    .select('payload_json');
  // started and readied by the bump, then recalled: from READY_FOR_RUN back to IN_PREP
  expect(events.map((e) => `${e.payload_json.from}>${e.payload_json.to}`).slice(-1)).toEqual(['READY_FOR_RUN>IN_PREP']);
}, 120_000);

it('recalls the last bumped ticket on the terminal, and the cloud gets the recall', async () => {
  await expect.poll(() => core.status().online, { timeout: 15_000 }).toBe(true);
  const terminal = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(terminal, `${core.url}/kitchen-display`);
  await tickets(terminal).first().waitFor({ timeout: 15_000 });
  const ids = await bumpAndRecall(terminal);
  await expect.poll(() => core.status().outbox.pending, { timeout: 30_000 }).toBe(0);
  expect(core.status().outbox.rejected).toEqual([]);
  const now = await statusesOf(ids);
  expect(ids.map((id) => now.get(id))).toEqual(ids.map(() => 'IN_PREP'));
  await terminal.close();
}, 120_000);

it('works on a phone: one column of tickets, touch targets of 44 px', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto(`${h.cloud.url}/kitchen-display`);
  const toggle = phone.getByLabel(SHELL_TEXTS.toggleSidebar);
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click');
  await tickets(phone).first().waitFor();
  const small = await phone
    .locator('.ticket-card button, .batch-actions button')
    .evaluateAll((els) =>
      els
        .map((e) => [e.textContent?.trim() ?? '', e.getBoundingClientRect().height] as const)
        .filter(([, height]) => height > 0 && height < 44),
    );
  expect(small).toEqual([]);
  const widths = await tickets(phone).evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().right));
  expect(Math.max(...widths)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: join(shots, 'kds-tickets-390.png') });
  await phone.screenshot({ path: join(shots, 'kds-tickets-390-full.png'), fullPage: true });
  await context.close();
}, 120_000);
