import type { KnipConfig } from 'knip';

// `npx knip` counts every user, tests included; `npx knip --production` counts only code that
// ships. A pattern ending in `!` is production; entry patterns without it (tests, benchmarks,
// end-to-end specs, smoke runs) drop out of the production run, and `!…!` patterns leave
// test-only helpers out of it.
const config: KnipConfig = {
  includeEntryExports: true,
  workspaces: {
    '.': {
      entry: [
        'scripts/start.ts!',
        'scripts/demo-cli.ts!',
        'scripts/printer-emulator/cli.ts!',
        'scripts/test-summary.mjs',
        'bench/run.ts',
        'e2e/**/*.spec.ts',
        '{scripts,bench}/**/*.test.ts',
      ],
      project: ['scripts/**/*.ts!', 'scripts/test-summary.mjs', 'bench/**/*.ts', 'e2e/**/*.ts'],
    },
    shared: {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts!', '!src/testkit/**!'],
    },
    cloud: {
      entry: ['src/main.ts!', 'src/**/*.test.ts'],
      project: ['src/**/*.ts!', '!src/test/**!', '!src/testkit/**!'],
    },
    desktop: {
      entry: [
        'src/core/cli.ts!',
        'src/electron/main.ts!',
        'src/preload/index.ts!',
        'src/renderer/main.tsx!',
        'src/renderer/pairing/main.tsx!',
        'src/**/*.test.ts',
      ],
      project: ['src/**/*.{ts,tsx}!', '!src/core/test/**!'],
    },
    'guest-web': {
      entry: ['src/main.tsx!', 'smoke/*.ts'],
      project: ['src/**/*.{ts,tsx}!', 'smoke/**/*.ts'],
    },
  },
};

export default config;
