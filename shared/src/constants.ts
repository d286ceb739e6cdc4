// Constants of the spec (section 9 of each document, plus enumerations of spec 1 section 4).
// Screens, cloud and terminal import them from here; nothing else retypes them.

export const PRODUCT_NAME = 'Tablewise';
export const TAGLINE = 'Smart Restaurant System';
export const DASHBOARD_TITLE = 'Restaurant Management';
export const DASHBOARD_TITLE_MOBILE = 'Management';

export const PARTY_SIZE = { min: 1, max: 20 } as const;

/** The currency of a payment (payments.currency, a Stripe PaymentIntent). */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_RESERVATION_SOURCE = 'DIRECT';

/** Tax 8.75 % expressed in basis points so arithmetic stays integral. */
export const TAX_RATE_BASIS_POINTS = 875;
export const TAX_RATE_PERCENT = 8.75;

/** How long POST /api/guest/hold-table holds a table for a guest. */
export const TABLE_HOLD_MS = 3 * 60 * 1000;
/** How long a guest's table choice waits for the host (issue 27): the table stays held that long. */
export const SEAT_REQUEST_WAIT_MS = 10 * 60 * 1000;
export const RESERVATION_DURATION_MS = 2 * 60 * 60 * 1000;

export const LIVE_RECONNECT = { maxAttempts: 5, baseDelayMs: 1000, factor: 2 } as const;
/** A clean close of the live channel; it is not followed by a reconnect. */
export const WS_CLEAN_CLOSE_CODE = 1000;
export const LIVE_PATH = '/ws';
export const API_PREFIX = '/api';

export const POLLING_MS = {
  kitchen: 5_000,
  runner: 3_000,
  seatSelectionTables: 5_000,
  waitlistStatus: 15_000,
  guestMenu: 30_000,
  stuckTables: 5 * 60_000,
  /** A phone waiting to be let in to its party asks again this often (it has no live channel yet). */
  phoneWaiting: 3_000,
  /** The phones asking to join, on a party's phone, besides the live channel. */
  partyPhones: 15_000,
} as const;

/** Course fire times (spec 3 section 9). */
export const COURSE_TIMING = {
  firstCourseDelayMs: 5 * 60_000,
  appetizerToMainMs: 20 * 60_000,
  mainToDessertMs: 30 * 60_000,
  defaultCourse: 'main',
} as const;

export const KITCHEN = {
  defaultPrepTimeMinutes: 10,
  lateGraceMinutes: 5,
} as const;

export const COURSES = ['appetizer', 'main', 'dessert', 'drink'] as const;

/** The schema's table_state enumeration (spec 1 section 4), a subset of TABLE_STATES. */
const SCHEMA_TABLE_STATES = [
  'EMPTY',
  'HOLD_SOFT',
  'OCCUPIED',
  'ORDERING',
  'EATING',
  'PAYING',
  'PAYMENT_VERIFIED',
  'CLEANING',
  'QA_CHECK',
] as const;

/** Every table state of the three documents: the schema's, the floor map's, the dashboard
 * designer's and the automation's. */
export const TABLE_STATES = [
  ...SCHEMA_TABLE_STATES,
  'RESERVED',
  'ASSISTANCE_REQUESTED',
  'EXIT_PENDING',
  'PAYMENT_DUE',
  'HOLD',
  'MAINTENANCE',
] as const;

export const ORDER_STATES = [
  'CREATED',
  'CONFIRMED',
  'SENT_TO_KITCHEN',
  'IN_PREP',
  'READY_FOR_RUN',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CLOSED',
] as const;

/** Order-item states: the order states plus the kitchen's PAUSE and the runner's RETURN_REQUESTED. */
export const ORDER_ITEM_STATES = [...ORDER_STATES, 'PAUSE', 'RETURN_REQUESTED'] as const;

export const ORDER_STATUS_LABELS: Record<(typeof ORDER_ITEM_STATES)[number], string> = {
  CREATED: 'Created',
  CONFIRMED: 'Confirmed',
  SENT_TO_KITCHEN: 'In Kitchen',
  IN_PREP: 'Preparing',
  READY_FOR_RUN: 'Ready',
  OUT_FOR_DELIVERY: 'Out for Delivery',
  DELIVERED: 'Delivered',
  CLOSED: 'Closed',
  PAUSE: 'Paused',
  RETURN_REQUESTED: 'Return Requested',
};

