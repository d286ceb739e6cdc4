import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against real processes:
// PostgreSQL, the cloud, a terminal core and the printer emulator, started by each spec.
export default defineConfig({
  testDir: 'e2e',
  // The demo venue seeded once per run; each spec's database is a copy of it.
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 120_000,
  // Two specs at a time: each waits mostly on its own processes (a cloud, a terminal, Chromium) and
  // has its own database and ports, so two share the machine's two cores without slowing each
  // other much. E2E_WORKERS=1 runs them one after the other.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
