// What the staff app's Chromium tests share: Debian's Chromium launched headless with the flags
// this machine needs (never a downloaded browser), and the staff app built into a folder for a
// terminal core or the cloud to serve.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';
import { type Harness, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
import { startTerminalCore, type TerminalCore, type TerminalCoreOptions } from '../../core/core.js';
import { freePort } from '../../core/test/fixtures.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Builds the staff app as it ships into `outDir`. */
export async function buildStaffApp(outDir: string): Promise<void> {
  await build({
    configFile: fileURLToPath(new URL('../../../vite.web.config.ts', import.meta.url)),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
}

/** A real cloud on its own port serving the built staff app, a terminal core paired to it serving
 * the same build, and Chromium: where the staff screens' tests start. `prepare` runs before the core
 * starts (a clock, a printer) and may give the core more options. */
export async function startStaffAppStack(
  name: string,
  prepare: (
    h: Harness,
    terminalId: string,
  ) => Promise<Partial<TerminalCoreOptions>> | Partial<TerminalCoreOptions> = () => ({}),
): Promise<{ h: Harness; core: TerminalCore; browser: Browser; close(): Promise<void> }> {
  const workDir = await mkdtemp(join(tmpdir(), `tw-${name}-`));
  const webDir = join(workDir, 'web');
  await buildStaffApp(webDir);
  // A fixed port, so a cloud started again later answers where the terminal looks for it.
  const h = await startHarness({ port: await freePort(), staffWebDir: webDir });
  const paired = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Host stand');
  const core = await startTerminalCore({
    cloudUrl: h.cloud.url,
    credential: paired.credential,
    dataDir: join(workDir, 'terminal'),
    port: 0,
    staticDir: webDir,
    printing: false,
    backoff: { baseMs: 100, maxMs: 300 },
    ...(await prepare(h, paired.id)),
  });
  const browser = await launchChromium();
  return {
    h,
    core,
    browser,
    async close() {
      await browser.close();
      await core.close();
      await h.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
