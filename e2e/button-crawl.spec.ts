// The button crawl (issue 22, Build): every staff screen, for every duty (docs/roles.md), on the
// cloud and on a paired terminal, in one Chromium. On each screen it clicks each enabled control
// once and fails on a 5xx answer, an uncaught page error, a console error, or a control that does
// nothing visible (the page's DOM and URL unchanged and no request made). Every dialog a click
// opens must fit the viewport with its actions showing. On a phone (390 x 844) every touch target
// must be at least 44 x 44 px, and on both sizes every text must meet WCAG AA contrast (axe-core).
//
// What it does not click (CRAWL_SKIP): controls that leave the app (another origin, a new tab, a
// download), Sign Out (the crawl would lose its session), and the destructive ones whose effect
// outlives the demo (remove, delete, revoke, retire, unpair, void, refund). Those are still
// checked for contrast and size. A control showing the state it would set (the current page's
// link, the active tab) is not clicked either: doing nothing is right for it.
//
// Repeated controls (a row's buttons in a long list) are clicked once per screen, by their role,
// name and test id; the shell (quick actions, header, bottom bar) once per duty, and each sidebar
// link as the crawl goes to its screen. A screen another duty already crawled on the same tier is
// crawled again only for the controls it did not have, and its sizes and contrast are not measured
// again. The first duty signs in with the form; the others by the API, their cookie in the browser.
//
// Each dialog a click opens is crawled too: each of its controls clicked once (Cancel, close, tabs,
// choices, and a form's submit with its fields empty, for the refusal), the dialog opened again
// by the same control when a click closed it. A confirmation's primary button (the commit) is not.
// After every click a 404 page, or a failed call shown as raw text (JSON, a status code, a JS
// value), is a failure too.
//
// The guest site is crawled the same way on a phone: a seated party's pages with its session, and
// the pages a guest without one may land on. Leaving (Exit Restaurant), paying, placing an order
// and the camera are not clicked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import axe from 'axe-core';
import { type Control, CRAWL_PAGE_SCRIPT, type CrawlKit, type Probe } from './support/crawl-page.js';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import { seatedParty } from './support/guest-party.js';
import { freePort, type Proc, runTsxJson, startTsx, waitForHttp } from './support/processes.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MIN_TARGET_PX = 44;
/** SHOTS_DIR=... saves each screen (desktop and phone) and each dialog as the crawl first meets them. */
const SHOTS_DIR = process.env.SHOTS_DIR;
/** CRAWL_LOG=1 prints each screen's time and each finding as it comes. */
const LOG = process.env.CRAWL_LOG === '1';
const started = Date.now();
function log(line: string): void {
  if (LOG) console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
}

const ALL_DUTIES = [
  { duty: 'manager', email: 'manager@demo.test', password: 'demo-manager' },
  { duty: 'HOST', email: 'host@demo.test', password: 'demo-staff' },
  { duty: 'SERVER', email: 'server@demo.test', password: 'demo-staff' },
  { duty: 'KITCHEN', email: 'kitchen@demo.test', password: 'demo-staff' },
  { duty: 'RUNNER', email: 'runner@demo.test', password: 'demo-staff' },
  { duty: 'CLEANER', email: 'cleaner@demo.test', password: 'demo-staff' },
] as const;
/** CRAWL_DUTIES=manager,HOST crawls only those duties (while working on a screen). */
const DUTIES = ALL_DUTIES.filter(
  (d) => !process.env.CRAWL_DUTIES || process.env.CRAWL_DUTIES.split(',').includes(d.duty),
);

/** Names of controls the crawl never clicks (see the header). */
const SKIP = /sign out|log ?out|delete|remove|revoke|retire|unpair|void|refund/i;
/** And on the guest site: what ends the visit, spends money or sends the order. */
const GUEST_SKIP = new RegExp(`${SKIP.source}|exit restaurant|^pay\\b|place order|start camera|scan (exit|the)`, 'i');

/**
 * Defects the crawl finds that belong to another branch's work, each with its issue item: the
 * crawl expects them until that branch merges, then the entry goes. A failure matches an entry
 * when it contains every string the entry names.
 */
const KNOWN: ReadonlyArray<{ item: string; match: readonly string[] }> = [
  // None: the defects found when issues 24-26 merged are fixed at their causes (issue 22's crawl
  // branch), so each fails the crawl again if it comes back.
];

interface Stack {
  tier: 'cloud' | 'terminal';
  url: string;
}

// The three crawls are the longest specs of the run: each may go to its own worker (each worker
// starts its own cloud and terminal below), so they do not queue behind one another.
test.describe.configure({ mode: 'parallel' });

