// The walking skeleton end to end, with real processes: PostgreSQL, the cloud, a terminal core,
// the printer emulator and Chromium. A guest orders two drinks by the table's QR link; the
// kitchen display on the terminal shows them and the station printer prints the ticket; the
// cloud dies, the cook starts preparing on the terminal, the cloud comes back and receives the
// change exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { freePort, type Proc, runTsxJson, startTsx, waitForHttp } from './support/processes.js';
import { type SeededDatabase, seededDatabase } from './support/seeded-database.js';

const STATIONS = ['Grill', 'Fry', 'Cold', 'Bar'];

interface MenuItem {
  id: string;
  name: string;
  category: string;
  station: string | null;
  modifiersSchema: {
    id: string;
    name: string;
    type: string;
    required: boolean;
    options: { id: string; name: string }[];
  }[];
}

const procs: Proc[] = [];
let dataDir = '';
let database: SeededDatabase | undefined;

test.afterAll(async () => {
  for (const p of procs.reverse()) await p.kill('SIGKILL');
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/kitchen-display`);
  await page.getByTestId('login-email').fill('manager@demo.test');
  await page.getByTestId('login-password').fill('demo-manager');
  await page.getByTestId('login-submit').click();
}

test('a guest order reaches the kitchen and its printer, and a change made offline reaches the cloud once', async ({
  browser,
}) => {
  // ---- the stack ----
  database = await seededDatabase('skeleton');
  const databaseUrl = database.url;
  dataDir = mkdtempSync(join(tmpdir(), 'tw-e2e-'));

  const printerPorts = await Promise.all(STATIONS.map(() => freePort()));
  const printerHttp = await freePort();
  const emulator = startTsx('printer emulator', 'scripts/printer-emulator/cli.ts', [
    ...STATIONS.flatMap((s, i) => ['--printer', `${s} Printer=${printerPorts[i]}`]),
    '--http-port',
    String(printerHttp),
  ]);
  procs.push(emulator);
  await waitForHttp(`http://127.0.0.1:${printerHttp}/tickets`, emulator);

  // The demo venue is there already: seeding again points its station printers at the emulator.
  const seed = await runTsxJson<{ venueId: string; tableIds: string[] }>(
    'scripts/demo-cli.ts',
    ['seed', ...STATIONS.flatMap((s, i) => ['--printer', `${s}=127.0.0.1:${printerPorts[i]}`])],
    { DATABASE_URL: databaseUrl },
  );

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
  const paired = await runTsxJson<{ credential: string; terminalId: string }>(
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

  // ---- what the guest will order: two drinks of the Bar station, the first with a modifier ----
  const menu = (await (
    await fetch(`${cloudUrl}/api/menu`, {
      headers: { authorization: `Terminal ${paired.credential}` },
    })
  ).json()) as { items: MenuItem[] };
  const drinks = menu.items.filter((i) => i.station === 'Bar');
  const withModifier = drinks.find((i) => i.modifiersSchema.some((g) => g.type === 'single'));
  expect(withModifier, 'the demo menu has a drink with a single-choice modifier').toBeTruthy();
  const drinkA = withModifier as MenuItem;
  const drinkB = drinks.find((i) => i.id !== drinkA.id) as MenuItem;
  const group = drinkA.modifiersSchema.find((g) => g.type === 'single') as MenuItem['modifiersSchema'][number];
  const option = group.options[group.options.length - 1] as { name: string };

  // ---- the kitchen display on the terminal ----
  const kitchenContext = await browser.newContext();
  const kitchen = await kitchenContext.newPage();
  await signIn(kitchen, terminalUrl);
  await expect(kitchen.getByRole('heading', { name: /Kitchen Display/i })).toBeVisible();

  // ---- the guest: QR link, check-in, menu, two drinks, Place Order ----
  const staffCookie = (
    await fetch(`${cloudUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: 'demo-manager' }),
    })
  ).headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const tableId = seed.tableIds[0] as string;
  const qr = (await (
    await fetch(`${cloudUrl}/api/tables/${tableId}/qr`, { headers: { cookie: staffCookie } })
  ).json()) as {
    url: string;
  };
  const tables = (await (await fetch(`${cloudUrl}/api/tables`, { headers: { cookie: staffCookie } })).json()) as {
    id: string;
    name: string;
    number: string;
  }[];
  const table = tables.find((t) => t.id === tableId) as { name: string; number: string };

  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(qr.url);
  await guest.getByTestId('checkin-name').fill('Ada');
  await guest.getByTestId('checkin-party-size').selectOption('2');
  await guest.getByTestId('checkin-submit').click();
  await guest.getByTestId('to-menu').click();

  // Choose `option` where the item offers it, and the first option of every other required group.
  const addToCart = async (item: MenuItem, chosen?: { name: string }) => {
    await guest.locator(`[data-testid="menu-item"][data-name="${item.name}"]`).click();
    const dialog = guest.getByTestId('item-dialog');
    for (const g of item.modifiersSchema) {
      const pick = g === group && chosen ? chosen : g.required ? g.options[0] : undefined;
      if (pick) await dialog.getByRole('group', { name: g.name }).getByLabel(pick.name, { exact: true }).check();
    }
    await dialog.getByTestId('item-course').selectOption('drink');
    await dialog.getByTestId('add-to-cart').click();
    await expect(dialog).toBeHidden();
  };
  await addToCart(drinkA, option);
  await addToCart(drinkB);
  await guest.getByTestId('open-cart').click();
  await guest.getByTestId('place-order').click();
  await expect(guest.getByTestId('order-line')).toHaveCount(2);

  // ---- the kitchen display shows both, live; the Bar printer holds the ticket ----
  const cardA = kitchen.locator('[data-testid="kitchen-card"]', { hasText: drinkA.name });
  const cardB = kitchen.locator('[data-testid="kitchen-card"]', { hasText: drinkB.name });
  await expect(cardA).toBeVisible({ timeout: 10_000 });
  await expect(cardB).toBeVisible();
  await expect(cardA).toContainText(option.name);
  await expect(cardA).toHaveAttribute('data-status', 'SENT_TO_KITCHEN');

  await expect
    .poll(
      async () => {
        const tickets = (await (await fetch(`http://127.0.0.1:${printerHttp}/tickets?printer=Bar Printer`)).json()) as {
          text: string;
        }[];
        return tickets.some(
          (t) => t.text.includes(table.name) && t.text.includes(drinkA.name) && t.text.includes(drinkB.name),
        );
      },
      { message: 'the Bar printer printed a ticket naming the table and both drinks', timeout: 15_000 },
    )
    .toBe(true);
  const ticket = (
    (await (await fetch(`http://127.0.0.1:${printerHttp}/tickets?printer=Bar Printer`)).json()) as { text: string }[]
  ).find((t) => t.text.includes(drinkA.name)) as { text: string };
  expect(ticket.text).toContain(option.name);

  // ---- the cloud dies; the cook starts preparing on the terminal ----
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
  await expect(kitchen.getByTestId('terminal-offline')).toBeVisible({ timeout: 30_000 });
  const itemId = (await cardA.getAttribute('data-item-id')) as string;
  await cardA.getByRole('button', { name: 'Start Prep' }).click();
  await expect(cardA).toHaveAttribute('data-status', 'IN_PREP');

  // ---- the cloud comes back; the change reaches it exactly once ----
  cloud = startTsx('cloud (restarted)', 'cloud/src/main.ts', [], cloudEnv);
  procs.push(cloud);
  await waitForHttp(`${cloudUrl}/api/auth/me`, cloud);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const countInPrep = async (id = itemId) =>
      Number(
        (
          await db.query(
            `select count(*)::int as n from events
              where type = 'order.item.status.changed'
                and payload_json->'item'->>'id' = $1 and payload_json->>'to' = 'IN_PREP'`,
            [id],
          )
        ).rows[0].n,
      );
    await expect.poll(() => countInPrep(), { timeout: 30_000 }).toBe(1);
    const status = await db.query('select status from order_items where id = $1', [itemId]);
    expect(status.rows[0].status).toBe('IN_PREP');

    // ---- the kitchen list served by the cloud shows IN_PREP ----
    const remoteContext = await browser.newContext();
    const remote = await remoteContext.newPage();
    await signIn(remote, cloudUrl);
    const remoteCard = remote.locator(`[data-testid="kitchen-card"][data-item-id="${itemId}"]`);
    await expect(remoteCard).toHaveAttribute('data-status', 'IN_PREP');
    // A later change on the terminal. Once the cloud has applied it, no second delivery of the
    // first can count any more: the cloud applies a terminal's changes in their order and never
    // one at or below the last it applied. A second delivery before then would show as a second event.
    const laterItemId = (await cardB.getAttribute('data-item-id')) as string;
    await cardB.getByRole('button', { name: 'Start Prep' }).click();
    await expect(cardB).toHaveAttribute('data-status', 'IN_PREP');
    await expect.poll(() => countInPrep(laterItemId), { timeout: 30_000 }).toBe(1);
    expect(await countInPrep()).toBe(1);
  } finally {
    await db.end();
  }
});