/** Task types of the cleaner console and the turnover automation; Request Cleaning makes a CLEAN task. */
export const TASK_TYPES = ['RUN', 'CLEAN', 'QA'] as const;
export const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED'] as const;
export const WAITLIST_STATUSES = ['WAITING', 'NOTIFIED', 'SEATED', 'CANCELLED'] as const;
/** What the guest's waitlist page shows. */
export const GUEST_WAITLIST_STATUSES = ['WAITING', 'NOTIFIED', 'READY'] as const;
export const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUNDED'] as const;
export const RESERVATION_STATUSES = ['CONFIRMED', 'CHECKED_IN', 'SEATED', 'CANCELLED'] as const;
export const ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'ASSISTANT_MANAGER', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];
export const PERMISSIONS = [
  'MANAGE_ORGANIZATION',
  'MANAGE_VENUES',
  'MANAGE_RESTAURANTS',
  'MANAGE_USERS',
  'MANAGE_TABLES',
  'MANAGE_ORDERS',
  'MANAGE_MENU',
  'MANAGE_PAYMENTS',
  'VIEW_ANALYTICS',
  'MANAGE_SETTINGS',
] as const;
/**
 * The floor duties of spec 2 section 6 (host, kitchen, runner, cleaner; a server works the floor
 * and the bill), kept on a staff member's venue role. What each sees is in rules/staff-access.ts.
 */
export const STAFF_DUTIES = ['HOST', 'SERVER', 'KITCHEN', 'RUNNER', 'CLEANER'] as const;
export const SESSION_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export const SHAPES = ['CIRCLE', 'SQUARE', 'RECTANGLE', 'OVAL', 'HALFMOON', 'QUARTER', 'BOOTH'] as const;

/**
 * Spec 2's four, and what a terminal learns from the printer's own status answers (DLE EOT):
 * PAPER_OUT, COVER_OPEN, and UNKNOWN for a printer it has not asked yet.
 */
export const PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR', 'BUSY', 'PAPER_OUT', 'COVER_OPEN', 'UNKNOWN'] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];
/**
 * UNCONFIRMED: its bytes may have reached paper without the printer's proof; staff decide (Reprint or
 * Mark as printed). MOVED: it waited too long on a faulty printer and a copy marked BACKUP went to
 * the station's backup printer instead; it never prints where it was.
 */
export const PRINT_JOB_STATUSES = ['PENDING', 'PRINTING', 'UNCONFIRMED', 'COMPLETED', 'FAILED', 'MOVED'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];
export const PRINT_JOB_TYPES = [
  'kitchen_ticket',
  'receipt',
  'test',
  'daily_summary',
  'waitlist_ticket',
  'reservation_confirmation',
  'shift_report',
  'end_of_day',
] as const;
export type PrintJobType = (typeof PRINT_JOB_TYPES)[number];
export const PRINTER_CONNECTIONS = ['tcp', 'usb'] as const;

export const PRINTING = {
  defaultPort: 9100,
  /** How often a faulty printer with waiting jobs is asked its status (DLE EOT) until it recovers. */
  statusPollMs: 3000,
  /** How often a printer with nothing to print is asked its status, so its state stays live on screen. */
  idleCheckMs: 30_000,
  /** How long to wait for the printer's answer to a status query. */
  statusTimeoutMs: 2000,
  /**
   * How long a print job's report may wait in the terminal's outbox for the next (the ticket
   * printed, the next ticket of a rush), so they reach the cloud in one push instead of one each.
   * A printer's state never waits, nor does anything staff did.
   */
  reportWaitMs: 1000,
  /**
   * How many print job reports may wait together: once this many wait, they go at once. In a rush
   * the cloud then takes them in pushes of a bounded size, each a short piece of work, rather than
   * one large push a second whose work would hold up the orders arriving meanwhile.
   */
  reportBatch: 16,
  /** How long to wait for the answer to GS r after a job: the printer answers once it has printed. */
  confirmTimeoutMs: 10_000,
  /** How long one job's bytes may take to leave for the printer: one that stops reading fails the job in time. */
  writeTimeoutMs: 10_000,
  /**
   * How long a kitchen ticket may wait, none of it sent, on a faulty printer before it moves to the
   * station's backup printer (when that one is ONLINE), marked BACKUP.
   */
  backupAfterMs: 60_000,
} as const;

export const STAFF_SESSION_COOKIE = 'tw_sid';
export const GUEST_SESSION_COOKIE = 'tw_guest';
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const TERMINAL_MUTATION_SEQ_HEADER = 'X-Terminal-Mutation-Seq';
/** The venue a staff request asks to work at (the header's venue selector, a terminal's sign-in). */
export const VENUE_HEADER = 'X-Venue-Id';