let cloud: DemoCloud | undefined;
let terminal: Proc | undefined;
let terminalDir = '';
const stacks: Stack[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cloud = await startDemoCloud('crawl');
  stacks.push({ tier: 'cloud', url: cloud.url });
  terminalDir = mkdtempSync(join(tmpdir(), 'tw-e2e-crawl-terminal-'));
  const paired = await runTsxJson<{ credential: string }>(
    'scripts/demo-cli.ts',
    ['pair', '--cloud', cloud.url, '--data-dir', terminalDir],
    { DATABASE_URL: cloud.databaseUrl },
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  terminal = startTsx('terminal', 'desktop/src/core/cli.ts', [
    '--cloud',
    cloud.url,
    '--credential',
    paired.credential,
    '--data-dir',
    terminalDir,
    '--port',
    String(port),
    '--static',
    join(process.cwd(), 'desktop/dist/web'),
  ]);
  await waitForHttp(`${url}/api/auth/me`, terminal);
  stacks.push({ tier: 'terminal', url });
  // A party at table 2 with an order, so the kitchen, the runner, orders and payments have rows.
  await seatedParty(cloud, '2', { guestName: 'Crawl', partySize: 2 });
});

test.afterAll(async () => {
  await terminal?.kill('SIGKILL');
  await cloud?.close();
  if (terminalDir) rmSync(terminalDir, { recursive: true, force: true });
});

/** window.__crawl inside the page; each page.evaluate callback repeats the cast, being sent as source. */
type InPage = { __crawl: CrawlKit };

/** The page's counters once the click's own work (its render, effects and requests) has run. */
async function settledProbe(page: Page): Promise<Probe> {
  await page.waitForFunction(() => (globalThis as unknown as InPage).__crawl.idle());
  return page.evaluate(() => (globalThis as unknown as InPage).__crawl.probe());
}

class Findings {
  readonly all: string[] = [];
  where = '';
  /** While signed out, the app's question "who am I?" is answered 401: that is how it learns. */
  signedOut = true;
  /** While the guest site is crawled without a session. */
  guestWithout = false;
  add(what: string): void {
    this.all.push(`${this.where}: ${what}`);
    if (LOG) console.log(`  ! ${this.where}: ${what}`);
  }
  /** What is left once the known defects of other branches are set aside. */
  unexpected(): string[] {
    return this.all.filter((f) => !KNOWN.some((k) => k.match.every((m) => f.includes(m))));
  }
}

