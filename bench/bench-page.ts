// A bench page of the staff app (desktop/bench/NAME: the real components, the app's styles and Vite
// config), built into a temporary folder, served on a local port and opened in Debian's Chromium:
// what P7 (kitchen-render) and F1 (floor-drag) each start from.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { launchChromium } from '../desktop/src/renderer/test/chromium.js';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface BenchPageServer {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds desktop/bench/`name`, serves it and launches Chromium; `close` ends all three. */
export async function openBenchPage(name: string): Promise<BenchPageServer> {
  const outDir = mkdtempSync(join(tmpdir(), `tw-bench-${name}-`));
  const root = fileURLToPath(new URL(`../desktop/bench/${name}`, import.meta.url));
  await build({
    configFile: fileURLToPath(new URL('../desktop/vite.web.config.ts', import.meta.url)),
    root,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(root, 'index.html') } },
  });
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    let body: Buffer;
    try {
      body = readFileSync(join(outDir, path));
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`;
  const browser = await launchChromium();
  return {
    url,
    browser,
    async close() {
      await browser.close();
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