/**
 * How often a guest may scan, check in and order (issue 7), per client address and per guest
 * session, each in a window of `windowSeconds`. A whole dining room can share the venue's Wi-Fi
 * address: at the rush, a busy room seats perhaps ten parties a minute, up to 20 phones each
 * scanning once or twice and checking in once, and the room places a few orders a minute, so
 * the address figures sit well above that. One party's phones (a table of 8, up to 20) share a
 * session: a round from every phone with its retries stays under the session figures. A script
 * sweeping codes, or ordering onto someone's bill, meets the limit within its first second.
 */
export const GUEST_RATE_LIMITS = {
  windowSeconds: 60,
  scan: { perAddress: 240, perSession: 40 },
  checkin: { perAddress: 120, perSession: 40 },
  order: { perAddress: 120, perSession: 40 },
} as const;

/**
 * Guests seating themselves (issue 27, probe finding 1: a loop of fresh cookies from one address
 * held and confirmed 19 tables in 2 seconds, and real parties went to the waitlist). A fresh cookie
 * is free, so these count per client address and per venue, never per session, in every cloud
 * instance together (the PostgreSQL limit store), within `windowSeconds`:
 * - walkIn: check-ins naming only the venue (no table's code), which is how such a loop gets its cookies;
 * - hold: attempts to hold a table from the guest's list;
 * - seat: attempts to confirm a held table (self-seating).
 * Per address allows a family's phones and a venue's shared Wi-Fi; per venue is more parties seating
 * themselves in a minute than a busy room sees, and bounds what any number of addresses can take.
 */
export const SELF_SEATING_LIMITS = {
  windowSeconds: 60,
  walkIn: { perAddress: 10, perVenue: 60 },
  hold: { perAddress: 12, perVenue: 40 },
  seat: { perAddress: 4, perVenue: 12 },
} as const;
type PerAddressAndVenue = { perAddress: number; perVenue: number };
/** SELF_SEATING_LIMITS's shape, for a cloud started with others (tests that seat many parties from one address). */
export type SelfSeatingLimits = {
  windowSeconds: number;
  walkIn: PerAddressAndVenue;
  hold: PerAddressAndVenue;
  seat: PerAddressAndVenue;
};

/**
 * Payment attempts on one bill (issue 27: 100 declined cards left 100 FAILED payments and 100
 * events). In `windowSeconds`, a bill takes `perSession` attempts (a ten-way split paying share by
 * share, with a retry each, stays well inside) and `failuresPerSession` refused cards; an address
 * takes `perAddress` attempts across bills. Counted by every cloud instance together.
 */
export const PAYMENT_RATE_LIMITS = {
  windowSeconds: 600,
  perSession: 40,
  failuresPerSession: 5,
  perAddress: 120,
} as const;

/**
 * Limits of a socket at /ws (issue 7), on the cloud and the terminal alike.
 * - maxPayloadBytes: the client sends only `ping` and `subscribe`, a few dozen bytes; 64 KB
 *   leaves room for anything the protocol may add and refuses a megabyte frame (close 1009).
 * - subscribe: a `subscribe` with `after` reads the database once, so a socket may send at most
 *   `perWindow` in `windowMs`. Our clients subscribe once per connection, so only a client stuck
 *   in a loop, or a script, meets this. Each refused one gets an `error` message; after
 *   `refusalsBeforeClose` refusals in a row the socket is closed with `policyCloseCode`.
 * - revalidateMs: how often the hub re-checks every socket's principal (staff login expired or
 *   role changed, guest session closed, terminal revoked) in one query per instance, so a socket
 *   outlives its access by at most this long even if a revocation notice was lost.
 */
export const LIVE_LIMITS = {
  maxPayloadBytes: 64 * 1024,
  subscribe: { perWindow: 5, windowMs: 1000, refusalsBeforeClose: 10 },
  /**
   * Any message (issue 27: a flood of pings each answered with a pong): a socket sends at most
   * `perWindow` in `windowMs`; the rest go unanswered, and a socket that keeps on is closed after
   * `ignoredBeforeClose` of them. A socket that sent `malformedBeforeClose` frames that are not a
   * message of the protocol is closed too: our clients never send one.
   */
  messages: { perWindow: 20, windowMs: 1000, ignoredBeforeClose: 100, malformedBeforeClose: 5 },
  policyCloseCode: 1008,
  revalidateMs: 30_000,
} as const;

export const SIDEBAR = {
  widthRem: 16,
  mobileWidthRem: 18,
  iconWidthRem: 3,
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 604800,
  keyboardShortcut: 'b',
  mobileBreakpointPx: 768,
} as const;

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  swipeThresholdPx: 50,
  removeDelayMs: 1_000_000,
  hotkey: 'F8',
  maxWidthPx: 420,
} as const;

