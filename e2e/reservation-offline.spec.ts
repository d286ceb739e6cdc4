// The host makes a reservation on the terminal while the cloud is down, end to end with real
// processes: PostgreSQL, the cloud, a terminal core and Chromium. The cloud dies; the host books a
// table on /reservations at the terminal (desktop and phone sizes), it shows at once from the
// replica; the cloud comes back and receives the booking exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { freePort, type Proc, runTsxJson, startTsx, waitForHttp } from './support/processes.js';
import { type SeededDatabase, seededDatabase } from './support/seeded-database.js';

const procs: Proc[] = [];
const databases: SeededDatabase[] = [];
const dataDirs: string[] = [];

test.afterAll(async () => {
  for (const p of procs.reverse()) await p.kill('SIGKILL');
  for (const database of databases) await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/reservations`);
  await page.getByTestId('login-email').fill('manager@demo.test');
  await page.getByTestId('login-password').fill('demo-manager');
  await page.getByTestId('login-submit').click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the host makes a reservation on the terminal while the cloud is down (${viewport.name})`, async ({
    browser,
  }) => {
    // ---- the stack ----
    const database = await seededDatabase('reservation');
    databases.push(database);
    const databaseUrl = database.url;
    const dataDir = mkdtempSync(join(tmpdir(), 'tw-e2e-'));
    dataDirs.push(dataDir);

    const cloudPort = await freePort();
    const cloudUrl = `http://127.0.0.1:${cloudPort}`;
    const cloudEnv = {
      DATABASE_URL: databaseUrl,
      PORT: String(cloudPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: cloudUrl,
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
    };
    let cloud = startTsx('cloud', 'cloud/src/main.ts', [], cloudEnv);
    procs.push(cloud);
    await waitForHttp(`${cloudUrl}/api/auth/me`, cloud);

    const terminalDir = join(dataDir, 'terminal');
    const paired = await runTsxJson<{ credential: string }>(
      'scripts/demo-cli.ts',
      ['pair', '--cloud', cloudUrl, '--data-dir', terminalDir],
      { DATABASE_URL: databaseUrl },
    );
    const terminalPort = await freePort();
    const terminalUrl = `http://127.0.0.1:${terminalPort}`;
    const terminal = startTsx('terminal', 'desktop/src/core/cli.ts', [
      '--cloud',
      cloudUrl,
      '--credential',
      paired.credential,
      '--data-dir',
      terminalDir,
      '--port',
      String(terminalPort),
      '--static',
      join(process.cwd(), 'desktop/dist/web'),
    ]);
    procs.push(terminal);
    await waitForHttp(`${terminalUrl}/api/auth/me`, terminal);

    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, terminalUrl);
    await expect(page.getByRole('heading', { name: "Today's Reservations" })).toBeVisible();

    // ---- the cloud dies ----
    await cloud.kill('SIGKILL');
    await expect
      .poll(
        () =>
          fetch(`${cloudUrl}/api/auth/me`).then(
            () => 'up',
            () => 'down',
          ),
        { message: 'the cloud is really gone' },
      )
      .toBe('down');
    await expect(page.getByTestId('terminal-offline')).toBeVisible({ timeout: 30_000 });

    // ---- the host books on the terminal: the first time offered ----
    await page.getByTestId('reservation-add').click();
    await page.getByTestId('reservation-name').fill('Grace Offline');
    await page.getByTestId('reservation-phone').fill('555 0199');
    const first = page.getByTestId('reservation-time').locator('option').nth(1);
    const label = (await first.textContent()) as string;
    await page.getByTestId('reservation-time').selectOption({ index: 1 });
    await page.getByTestId('reservation-party-size').selectOption('5');
    await page.getByTestId('reservation-submit').click();
    await expect(page.getByText('Reservation Created')).toBeVisible();
    // Today's list shows it at once from the replica (a time of tomorrow is in tomorrow's list).
    if (label.startsWith('Today')) {
      await expect(page.locator('[data-testid="reservation-row"]', { hasText: 'Grace Offline' })).toBeVisible();
    }

    // ---- the cloud comes back; the booking reaches it exactly once ----
    cloud = startTsx('cloud (restarted)', 'cloud/src/main.ts', [], cloudEnv);
    procs.push(cloud);
    await waitForHttp(`${cloudUrl}/api/auth/me`, cloud);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const booked = async () =>
        (
          await db.query(
            `select party_size, status, source, guest_contact from reservations where guest_contact->>'name' = $1`,
            ['Grace Offline'],
          )
        ).rows;
      await expect.poll(async () => (await booked()).length, { timeout: 30_000 }).toBe(1);
      expect((await booked())[0]).toMatchObject({
        party_size: 5,
        status: 'CONFIRMED',
        source: 'DIRECT',
        guest_contact: { name: 'Grace Offline', phone: '555 0199' },
      });
      const created = async () =>
        Number((await db.query(`select count(*)::int as n from events where type = 'reservation.created'`)).rows[0].n);
      await expect(page.getByTestId('terminal-offline')).toBeHidden({ timeout: 30_000 });
      expect(await created()).toBe(1);
    } finally {
      await db.end();
    }
    await context.close();
    for (const p of procs.splice(0).reverse()) await p.kill('SIGKILL');
  });
}
