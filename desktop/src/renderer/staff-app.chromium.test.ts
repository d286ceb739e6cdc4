// The staff app in real Chromium, served by a real terminal core synced from a real cloud:
// sign-in, live arrival of an order, a kitchen move, the offline banner, a change the cloud
// refuses and its dismissal, a reload after the cloud's data was restored, the not-found page and
// the sidebar cookie.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  FEATURES,
  featuresWithScreens,
  GUEST_PRIVACY_TEXTS,
  KITCHEN_FLOW_TEXTS,
  MESSAGES,
  SETUP_TEXTS,
} from '@tablewise/shared';
import { freePort } from '@tablewise/shared/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDatabaseEpoch } from '../../../cloud/src/repositories/database-epoch.js';
import { PASSWORD } from '../../../cloud/src/testkit/fixture.js';
import { checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../../../cloud/src/testkit/harness.js';
import { startTerminalCore, type TerminalCore } from '../core/core.js';
import { SCREENS } from './app/screens.js';
import { launchChromium, staffAppDir } from './test/chromium.js';

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let page: Page;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'tw-staff-app-'));
  const webDir = await staffAppDir();
  // a fixed port, so the cloud restarted later answers at the URL the terminal knows
  h = await startHarness({ port: await freePort() });
  const { credential } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Kitchen');
  core = await startTerminalCore({
    cloudUrl: h.cloud.url,
    credential,
    dataDir: join(workDir, 'terminal'),
    port: 0,
    staticDir: webDir,
    printing: false,
    backoff: { baseMs: 100, maxMs: 300 },
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await core?.close();
  await h?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('staff app on a terminal', () => {
  it("shows the server's message for a wrong password, then signs in to the kitchen display", async () => {
    await page.goto(`${core.url}/kitchen-display`);
    await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
    await page.getByTestId('login-password').fill('wrong password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(MESSAGES.invalidCredentials);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByRole('heading', { name: 'Kitchen Display' }).waitFor();
    // The screens this build has, in the registry's order (the host console's icon is the letter H).
    const built = featuresWithScreens(
      FEATURES,
      SCREENS.map((sc) => sc.path),
    );
    // Besides the registry's screens, a manager's sidebar links the setup checklist and guest
    // privacy requests (issue 24).
    const links = (await page.getByTestId('sidebar').getByRole('link').allTextContents()).filter(
      (l) => !l.endsWith(SETUP_TEXTS.title) && !l.endsWith(GUEST_PRIVACY_TEXTS.title),
    );
    // A feature without a drawing shows its initial before its title; the sidebar groups the
    // screens (the administration ones last), so the registry's screens are compared as a set.
    const titleOf = (l: string) => built.find((f) => l === f.title || l === `${f.title[0]}${f.title}`)?.title ?? l;
    expect(links.map(titleOf).sort()).toEqual(built.map((f) => f.title).sort());
    expect(links).toContain('Kitchen Display');
    expect(await page.getByTestId('sidebar').getByRole('heading').allTextContents()).toEqual([
      'Navigation',
      'Role-Specific Interfaces',
      // A manager holds the MANAGE_ permissions the Administration group needs (issue 24).
      'Administration',
      'Quick Actions',
    ]);
  });

  it('receives an order live, moves it to IN_PREP, and shows a held course with its fire time', async () => {
    await page.getByLabel('Auto Refresh').uncheck();
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink', specialInstructions: 'no ice' },
        { menuItemId: h.fixture.a.menu.fries, quantity: 1, course: 'appetizer' },
      ],
    });
    expect(reply.status).toBe(201);
    const drink = page.locator('[data-testid="kitchen-card"]', { hasText: 'Lemonade' });
    await drink.waitFor({ timeout: 20_000 });
    expect(await drink.getAttribute('data-status')).toBe('SENT_TO_KITCHEN');
    expect(await drink.textContent()).toContain('no ice');
    expect(await drink.getByRole('button').allTextContents()).toEqual(['Start Prep']);
    // The fries' course is held: its ticket says when it fires, and the only thing to do is to
    // fire it early (issue 22, item 2).
    const fries = page.locator('[data-testid="kitchen-ticket"]', { hasText: 'Fries' });
    expect(await fries.getAttribute('data-stage')).toBe('held');
    expect(await fries.getByTestId('held').textContent()).toMatch(/^Fires at /);
    expect(await fries.getByRole('button').allTextContents()).toEqual([KITCHEN_FLOW_TEXTS.fireNow]);

    await drink.getByRole('button', { name: 'Start Prep' }).click();
    await page.locator('[data-testid="kitchen-card"][data-status="IN_PREP"]').waitFor();
    expect(await drink.getByRole('button').allTextContents()).toEqual(['Ready', 'Pause']);
    const itemId = await drink.getAttribute('data-item-id');
    const statusInCloud = async () => (await h.database.db('order_items').where({ id: itemId }).first())?.status;
    await expect.poll(statusInCloud, { timeout: 20_000 }).toBe('IN_PREP');
  });

  it('says when the cloud is gone, and lists a change the cloud refused until it is dismissed', async () => {
    const drink = page.locator('[data-testid="kitchen-card"]', { hasText: 'Lemonade' });
    const itemId = (await drink.getAttribute('data-item-id')) as string;
    await h.cloud.close();
    await page.getByTestId('terminal-offline').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('terminal-offline').textContent()).toContain(MESSAGES.offlineBanner);

    await drink.getByRole('button', { name: 'Ready' }).click();
    // ready, the drink's ticket is bumped off the line
    await page.locator(`[data-testid="kitchen-card"][data-item-id="${itemId}"]`).waitFor({ state: 'detached' });
    // meanwhile the item was delivered another way: replaying the queued move must be refused
    await h.database.db('order_items').where({ id: itemId }).update({ status: 'DELIVERED' });
    h.cloud = await h.startAnother();

    const rejected = page.getByTestId('rejected-change');
    await rejected.waitFor({ timeout: 30_000 });
    expect(await rejected.textContent()).toContain('Cannot change item status from DELIVERED to READY_FOR_RUN');
    await rejected.getByRole('button', { name: 'Dismiss' }).click();
    await rejected.waitFor({ state: 'detached' });
  });

  it('names a change that keeps failing to reach the cloud, until it goes through', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    const reply = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.cake, quantity: 3, course: 'drink' }],
    });
    expect(reply.status).toBe(201);
    const cake = page.locator('[data-testid="kitchen-card"]', { hasText: 'Cheesecake' });
    await cake.waitFor({ timeout: 20_000 });
    // The cloud's database refuses every item update: each push answers 500. (Seen at 1280 and
    // 390 px wide: one amber line under the header naming the item and its table.)
    const { db } = h.database;
    await db.raw(`CREATE FUNCTION refuse_item_updates() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
    await db.raw(
      'CREATE TRIGGER refuse_item_updates BEFORE UPDATE ON order_items FOR EACH ROW EXECUTE FUNCTION refuse_item_updates()',
    );
    await cake.getByRole('button', { name: 'Start Prep' }).click();

    const stuck = page.getByTestId('stuck-change');
    await stuck.waitFor({ timeout: 30_000 });
    const text = (await stuck.textContent()) ?? '';
    expect(text).toContain(MESSAGES.outboxStuck('3 × Cheesecake'));
    expect(text).toContain(MESSAGES.outboxStuckHint);
    expect(await page.getByTestId('terminal-offline').count()).toBe(0);

    await db.raw('DROP TRIGGER refuse_item_updates ON order_items');
    await stuck.waitFor({ state: 'detached', timeout: 30_000 });
  });

  it("says that the terminal reloaded its data after the cloud's was restored from a backup", async () => {
    expect(await page.getByTestId('terminal-rebuilt').count()).toBe(0);
    // The restore: the cloud's database gets a new epoch (what `--new-epoch` does), and restarts.
    await h.cloud.close();
    await renewDatabaseEpoch(h.database.db);
    h.cloud = await h.startAnother();
    const notice = page.getByTestId('terminal-rebuilt');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain("the cloud's data was restored from a backup");
    await page.screenshot({ path: join(tmpdir(), 'terminal-rebuilt-1280.png') });
    // The kitchen still shows the venue's orders, read again from the cloud.
    await page.locator('[data-testid="kitchen-card"]', { hasText: 'Cheesecake' }).waitFor();
  });

  it('shows the not-found page for an unknown path and keeps the sidebar state in its cookie', async () => {
    await page.goto(`${core.url}/no-such-screen`);
    await page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();
    expect(await page.getByText(MESSAGES.notFoundHint).count()).toBe(1);
    await page.keyboard.press('Control+b');
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value)
      .toBe('false');
    await page.reload();
    await page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();
    expect(await page.locator('.shell').getAttribute('data-sidebar')).toBe('collapsed');
  });
});
