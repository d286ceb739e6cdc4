// The Electron pairing page (issue 24), in real Chromium: it asks for the cloud address and the
// short code a manager made on the cloud, and sends exactly that over the preload bridge (stubbed
// here, as the Electron main process would answer); a manager's sign-in stays one tap away.
// Screenshots go to PAIRING_PAGE_SHOTS when set.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { PAIRING_TEXTS } from '@tablewise/shared';
import react from '@vitejs/plugin-react';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../test/chromium.js';

const shots = process.env.PAIRING_PAGE_SHOTS ?? tmpdir();
const renderer = fileURLToPath(new URL('..', import.meta.url));

let outDir: string;
let server: PreviewServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  outDir = await mkdtemp(join(tmpdir(), 'tw-pairing-page-'));
  const config = {
    root: renderer,
    configFile: false as const,
    logLevel: 'silent' as const,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(renderer, 'pairing/index.html') } },
  };
  await build(config);
  server = await preview({ ...config, preview: { port: 0, host: '127.0.0.1' } });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

it('pairs with a code: the cloud address and the code go over the bridge, and the answer shows', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => {
      const sent: unknown[] = [];
      Object.assign(window, {
        sent,
        tablewise: {
          appVersion: async () => 'test',
          pairing: {
            status: async () => ({
              paired: false,
              cloudUrl: null,
              terminalId: null,
              venueId: null,
              terminalName: null,
            }),
            pair: async (input: unknown) => {
              sent.push(input);
              return {
                ok: false,
                message: 'This pairing code is not valid or has expired. Ask a manager for a new one.',
              };
            },
          },
        },
      });
    });
    const page = await context.newPage();
    const address = server.resolvedUrls?.local[0] as string;
    await page.goto(new URL('pairing/index.html', address).href);
    await page.getByRole('heading', { name: PAIRING_TEXTS.title }).waitFor();
    expect(await page.getByText(PAIRING_TEXTS.codeIntro).count()).toBe(1);
    expect(await page.getByTestId('pairing-password').count()).toBe(0);
    await page.getByTestId('pairing-cloudUrl').fill('https://cloud.example');
    await page.getByTestId('pairing-code').fill('abcd ef23');
    await page.screenshot({ path: join(shots, `pairing-page-code-${viewport.width}.png`) });
    await page.getByRole('button', { name: PAIRING_TEXTS.submit }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sent: unknown[] }).sent)).toEqual([
      { cloudUrl: 'https://cloud.example', code: 'abcd ef23' },
    ]);
    const submit = await page.getByRole('button', { name: PAIRING_TEXTS.submit }).boundingBox();
    expect(submit?.height).toBeGreaterThanOrEqual(44);
    expect((await page.getByTestId('pairing-mode').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    // A manager's sign-in, for a device without a code.
    await page.getByTestId('pairing-mode').click();
    await page.getByTestId('pairing-password').waitFor();
    expect(await page.getByTestId('pairing-code').count()).toBe(0);
    await page.screenshot({ path: join(shots, `pairing-page-password-${viewport.width}.png`) });
    await context.close();
  }
}, 60_000);