function watch(context: BrowserContext, page: Page, findings: Findings): void {
  context.on('response', (r) => {
    if (r.status() >= 500) findings.add(`${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('pageerror', (e) => findings.add(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const path = m.location().url ? new URL(m.location().url).pathname : '';
    if (findings.signedOut && path === '/api/auth/me' && m.text().includes('401')) return;
    // A guest page without a session learns so from its call's 401, and says so on the page.
    if (findings.guestWithout && m.text().includes('401')) return;
    findings.add(`console error: ${m.text()}${path ? ` (${path})` : ''}`);
  });
}

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // The password hash is slow by design, and slower on a loaded machine.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

/** Signs in by the API (the cookie lands in the browser's context), as the form would. */
async function signInByApi(page: Page, url: string, email: string, password: string): Promise<void> {
  const reply = await page.context().request.post(`${url}/api/auth/login`, { data: { email, password } });
  expect(reply.status(), `sign-in of ${email}`).toBe(200);
  await page.goto(`${url}/`);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

/** The screens the signed-in member's sidebar offers, as paths. */
async function sidebarScreens(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-testid="sidebar"] .sidebar-nav a[href]')
    .evaluateAll((as) => as.map((a) => (a as unknown as { pathname: string }).pathname));
  return [...new Set(hrefs)];
}

/**
 * Goes to `path` by its sidebar link where one shows (so the crawl clicks each link as it visits
 * its screen), else as the link would (no reload), and waits for the screen's data.
 */
async function navigate(page: Page, path: string, exact = true): Promise<void> {
  if (new URL(page.url()).pathname !== path) {
    const link = page.locator(`[data-testid="sidebar"] .sidebar-nav a[href="${path}"]`).first();
    if (await link.isVisible()) await link.click();
    else await page.evaluate((to) => (globalThis as unknown as InPage).__crawl.go(to), path);
    // A guest page may send the guest on (the home page to the menu, say): that is its answer.
    if (exact) await expect(page).toHaveURL((url) => url.pathname === path);
  }
  await page.locator('.page').first().waitFor();
  await settledProbe(page);
}

const CONTROLS = 'button, a[href], [role="button"], [role="tab"], [role="menuitem"], [role="switch"]';

/** The visible, enabled controls under `scope` worth clicking, each with a key to click it once. */
function controlsIn(page: Page, scope: string, skip: RegExp, inDialog = false): Promise<Control[]> {
  return page.evaluate(
    ([sc, sel, sk, dialog]) => (globalThis as unknown as InPage).__crawl.controls(sc, sel, sk, dialog),
    [scope, CONTROLS, skip.source, inDialog] as const,
  );
}

/** Where the open dialog's controls are: its backdrop (the app's dialogs), else the dialog itself. */
async function dialogScope(page: Page): Promise<string | null> {
  if ((await page.locator('.dialog-backdrop').count()) > 0) return '.dialog-backdrop';
  if ((await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0)
    return '[role="dialog"], [role="alertdialog"]';
  return null;
}

/** A 404 page or a failed call shown as raw text, after a click. */
async function judgeScreen(v: Visit, label: string): Promise<void> {
  const broken = await v.page.evaluate(() => (globalThis as unknown as InPage).__crawl.broken());
  if (broken) v.findings.add(`'${label}' leads to ${broken}`);
}

const DIALOG = '.dialog-backdrop, [role="dialog"], .more-sheet, .sidebar-backdrop';

interface Visit {
  page: Page;
  findings: Findings;
  tier: string;
  path: string;
  /** What the crawl does not click here. */
  skip: RegExp;
  /** On the guest site, where a page may send the guest on. */
  guest?: boolean;
  /** Contrast checks already made in this tier (a screen or a dialog, at a size). */
  contrastDone: Set<string>;
}

/** An open dialog must fit the viewport with its actions showing; its texts are checked. */
async function checkDialog(v: Visit, label: string): Promise<void> {
  const { page, findings } = v;
  const dialog = page.locator('.dialog, [role="dialog"]').first();
  if (await dialog.isVisible()) {
    const vp = page.viewportSize() as { width: number; height: number };
    const box = await dialog.boundingBox();
    if (box && (box.y < -1 || box.y + box.height > vp.height + 1)) {
      findings.add(`the dialog of '${label}' runs off the ${vp.width}x${vp.height} viewport`);
    }
    const wider = await dialog.evaluate((d) => d.scrollWidth > d.clientWidth + 1);
    if (wider) findings.add(`the content of the dialog of '${label}' is wider than the dialog, its right edge cut off`);
    const actions = dialog.locator('.dialog-actions').last();
    if ((await actions.count()) > 0) {
      const a = await actions.boundingBox();
      if (!a || a.y + a.height > vp.height + 1) findings.add(`the actions of the dialog of '${label}' are cut off`);
    }
    await checkContrast(v, `${v.path} dialog ${label} ${vp.width}`);
    await shot(v, `dialog-${label}-${vp.width}`);
  }
}

/** Closes what is open (Escape, else its Cancel or close, else its backdrop). */
async function closeDialog(v: Visit): Promise<void> {
  const { page } = v;
  for (let tries = 0; tries < 3 && (await page.locator(DIALOG).count()) > 0; tries++) {
    await page.keyboard.press('Escape');
    if ((await page.locator(DIALOG).count()) === 0) break;
    const close = page
      .locator(DIALOG)
      .last()
      .getByRole('button', { name: /^(cancel|close|done|keep|no|back|×|✕)/i })
      .first();
    if (await close.isVisible()) await close.click();
    else {
      const backdrop = page.locator('.sheet-backdrop').first();
      if (await backdrop.isVisible()) await backdrop.click({ position: { x: 5, y: 5 } });
    }
  }
}

/** Clicks each control under `scope` once (by key), back on the visit's screen after each. */
async function crawlScope(v: Visit, scope: string, done: Set<string>): Promise<void> {
  const { page, findings } = v;
  for (let rounds = 0; rounds < 60; rounds++) {
    const next = (await controlsIn(page, scope, v.skip)).find((c) => !done.has(c.key));
    if (!next) return;
    done.add(next.key);
    log(`    click '${next.label}'`);
    const before = await settledProbe(page);
    const clicked = await page
      .locator(scope)
      .locator(CONTROLS)
      .nth(next.index)
      .click({ timeout: 5_000 })
      .then(
        () => true,
        (e: Error) => {
          findings.add(`'${next.label}' could not be clicked: ${e.message.split('\n')[0]}`);
          return false;
        },
      );
    if (!clicked) continue;
    const after = await settledProbe(page);
    if (
      after.mutations === before.mutations &&
      after.requests === before.requests &&
      after.prints === before.prints &&
      after.url === before.url
    ) {
      findings.add(`'${next.label}' does nothing visible`);
    }
    await judgeScreen(v, next.label);
    if ((await dialogScope(page)) !== null) {
      await checkDialog(v, next.label);
      await crawlDialog(v, scope, next, done);
    }
    if ((await page.locator(DIALOG).count()) > 0) await closeDialog(v);
    await navigate(page, v.path, !v.guest);
  }
  findings.add(`more than 60 distinct controls under ${scope}`);
}

/**
 * Clicks each control of the dialog `opener` opened once (its keys kept in `done` under the
 * opener's), opening the dialog again by `opener` when a click closed it.
 */
async function crawlDialog(v: Visit, scope: string, opener: Control, done: Set<string>): Promise<void> {
  const { page, findings } = v;
  for (let rounds = 0; rounds < 30; rounds++) {
    let inside = await dialogScope(page);
    if (inside === null) {
      await navigate(page, v.path, !v.guest);
      const again = (await controlsIn(page, scope, v.skip)).find((c) => c.key === opener.key);
      if (!again) return;
      const reopened = await page
        .locator(scope)
        .locator(CONTROLS)
        .nth(again.index)
        .click({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      await settledProbe(page);
      inside = reopened ? await dialogScope(page) : null;
      if (inside === null) return;
    }
    const next = (await controlsIn(page, inside, v.skip, true)).find((c) => !done.has(`${opener.key} > ${c.key}`));
    if (!next) return;
    done.add(`${opener.key} > ${next.key}`);
    const label = `${opener.label} > ${next.label}`;
    log(`      click '${label}'`);
    const before = await settledProbe(page);
    const clicked = await page
      .locator(inside)
      .locator(CONTROLS)
      .nth(next.index)
      .click({ timeout: 5_000 })
      .then(
        () => true,
        (e: Error) => {
          findings.add(`'${label}' could not be clicked: ${e.message.split('\n')[0]}`);
          return false;
        },
      );
    if (!clicked) continue;
    const after = await settledProbe(page);
    if (
      after.mutations === before.mutations &&
      after.requests === before.requests &&
      after.prints === before.prints &&
      after.url === before.url
    ) {
      findings.add(`'${label}' does nothing visible`);
    }
    await judgeScreen(v, label);
    if (after.url !== before.url) {
      // The dialog's link led elsewhere: back to the screen; the dialog opens again next round.
      if ((await page.locator(DIALOG).count()) > 0) await closeDialog(v);
      await navigate(page, v.path, !v.guest);
    }
  }
  findings.add(`more than 30 distinct controls in the dialog of '${opener.label}'`);
}

const shotsTaken = new Set<string>();

/** With SHOTS_DIR set, a screenshot of the page as it is now, once per tier, screen and `what`. */
async function shot(v: Visit, what: string): Promise<void> {
  const name = `${v.tier}${v.path === '/' ? '-dashboard' : v.path.replaceAll('/', '-')}-${what}`
    .replace(/[^a-zA-Z0-9-]+/g, '-')
    .toLowerCase();
  if (!SHOTS_DIR || shotsTaken.has(name)) return;
  shotsTaken.add(name);
  await v.page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: !what.startsWith('dialog') });
}

/** WCAG AA contrast of every visible text (axe-core's color-contrast rule), once per `key`. */
async function checkContrast(v: Visit, key: string): Promise<void> {
  if (v.contrastDone.has(key)) return;
  v.contrastDone.add(key);
  for (const text of await v.page.evaluate(() => (globalThis as unknown as InPage).__crawl.contrast()))
    v.findings.add(`contrast ${text}`);
}

/** Every visible interactive element at least 44 x 44 px (a check box or radio counts its label). */
async function checkTargets(page: Page, findings: Findings): Promise<void> {
  for (const s of await page.evaluate(
    (min) => (globalThis as unknown as InPage).__crawl.smallTargets(min),
    MIN_TARGET_PX,
  )) {
    findings.add(`touch target under 44 px: ${s}`);
  }
}

for (const tier of ['cloud', 'terminal'] as const) {
  test(`button crawl on the ${tier}: every duty's screens, contrast and touch targets`, async ({ browser }) => {
    // About a minute and a half per tier on an idle machine; generous for a loaded CI box.
    test.setTimeout(600_000);
    const stack = stacks.find((s) => s.tier === tier) as Stack;
    const findings = new Findings();
    // Contrast and sizes depend on the screen, not on who looks: each screen's are checked once
    // (the shell's bottom bar, which is the duty's own, on each duty's first screen).
    const contrastDone = new Set<string>();
    const targetsDone = new Set<string>();
    /** Each screen's controls already clicked on this tier, by any duty. */
    const clicked = new Map<string, Set<string>>();
    const shellClicked = new Set<string>();
    for (const [m, member] of DUTIES.entries()) {
      const context = await browser.newContext({ viewport: DESKTOP });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await context.addInitScript(CRAWL_PAGE_SCRIPT);
      await context.addInitScript(axe.source);
      const page = await context.newPage();
      watch(context, page, findings);
      page.on('dialog', (d) => d.dismiss());
      findings.where = `${tier} ${member.duty} sign-in`;
      findings.signedOut = true;
      if (m === 0) await signIn(page, stack.url, member.email, member.password);
      else await signInByApi(page, stack.url, member.email, member.password);
      findings.signedOut = false;
      const screens = await sidebarScreens(page);
      expect(screens.length, `${member.duty} has screens`).toBeGreaterThan(0);
      for (const [n, path] of screens.entries()) {
        const v: Visit = { page, findings, tier, path, contrastDone, skip: SKIP };
        findings.where = `${tier} ${member.duty} ${path}`;
        log(findings.where);
        await navigate(page, path);
        await checkContrast(v, `${path} desktop`);
        await shot(v, '1280');
        const seen = clicked.has(path);
        const done = clicked.get(path) ?? new Set<string>();
        clicked.set(path, done);
        await crawlScope(v, '.page', done);
        // The sidebar's screen links are clicked by navigate(), each as its screen is visited.
        if (n === 0) await crawlScope(v, '.sidebar-brand, .sidebar-footer, .nav-group button, .header', shellClicked);
        // A screen another duty crawled was measured on a phone then; the duty's own bottom bar is
        // measured on its first screen.
        if (seen && n !== 0) continue;

        findings.where = `${tier} ${member.duty} ${path} phone`;
        await page.setViewportSize(PHONE);
        await settledProbe(page);
        if (n === 0 || !targetsDone.has(path)) {
          targetsDone.add(path);
          await checkTargets(page, findings);
        }
        await checkContrast(v, `${path} phone`);
        await shot(v, '390');
        if (n === 0) await crawlScope(v, '.bottom-bar', new Set());
        await page.setViewportSize(DESKTOP);
      }
      await context.close();
    }
    log(`${tier} done`);
    const known = findings.all.length - findings.unexpected().length;
    test.info().annotations.push({ type: 'known defects of other branches', description: String(known) });
    expect(findings.unexpected()).toEqual([]);
  });
}

/** The guest site's pages a seated party reaches, and those a guest without a session may land on. */
const GUEST_PAGES = ['/guest', '/guest/menu', '/guest/order-status', '/guest/payment', '/guest/exit'];

test("button crawl on the guest site: a seated party's pages, and the pages without a session", async ({ browser }) => {
  test.setTimeout(300_000);
  const party = await seatedParty(cloud as DemoCloud, '4', { guestName: 'Crawl Guest', partySize: 2, dishes: 2 });
  const findings = new Findings();
  const contrastDone = new Set<string>();
  for (const withSession of [true, false]) {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(CRAWL_PAGE_SCRIPT);
    await context.addInitScript(axe.source);
    if (withSession) {
      const [name, value] = party.guestCookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: (cloud as DemoCloud).url }]);
      await context.addInitScript(
        `localStorage.setItem('guestSessionId', ${JSON.stringify(party.sessionId)});
         localStorage.setItem('guest_qr_token', ${JSON.stringify(party.token)});`,
      );
    }
    const page = await context.newPage();
    watch(context, page, findings);
    page.on('dialog', (d) => d.dismiss());
    findings.signedOut = false;
    findings.guestWithout = !withSession;
    const who = withSession ? 'guest' : 'guest without a session';
    await page.goto(`${(cloud as DemoCloud).url}/guest`);
    for (const path of GUEST_PAGES) {
      const v: Visit = {
        page,
        findings,
        tier: who.replaceAll(' ', '-'),
        path,
        contrastDone,
        skip: GUEST_SKIP,
        guest: true,
      };
      findings.where = `${who} ${path}`;
      log(findings.where);
      await navigate(page, path, false);
      await judgeScreen(v, path);
      await checkTargets(page, findings);
      await checkContrast(v, `${who} ${path}`);
      await shot(v, '390');
      await crawlScope(v, '.page', new Set());
    }
    await context.close();
  }
  log('guest site done');
  expect(findings.unexpected()).toEqual([]);
});
