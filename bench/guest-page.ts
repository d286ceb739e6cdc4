// P6: the guest check-in page as a phone on a slow network gets it. The guest site is built here
// first (`npm run build -w guest-web`, about 2 s) and served by a cloud on its own database. Figures:
// - the JS the entry route loads, gzip -9 of each script the check-in page requested, summed;
// - the bytes on the wire for the whole page (Network.loadingFinished encodedDataLength);
// - the check-in page's LCP in Chromium at 4× CPU slowdown and Fast 3G (DevTools' preset: 562.5 ms
//   latency, 1.6 Mbit/s down, 750 kbit/s up, applied with CDP), median over fresh contexts (no cache).
// Floor, in the same run, from the same server: a one-request page of the same size class (the
// entry route's JS and CSS inlined as inert text, precompressed like the site, and one heading).
// GUEST_PAGE_SHOTS=<folder> also saves the check-in page at 1280×800 and 390×844.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { startCloud } from '../cloud/src/server.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { signIn } from '../scripts/demo.js';
import { precompressDir } from '../scripts/precompress.js';
import { type Bench, percentile } from './figure.js';

const ROOT = new URL('..', import.meta.url).pathname;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

interface Load {
  lcp: number;
  wireBytes: number;
  scripts: string[];
}

/** One load of `url` in a fresh context, throttled; `ready` is a selector the page shows when done. */
async function load(browser: Browser, url: string, ready: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let wireBytes = 0;
    cdp.on('Network.loadingFinished', (e) => {
      wireBytes += e.encodedDataLength;
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
          }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
        }),
    );
    return { lcp, wireBytes, scripts };
  } finally {
    await context.close();
  }
}

export const bench: Bench = async ({ quick }) => {
  const rounds = quick ? 3 : 7;
  execFileSync('npm', ['run', 'build', '-w', 'guest-web'], { cwd: ROOT, stdio: 'ignore' });
  const siteDir = mkdtempSync(join(tmpdir(), 'tw-bench-guest-'));
  cpSync(join(ROOT, 'guest-web/dist'), siteDir, { recursive: true });
  const database = await createTestDatabase();
  const seed = await seedDemo(database.db);
  const cloud = await startCloud({
    db: database.db,
    databaseUrl: database.url,
    secret: 'bench-secret',
    port: 0,
    guestWebDir: siteDir,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const cookie = await signIn(cloud.url);
    const qr = (await (
      await fetch(`${cloud.url}/api/tables/${seed.tableIds[0]}/qr`, { headers: { cookie } })
    ).json()) as { url: string };

    // Where the QR link lands: the check-in page, with the table in its address.
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await firstPage.goto(qr.url);
    await firstPage.getByTestId('checkin-name').waitFor();
    const checkinUrl = firstPage.url();
    // GUEST_PAGE_SHOTS=<folder>: the check-in page as it looks, at desktop and phone size.
    const shots = process.env.GUEST_PAGE_SHOTS;
    if (shots) {
      for (const [name, width, height] of [
        ['desktop', 1280, 800],
        ['phone', 390, 844],
      ] as const) {
        await firstPage.setViewportSize({ width, height });
        await firstPage.screenshot({ path: join(shots, `checkin-${name}.png`) });
      }
    }
    await first.close();

    // The floor: the same size class in one request. The entry route's JS and CSS as inert text.
    const probe = await load(browser, checkinUrl, '[data-testid="checkin-name"]');
    const entryFiles = [...new Set(probe.scripts)].map((p) => readFileSync(join(siteDir, p.replace(/^\/guest/, ''))));
    const entryJsGzip = entryFiles.reduce((sum, bytes) => sum + gzipSync(bytes, { level: 9 }).length, 0);
    const inert = entryFiles.map((b) => String(b).replaceAll('</', '<\\/')).join('\n');
    const floorDir = mkdtempSync(join(tmpdir(), 'tw-bench-floor-'));
    writeFileSync(
      join(floorDir, 'floor.html'),
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Floor</title></head><body><h1 id="floor">Welcome! Tell us who you are</h1>` +
        `<script type="text/plain">${inert}</script></body></html>`,
    );
    await precompressDir(floorDir);
    cpSync(floorDir, siteDir, { recursive: true });
    rmSync(floorDir, { recursive: true, force: true });

    const page: number[] = [];
    const floor: number[] = [];
    const wire: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const got = await load(browser, checkinUrl, '[data-testid="checkin-name"]');
      page.push(got.lcp);
      wire.push(got.wireBytes);
      floor.push((await load(browser, `${cloud.url}/guest/floor.html`, '#floor')).lcp);
    }
    const lcp = percentile(page, 0.5);
    const floorLcp = percentile(floor, 0.5);
    const kb = (n: number) => n / 1024;
    return [
      {
        id: 'P6',
        figure: `check-in page entry JS, gzip (${entryFiles.length} files)`,
        value: kb(entryJsGzip),
        unit: 'KB',
        floor: null,
        floorLabel: '',
        goal: '≤ 100 KB',
        met: kb(entryJsGzip) <= 100,
      },
      {
        id: 'P6',
        figure: 'check-in page bytes on the wire (all requests)',
        value: kb(percentile(wire, 0.5)),
        unit: 'KB',
        floor: null,
        floorLabel: '',
        goal: '– (compressed)',
        met: true,
      },
      {
        id: 'P6',
        figure: 'check-in page LCP, 4× CPU + Fast 3G (median)',
        value: lcp,
        unit: 'ms',
        floor: floorLcp,
        floorLabel: 'one-request page, same size',
        goal: '≤ 1500 ms',
        met: lcp <= 1500,
      },
    ];
  } finally {
    await browser.close();
    await cloud.close();
    await database.drop();
    rmSync(siteDir, { recursive: true, force: true });
  }
};
