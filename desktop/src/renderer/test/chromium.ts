// What the staff app's Chromium tests share: Debian's Chromium launched headless with the flags
// this machine needs (never a downloaded browser), and the staff app built into a folder for a
// terminal core or the cloud to serve.
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';

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