export const DEFAULT_PORT = 8080;

// ---- Section 9 constants of all three documents (issue 3). Rules using them are in rules/. ----

/** @pending issue 9: tooltips of the collapsed sidebar. */
export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300 } as const;
/** @pending issue 9: debounces of the app shell (spec 2 section 9). */
export const DEBOUNCE_MS = { hotReload: 100, statusRefresh: 200 } as const;
/** @pending issue 9: the app shell's notification badge. */
export const NOTIFICATION_BADGE_START = 3;

/** Tip presets, applied on the subtotal (spec 3 section 9). */
export const TIP_PRESETS = [
  { percent: 15, label: 'Good' },
  { percent: 18, label: 'Great' },
  { percent: 20, label: 'Excellent' },
  { percent: 25, label: 'Outstanding' },
] as const;
export type TipPresetPercent = (typeof TIP_PRESETS)[number]['percent'];
export const DEFAULT_TIP_PERCENT: TipPresetPercent = 18;
/**
 * The largest tip a payment takes (issue 27): the bill's total, or 100.00 on a small bill. A tip
 * past it is a slip of the keypad (or a probe), not generosity, and would sit in the day's takings.
 */
export const TIP_LIMIT = { ofBillPercent: 100, floorCents: 100_00 } as const;

/** Split payment: 2 to 10 people; the shares must match the bill within 0.01 (one cent). */
export const SPLIT = { minPeople: 2, maxPeople: 10, toleranceCents: 1 } as const;
export const PAYMENT_METHODS = ['card', 'apple_pay', 'google_pay', 'cash'] as const;
/** A guest's cash share nobody verified or cancelled stops holding the bill after this (issue 27). */
export const PENDING_CASH_SHARE_TTL_MS = 30 * 60_000;
/** A pending payment older than this is urgent (spec 2 section 9). */
export const PAYMENT_URGENT_AFTER_MS = 300_000;

/** Bookable reservation times: every 30 minutes from 17:00 to 22:30, today and tomorrow. */
export const RESERVATION_BOOKING = {
  firstTime: '17:00',
  lastTime: '22:30',
  stepMinutes: 30,
  dayLabels: ['Today', 'Tomorrow'],
} as const;
export const RESERVATION_DEFAULT_STATUS = 'CONFIRMED';

/** Waitlist quotes: 15 to 25 minutes for the first party, 5 more per place behind it. */
export const WAITLIST = {
  defaultQuotedMinWait: 15,
  defaultQuotedMaxWait: 25,
  minutesPerPlace: 5,
  estimateRefreshMs: 60_000,
} as const;

export const RUNNER = { lateGraceMinutes: 3, defaultZoneAvgDeliveryMinutes: 5 } as const;
/** Runner availability (the runner selector offers the available ones). */
export const RUNNER_STATUSES = ['available', 'busy', 'offline'] as const;
/** A zone run's status. */
export const DELIVERY_RUN_STATUSES = ['active', 'completed'] as const;
/** Priority of an order on the kitchen and runner screens. */
export const ORDER_PRIORITIES = ['normal', 'high', 'urgent'] as const;
/** Urgency of a staff alert (the Send Alert quick action). */
export const ALERT_URGENCIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
/** Occupancy levels: above 80 % High, above 60 % Moderate. */
export const OCCUPANCY_THRESHOLDS = { moderate: 60, high: 80 } as const;
/** Task priority labels: 3 or more High, 2 or more Medium. */
export const TASK_PRIORITY_THRESHOLDS = { high: 3, medium: 2 } as const;

/** Image uploads: one file of at most 5 MB (5242880 bytes), for menu photos. */
export const IMAGE_UPLOAD = { maxBytes: 5_242_880, maxMegabytes: 5, maxFiles: 1 } as const;

/** Receipt types the host console prints through POST /api/print/receipt (spec 2 section 2.12). */
export const PRINT_RECEIPT_TYPES = [
  'daily_summary',
  'waitlist_ticket',
  'reservation_confirmation',
  'shift_report',
  'end_of_day',
] as const;

/** Guest flow timings (spec 3 section 9): the QR scanner's, and the exit scan's (issue 11). */
export const GUEST_FLOW = {
  exitScanDelayMs: 2_000,
  scannerMaxScansPerSecond: 5,
  scannerTimeoutMs: 30_000,
} as const;
export const SEAT_FILTER_PARTY_SIZES = [2, 4, 6, 8] as const;
const SEAT_FEATURES = ['accessibility', 'view', 'plugs', 'quiet'] as const;
export type SeatFeature = (typeof SEAT_FEATURES)[number];
/** Zones of the seat-selection map. */
export const GUEST_MAP_ZONES = ['Dining Room', 'Patio', 'Bar Area'] as const;
/** The seat-selection map's view box (the designer's too, in the spec). */
export const MAP_VIEW_BOX = { width: 800, height: 600 } as const;

