// Constants of the spec (section 9 of each document, plus enumerations of spec 1 section 4).
// Screens, cloud and terminal import them from here; nothing else retypes them.

export const PRODUCT_NAME = 'Tablewise';
export const TAGLINE = 'Smart Restaurant System';
export const DASHBOARD_TITLE = 'Restaurant Management';
export const DASHBOARD_TITLE_MOBILE = 'Management';

export const PARTY_SIZE = { min: 1, max: 20 } as const;
export const TABLE_CAPACITY = { min: 1, max: 20 } as const;

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_PLAN = 'STARTER';
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_RESERVATION_SOURCE = 'DIRECT';

/** Tax 8.75 % expressed in basis points so arithmetic stays integral. */
export const TAX_RATE_BASIS_POINTS = 875;
export const TAX_RATE_PERCENT = 8.75;

export const TABLE_HOLD_MS = 3 * 60 * 1000;
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

export const TABLE_STATES = [
  'EMPTY',
  'HOLD_SOFT',
  'OCCUPIED',
  'ORDERING',
  'EATING',
  'PAYING',
  'PAYMENT_VERIFIED',
  'CLEANING',
  'QA_CHECK',
  'RESERVED',
  'ASSISTANCE_REQUESTED',
  'EXIT_PENDING',
  'PAYMENT_DUE',
  'HOLD',
  'MAINTENANCE',
] as const;

/** The schema's table_state enumeration (spec 1 section 4), a subset of TABLE_STATES. */
export const SCHEMA_TABLE_STATES = [
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

export const TASK_TYPES = ['RUN', 'CLEAN', 'QA'] as const;
export const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED'] as const;
export const WAITLIST_STATUSES = ['WAITING', 'NOTIFIED', 'SEATED', 'CANCELLED'] as const;
export const GUEST_WAITLIST_STATUSES = ['WAITING', 'NOTIFIED', 'READY'] as const;
export const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUNDED'] as const;
export const RESERVATION_STATUSES = ['CONFIRMED', 'CHECKED_IN', 'SEATED', 'CANCELLED'] as const;
export const ORGANIZATION_ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'STAFF'] as const;
export const VENUE_ROLES = ['MANAGER', 'ASSISTANT_MANAGER', 'STAFF'] as const;
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
export type Permission = (typeof PERMISSIONS)[number];
export const PLANS = ['STARTER', 'FREE', 'BASIC', 'PREMIUM', 'ENTERPRISE'] as const;
export const SESSION_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export const SHAPES = ['CIRCLE', 'SQUARE', 'RECTANGLE', 'OVAL', 'HALFMOON', 'QUARTER', 'BOOTH'] as const;

export const PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR', 'BUSY'] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];
export const PRINT_JOB_STATUSES = ['PENDING', 'PRINTING', 'COMPLETED', 'FAILED'] as const;
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
  /** Attempts before a job is marked FAILED. */
  maxAttempts: 5,
  retryBaseDelayMs: 1000,
  /** How long to wait for the printer's answer to a status query. */
  statusTimeoutMs: 2000,
} as const;

export const STAFF_SESSION_COOKIE = 'tw_sid';
export const GUEST_SESSION_COOKIE = 'tw_guest';
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const TERMINAL_AUTH_HEADER = 'Authorization';
export const TERMINAL_MUTATION_SEQ_HEADER = 'X-Terminal-Mutation-Seq';

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
