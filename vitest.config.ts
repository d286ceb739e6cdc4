import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and integration tests. Integration tests talk to the real
// PostgreSQL server named by TEST_DATABASE_URL (each test file makes and drops its own database).
export default defineConfig({
  test: {
    include: ['{shared,cloud,desktop,guest-web,scripts,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/out/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the modules once for all the files it runs, instead of once per file (about
    // two seconds of a core per file: the cloud, the terminal core, the contract). The files keep
    // their own state in their own modules; none mocks a module or leaves a global changed.
    isolate: false,
  },
});
