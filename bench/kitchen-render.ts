// P7: the kitchen display with 300 live cards, one event's update, in Chromium. Builds the real
// KitchenDisplay into a bench page first (desktop/bench/kitchen-render, with the staff app's Vite
// config, about 2 s), serves it from a local HTTP server, mounts 300 cards and times from the new
// data (what a live event's re-read leaves in the query cache: one item changed, the rest the same
// objects) to the changed card's DOM; median over the rounds. Floor in the same run: the same
// update on a display with 1 card.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';
import { type Bench, percentile } from './figure.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** What desktop/bench/kitchen-render/main.tsx puts on the page's window. */
interface BenchPage {
  kitchenBench: { mount(cards: number): Promise<void>; update(): Promise<number> };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

async function timeUpdates(browser: Browser, url: string, cards: number, rounds: number): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => 'kitchenBench' in globalThis);
    await page.evaluate((n) => (globalThis as unknown as BenchPage).kitchenBench.mount(n), cards);
    const samples: number[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const ms = await page.evaluate(() => (globalThis as unknown as BenchPage).kitchenBench.update());
      if (i >= 3) samples.push(ms); // the first updates warm the JIT
      await page.waitForTimeout(20);
    }
    return samples;
  } finally {
    await page.close();
  }
}

export const bench: Bench = async ({ quick }) => {
  const rounds = quick ? 15 : 60;
  const outDir = mkdtempSync(join(tmpdir(), 'tw-bench-kitchen-'));
  await build({
    configFile: fileURLToPath(new URL('../desktop/vite.web.config.ts', import.meta.url)),
    root: fileURLToPath(new URL('../desktop/bench/kitchen-render', import.meta.url)),
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: fileURLToPath(new URL('../desktop/bench/kitchen-render/index.html', import.meta.url)) },
    },
  });
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    try {
      const body = readFileSync(join(outDir, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const many = percentile(await timeUpdates(browser, url, 300, rounds), 0.5);
    const one = percentile(await timeUpdates(browser, url, 1, rounds), 0.5);
    return [
      {
        id: 'P7',
        figure: 'kitchen display, 300 cards: one event to DOM (median)',
        value: many,
        unit: 'ms',
        floor: one,
        floorLabel: 'same update, 1 card',
        goal: '≤ 16 ms',
        met: many <= 16,
      },
    ];
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
};
