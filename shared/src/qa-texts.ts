// Texts of the QA dashboard (/qa-dashboard; spec 3 sections 2, 4, 5 and 8: the quoted ones are the
// spec's own) and the names of its journeys and steps, which the cloud's runner and the screen share.

export const QA_TEXTS = {
  heading: 'QA Dashboard',
  dataReady: 'Data Ready',
  needSeedData: 'Need Seed Data',
  checkingData: 'Checking data…',
  critical: (n: number) => `${n} critical`,
  seed: 'Seed Test Data',
  seeding: 'Seeding…',
  runAll: 'Run All Tests',
  running: 'Running…',
  journeysTab: 'Journey Tests',
  brokenTab: (n: number) => `Broken Buttons (${n})`,
  quickFixTab: 'Quick Fix List',
  goToPage: 'Go to Page',
  notRunYet: 'No run yet. Seed the QA venue, then press Run All Tests.',
  noBroken: 'Every declared button is served and allowed for a role that sees its screen.',
  noCritical: 'No critical issues.',
  noHigh: 'No high-priority issues.',
  criticalList: 'Critical',
  highList: 'High priority (up to 5)',
  qaVenue: (name: string) =>
    `Runs in the QA venue "${name}": its guests, orders and payments stay out of your venue's figures, and its payments use the demo provider only.`,
  needsCloud:
    'The QA dashboard needs the cloud: it seeds a QA venue and runs journeys there. Open it from a browser signed in to the cloud.',
  // spec 3 section 8
  seeded: 'Database seeded successfully',
  seededDetail: 'Test data is now available for QA testing',
  seedFailed: 'Seeding failed',
  testingComplete: 'QA Testing Complete',
  testingFailed: 'Testing failed',
  // spec 3 section 5
  pleaseSeedFirst: 'Please seed database first',
  pleaseSeedFirstDetail: 'Test data is required before running journey tests',
  stepFailed: (step: string) => `${step} failed validation`,
  notRun: (step: string) => `Not run: "${step}" failed first`,
  unknownSeedProduct: (product: string) => `There is no seed for "${product}". Seeds: restaurant.`,
  runInProgress: 'A QA run is already in progress for this organization',
} as const;

/** What POST /api/admin/seeds/{product} seeds: the one product we make. */
export const QA_SEED_PRODUCTS = ['restaurant'] as const;

/** The QA venue's name and its kitchen printer's, as the seed creates them. */
export const QA_VENUE_NAME = 'QA Test Venue';
export const QA_KITCHEN_PRINTER = 'QA Kitchen Printer';
/** The demo provider's card the payment journey pays with (one of DEMO_TEST_CARDS). */
export const QA_TEST_CARD = '4242424242424242';
/** How long the ticket step waits for the kitchen printer's terminal to print the ticket. */
export const QA_TICKET_WAIT_MS = 20_000;

/** The journeys of Run All Tests, in order, with their steps (spec 3 section 3's QA journey). */
export const QA_JOURNEYS = [
  {
    id: 'dine-in',
    name: 'Dine-in guest',
    description: 'A party checks in at a table, orders, is served, pays, leaves, and the table turns over',
    steps: [
      { id: 'checkin', name: 'Check-in at a table', priority: 'critical' },
      { id: 'order', name: 'Order from the menu', priority: 'critical' },
      { id: 'ticket', name: 'Kitchen ticket printed', priority: 'critical' },
      { id: 'delivery', name: 'Runner delivery', priority: 'high' },
      { id: 'payment', name: 'Payment (demo card)', priority: 'critical' },
      { id: 'exit', name: 'Exit scan', priority: 'high' },
      { id: 'turnover', name: 'Table turnover (clean, QA check)', priority: 'high' },
    ],
  },
  {
    id: 'waitlist',
    name: 'Waitlist party',
    description: 'A party joins the line, is notified, seated at a free table, and leaves',
    steps: [
      { id: 'join', name: 'Join the waitlist', priority: 'high' },
      { id: 'notify', name: 'Notify the party', priority: 'medium' },
      { id: 'seat', name: 'Seat the party', priority: 'high' },
      { id: 'leave', name: 'Party leaves, table cleared', priority: 'medium' },
    ],
  },
] as const;