/** Stuck-state check thresholds of the table automation; only the 30-minute cleaning is in the
 * spec, the QA and abandoned-session limits are the ones a floor manager would expect. */
export const TURNOVER = {
  longCleaningMinutes: 30,
  stuckQaMinutes: 15,
  abandonedSessionMinutes: 180,
  /** A party notified of its table that has not been seated this long loses its turn to the next. */
  waitlistTimeoutMinutes: 15,
  /** The stuck-state check: every 5 minutes (spec 3 section 9). */
  stuckCheckIntervalMs: 5 * 60_000,
} as const;

/** The host console's floor plan (spec 2 section 9): 36 cells in 6 columns, a Bar Area of 8 seats. */
export const HOST_FLOOR_PLAN = { cells: 36, columns: 6, barSeats: 8 } as const;

/** @pending issue 9: the dashboard's last-hour figures. (The spec's placeholder figures are gone: issue 9
 * computes every figure from real data.) */
export const ANALYTICS = { lastHourMinutes: 60 } as const;

export const OCCASIONS = ['none', 'birthday', 'anniversary', 'date', 'business', 'celebration', 'other'] as const;
/** The option labels of spec 2 section 5, used by every form that offers an occasion. */
export const OCCASION_LABELS: Record<(typeof OCCASIONS)[number], string> = {
  none: 'No special occasion',
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  date: 'Date Night',
  business: 'Business Meeting',
  celebration: 'Celebration',
  other: 'Other',
};

// ---- Runners (issue 10) ----
/** Hot or cold, as a menu item carries it to the runner (spec 2 section 3's runner order items). */
export const ITEM_TEMPERATURES = ['hot', 'cold'] as const;
/** The zone a runner order takes when its table has none (or it has no table). */
export const UNZONED_RUNNER_ZONE = 'Floor';
/** How long a delivered order stays in the runner's list, for the zone's average delivery time. */
export const RUNNER_DELIVERED_WINDOW_MS = 2 * 60 * 60 * 1000;
/** How far back the kitchen's ticket times (fired → ready) look. */
export const KITCHEN_TICKET_WINDOW_MS = 12 * 60 * 60 * 1000;
/** Who takes a payment (issue 11): staff at the venue (cash, the venue's card terminal), the
 * embedded demo's test-card provider, or Stripe PaymentIntents. */
export const PAYMENT_PROVIDERS = ['venue', 'demo', 'stripe'] as const;
/** The card networks' public test numbers the demo provider accepts (and no other number). */
export const DEMO_TEST_CARDS = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
] as const;
/** ESC/POS drawer kick: ESC p 0 25 250 (pin 2, 50 ms on, 500 ms off). */
export const CASH_DRAWER_KICK = [0x1b, 0x70, 0x00, 25, 250] as const;
/** How long after the first phone of a paid party exits the party's other phones may still
 * exit with the receipt (their shared session is closed by then; nothing else is granted). */
export const GUEST_EXIT_RECEIPT_MS = 30 * 60_000;
/** Why a guest asks staff over (the exit page's staff-assistance button is 'exit'). */
export const GUEST_ASSISTANCE_REASONS = ['exit', 'other'] as const;
/** A party asks staff over at most once in this many seconds: a guest tapping the button again
 * is answered that staff were asked, and staff get one alert. */
export const GUEST_ASSISTANCE_WINDOW_SECONDS = 120;
/** How many paper copies of its receipt a departing party may print at the venue. */
export const GUEST_RECEIPT_PRINTS_PER_SESSION = 3;

/** Operating the cloud (issue 27): readiness and metrics. */
export const READINESS = {
  /** A database that has not answered `select 1` by then counts as lost. */
  databaseTimeoutMs: 2_000,
} as const;

/**
 * Events retention (issue 27): a venue's events stay in the hot table (`events`) this long, then
 * the cloud's archive job moves them to `events_archive`, where every reader of old events still
 * finds them. 35 days: a calendar month of service and a week over. Everything the live paths
 * read lies well inside it (the kitchen's ticket times, 12 hours; a receipt's reprints, 30 minutes;
 * the activity feed's first pages), and a terminal switched off for a month's closure catches up
 * from the hot table. What is older is read rarely: a terminal older than that, the feed's far
 * pages, the organization's export, a guest's erasure.
 */
export const EVENTS_HOT_RETENTION_MS = 35 * 24 * 60 * 60 * 1000;
