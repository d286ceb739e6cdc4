import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and integration tests. Integration tests talk to the real
// PostgreSQL server named by TEST_DATABASE_URL (each test file makes and drops its own database).
/** VITEST_PART picks half of the suite: `cloud` (shared, cloud, guest-web: nothing native) or
 * `desktop` (the terminal, its screens, scripts and bench: better-sqlite3). Unset: all of it. */
const PARTS: Record<string, string> = {
  cloud: '{shared,cloud,guest-web}',
  desktop: '{desktop,scripts,bench}',
};
const part = PARTS[process.env.VITEST_PART ?? ''] ?? '{shared,cloud,desktop,guest-web,scripts,bench}';

export default defineConfig({
  test: {
    include: [`${part}/**/*.test.{ts,tsx}`],
    // The JSON report scripts/test-summary.mjs reads (one per half when the suite runs in halves).
    outputFile: { json: process.env.VITEST_REPORT ?? 'reports/vitest.json' },
    exclude: ['**/node_modules/**', '**/dist/**', '**/out/**'],
    // Counts of work on a loaded two-core CI box, where a 30 s limit failed tests that pass alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the modules once for all the files it runs, instead of once per file (about
    // two seconds of a core per file: the cloud, the terminal core, the contract). The files keep
    // their own state in their own modules; none mocks a module or leaves a global changed.
    isolate: false,
  },
});
