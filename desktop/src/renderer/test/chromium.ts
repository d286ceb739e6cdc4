// What the staff app's Chromium tests share: Debian's Chromium launched headless with the flags
// this machine needs (never a downloaded browser), and the staff app as it ships, built from the
// current sources, in a folder for a terminal core or the cloud to serve.
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';
import type { StartCloudOptions } from '../../../../cloud/src/server.js';
import { type Harness, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
import { buildIsCurrent } from '../../../../scripts/build-stamp.js';
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

const WEB_CONFIG = fileURLToPath(new URL('../../../vite.web.config.ts', import.meta.url));
/** `npm run build`'s staff app (desktop/dist/web). */
const SHIPPED_BUILD = fileURLToPath(new URL('../../../dist/web', import.meta.url));
/** Where the tests build the staff app when that one is missing or was built from other sources. */
const TEST_BUILD = fileURLToPath(new URL('../../../../node_modules/.cache/tablewise/staff-web', import.meta.url));
const LOCK = `${TEST_BUILD}.lock`;
/** A lock older than this was left by a run that died while building. */
const STALE_LOCK_MS = 5 * 60_000;

/** Waits until this process holds the build lock (a folder: making one is atomic). */
async function lockBuild(): Promise<() => Promise<void>> {
  await mkdir(join(LOCK, '..'), { recursive: true });
  for (;;) {
    try {
      await mkdir(LOCK);
      return () => rm(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(LOCK).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
}

let staffApp: Promise<string> | undefined;

/**
 * The folder of the staff app as it ships, built from the sources as they are now: `npm run
 * build`'s output while its record of what it was built from (scripts/build-stamp.ts) still holds,
 * else a build of the tests' own, made once for every test file and run until a source changes
 * (test files in parallel wait for the first to finish it). Serve it; never write to it.
 */
export function staffAppDir(): Promise<string> {
  staffApp ??= (async () => {
    if (buildIsCurrent(SHIPPED_BUILD)) return SHIPPED_BUILD;
    const unlock = await lockBuild();
    try {
      // A source edited while it builds leaves the build unstamped: build again, a few times at most.
      for (let attempt = 1; !buildIsCurrent(TEST_BUILD); attempt++) {
        if (attempt > 3) throw new Error(`The sources kept changing while the staff app was built into ${TEST_BUILD}`);
        await build({ configFile: WEB_CONFIG, logLevel: 'silent', build: { outDir: TEST_BUILD, emptyOutDir: true } });
      }
      return TEST_BUILD;
    } finally {
      await unlock();
    }
  })().catch((error: unknown) => {
    staffApp = undefined;
    throw error;
  });
  return staffApp;
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
  /** More for the cloud: the built guest site, say. */
  cloud: Partial<StartCloudOptions> = {},
): Promise<{ h: Harness; core: TerminalCore; browser: Browser; close(): Promise<void> }> {
  const workDir = await mkdtemp(join(tmpdir(), `tw-${name}-`));
  const webDir = await staffAppDir();
  // A fixed port, so a cloud started again later answers where the terminal looks for it.
  const h = await startHarness({ ...cloud, port: await freePort(), staffWebDir: webDir });
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
