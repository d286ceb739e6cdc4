import { readFileSync } from 'node:fs';
import type { KnipConfig } from 'knip';

// Nothing unused (issue 6, item 5). `npx knip` counts every user, tests included; `npx knip
// --production` counts only code that ships, so a rule that only its tests call is unused there.
// A pattern ending in `!` is production: test entries (tests, benchmarks, end-to-end specs, smoke
// runs) lack it and drop out of the production run, and `!…!` patterns leave test helpers out.
// An export only tests import is marked `@internal` where it is declared: knip's production run
// accepts it, the default run still wants a user. These are test seams (production code calls the
// function in its own file), except the cloud's rollback and migration listing in db/migrate.ts,
// which only the migration tests run.

/**
 * The only exceptions: shared code no production code uses yet, kept because an open issue will
 * use it. Everything else that nothing ships left the build with its tests (the floor designer,
 * the admin forms); git history keeps it. The production run ignores these files (knip names no
 * single export in its config, so a file is the unit); the default run still checks them and
 * their tests still run. The issue that builds on a file removes its line, and the production run
 * checks the file again.
 */
const USED_BY_OPEN_ISSUES = [
  // issue 9 (Seat), app shell: the current route's title and highlighting the current item
  // (titleFromPath, activeFeature)
  'shared/src/rules/app-shell.ts',
  // issue 9, dashboard: the floor view's colours and occupancy (tableStateColor, FloorColor,
  // occupancyPercent, occupancyLevel, OccupancyLevel); the rest of the file is the table state
  // machine, which ships
  'shared/src/rules/tables.ts',
  // issue 9, reservations screen: bookable times, the two-hour slot, badges and row actions
  'shared/src/rules/reservations.ts',
  // issue 9, waitlist screen and the guest's waitlist page: quotes, estimate, progress, bands,
  // Seat and Remove (nextToNotify: issue 11's notify-next after QA)
  'shared/src/rules/waitlist.ts',
  // issue 10 (Serve), runner interface: lateness, zone efficiency, Pick Up and Create Zone Run checks
  'shared/src/rules/runner.ts',
  // issue 11 (Settle and turn), the guest's bill: tips, even splits, the bill with its tip
  // (TipChoice, DEFAULT_TIP_CHOICE, choosePresetTip, chooseCustomTip, tipCents, splitEvenly,
  // guestBill); the rest of the file prices orders, which ships
  'shared/src/rules/money.ts',
  // issue 11, staff payments screen: urgency, Verify and Retry, the stat cards
  'shared/src/rules/payments.ts',
  // issue 11, cleaner console: task priority labels, Start Task and Mark Complete, Completed Today
  'shared/src/rules/tasks.ts',
  // issue 11, automated turnover: what each event does, and the stuck-state check
  'shared/src/rules/turnover.ts',
  // The forms of those screens: issue 9 (ReservationForm, RESERVATION_FORM_DEFAULTS,
  // WaitlistAddForm, WAITLIST_FORM_DEFAULTS, GuestCheckinForm with the accessibility and
  // high-chair needs), issue 10 (ImageFileInfo and imageUploadProblem for menu photos,
  // TestPrintForm and testPrintDisabled for the printer screen), issue 11 (ProcessPaymentRequest)
  'shared/src/schemas/forms.ts',
];

/**
 * Constants no code uses yet, in files whose other exports ship. Knip cannot name one export in
 * its config, so each is marked `@pending issue N` where it is declared (the `tags` option below
 * leaves them out of both runs) and listed here; loading this file fails when the two lists
 * differ. When production code imports a tagged constant, knip prints a tag hint: drop the tag
 * and its line here.
 */
const PENDING_CONSTANTS: Record<string, Record<string, number>> = {
  'shared/src/constants.ts': {
    TOOLTIP: 9, // the collapsed sidebar
    DEBOUNCE_MS: 9, // the app shell
    NOTIFICATION_BADGE_START: 9, // the app shell
    ANALYTICS: 9, // the dashboard's last-hour figures
  },
};

function checkPendingTags(): void {
  for (const [file, listed] of Object.entries(PENDING_CONSTANTS)) {
    const tagged: Record<string, number> = {};
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    for (const m of source.matchAll(/@pending issue (\d+)[\s\S]*?\*\/\s*export (?:const|type) (\w+)/g)) {
      tagged[m[2] as string] = Number(m[1]);
    }
    const differ = (a: Record<string, number>, b: Record<string, number>) =>
      Object.keys(a).filter((name) => a[name] !== b[name]);
    const wrong = [...differ(listed, tagged), ...differ(tagged, listed)];
    if (wrong.length > 0) {
      throw new Error(`knip.ts: PENDING_CONSTANTS and the @pending tags of ${file} differ on ${wrong.join(', ')}`);
    }
  }
}

checkPendingTags();

const config: KnipConfig = (options) => ({
  includeEntryExports: true,
  tags: ['-pending'],
  ignore: options.production || options.strict ? USED_BY_OPEN_ISSUES : [],
  // util-linux's renice (scripts/test.mjs raises a half of vitest back to normal priority in CI).
  ignoreBinaries: ['renice'],
  workspaces: {
    '.': {
      entry: [
        'scripts/start.ts!',
        'scripts/demo-cli.ts!',
        'scripts/cluster.ts!',
        'scripts/roles-doc.ts',
        'scripts/printer-emulator/cli.ts!',
        'scripts/test-summary.mjs',
        'bench/run.ts',
        'scripts/chaos/run.ts',
        'e2e/**/*.spec.ts',
        '{scripts,bench}/**/*.test.ts',
      ],
      // scripts/precompress.ts and scripts/build-stamp.ts are build steps (the Vite configs'
      // plugins, the second also read by tests and benchmarks), not shipped code
      project: [
        'scripts/**/*.ts!',
        '!scripts/chaos/**!',
        '!scripts/precompress.ts!',
        '!scripts/build-stamp.ts!',
        'bench/**/*.ts',
        'e2e/**/*.ts',
      ],
    },
    shared: {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts!'],
      // package.json exports every file of src/ (production entries); src/testkit is what the
      // tests of both tiers share, so it is named as part of the test run to leave production.
      vitest: { entry: ['src/**/*.test.ts', 'src/testkit/**/*.ts'] },
    },
    cloud: {
      // src/realtime/fanout-child.ts is the live fan-out process, which server.ts forks by its path.
      entry: ['src/main.ts!', 'src/realtime/fanout-child.ts!', 'src/**/*.test.ts'],
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
      project: ['src/**/*.{ts,tsx}!', '!src/core/test/**!', '!src/renderer/test/**!'],
    },
    'guest-web': {
      // src/prerender.tsx renders the check-in page's HTML at build time (prerender-entry-route.ts,
      // a plugin of vite.config.ts, loads it by path): that HTML ships, so it counts as production.
      entry: ['src/main.tsx!', 'src/prerender.tsx!', 'smoke/*.ts'],
      project: ['src/**/*.{ts,tsx}!', 'smoke/**/*.ts'],
    },
  },
});

export default config;
