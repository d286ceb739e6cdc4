// Pair a terminal by a short code (issue 24), in real Chromium: on the cloud's venues screen a
// manager names the terminal and makes a code for the venue they work at; the code the screen
// shows pairs a terminal once. On the terminal the panel says codes are made on the cloud.
// Screenshots go to PAIR_TERMINAL_SHOTS when set.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ACCESS_TEXTS, PAIRING_CODE_TEXTS, VENUE_ADMIN_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness } from '../../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../../../core/core.js';
import { startStaffAppStack } from '../../test/chromium.js';

const shots = process.env.PAIR_TERMINAL_SHOTS ?? tmpdir();

let h: Harness;
let core: TerminalCore;
let browser: Browser;
let stack: Awaited<ReturnType<typeof startStaffAppStack>> | undefined;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stack = await startStaffAppStack('pair-terminal');
  ({ h, core, browser } = stack);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const codeCount = async () => Number((await h.database.db('terminal_pairing_codes').count({ n: '*' }))[0]?.n);

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: VENUE_ADMIN_TEXTS.title, exact: true }).waitFor();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  it(`makes a code on the cloud that pairs a terminal once (${viewport.width} px)`, async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, `${h.cloud.url}/admin/venues`);
    const panel = page.getByTestId('pair-terminal');
    const codesBefore = await codeCount();
    await expect
      .poll(() => panel.getByTestId('pair-terminal-venue').textContent(), { timeout: 15_000 })
      .toBe(PAIRING_CODE_TEXTS.forVenue('Alpha Downtown'));
    // No name: the form says so and makes nothing.
    await panel.getByTestId('pair-terminal-create').click();
    await panel.getByRole('alert').waitFor();
    expect(await codeCount()).toBe(codesBefore);
    await panel.getByTestId('pair-terminal-name').fill(`Bar till ${viewport.width}`);
    await panel.getByTestId('pair-terminal-create').click();
    const code = (await panel.getByTestId('pairing-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await panel.getByTestId('pair-terminal-result').textContent()).toContain(
      PAIRING_CODE_TEXTS.codeFor(`Bar till ${viewport.width}`),
    );
    const createBox = await panel.getByTestId('pair-terminal-create').boundingBox();
    expect(createBox?.height).toBeGreaterThanOrEqual(44);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, `pair-terminal-${viewport.width}.png`), fullPage: true });

    const device = new Client(h.cloud.url);
    const paired = await device.post('/api/terminals/pair', { code });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    expect(paired.body.terminal).toMatchObject({ name: `Bar till ${viewport.width}`, venueId: h.fixture.a.venueId });
    expect((await device.post('/api/terminals/pair', { code })).status).toBe(404);
    await context.close();
  }, 90_000);
}

it('says on the terminal that the screen needs the cloud, where codes are made', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${core.url}/admin/venues`);
  await page.getByTestId('login-email').fill(h.fixture.a.managerEmail);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  // Venues is a cloud-only screen: the shell's one needs-cloud page answers before anything is asked.
  await expect
    .poll(() => page.getByTestId('needs-cloud').locator('h1').textContent(), { timeout: 15_000 })
    .toBe(ACCESS_TEXTS.needsCloudTitle);
  expect(await page.getByTestId('pair-terminal-create').count()).toBe(0);
  await page.screenshot({ path: join(shots, 'pair-terminal-on-terminal-1280.png'), fullPage: true });
  await context.close();
}, 60_000);
