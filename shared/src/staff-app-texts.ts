// Screen texts of the staff app's login, terminal banner, waitlist and kitchen display. Spec wording
// where the spec has one (spec 2 sections 2.4 and 2.6); the rest is what staff expect to read.
import { MESSAGES } from './messages.js';

export const LOGIN_TEXTS = {
  title: 'Sign in',
  subtitle: 'Staff sign-in',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  submitting: 'Signing in…',
  signOut: 'Sign out',
  checkingSession: 'Checking your session…',
  tryAgain: 'Try again',
} as const;

export const TERMINAL_TEXTS = {
  rejectedCount: (n: number) => `${n} ${n === 1 ? 'change was' : 'changes were'} rejected by the cloud`,
  pendingCount: (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to sync`,
  dismiss: 'Dismiss',
  /** How long the banner says that the replica was reloaded after a restore of the cloud's data. */
  rebuiltNoticeMs: 15 * 60_000,
} as const;

/** The host's waitlist screen (spec 2 section 2.4). */
export const WAITLIST_TEXTS = {
  title: 'Waitlist',
  add: 'Add to Waitlist',
  nextUp: MESSAGES.nextUp,
  seat: 'Seat',
  remove: 'Remove',
  empty: 'No parties waiting',
  guestName: 'Guest name',
  phone: 'Phone',
  partySize: 'Party size',
  cancel: 'Cancel',
  notified: 'Notified',
  estimate: (min: number, max: number) => `${min}-${max} min`,
  errorTitle: 'Error',
  seatedTitle: 'Guest Seated',
  removedTitle: 'Removed from Waitlist',
} as const;

export const KITCHEN_TEXTS = {
  title: 'Kitchen Display',
  viewStation: 'Station',
  viewExpo: 'Expo',
  viewAnalytics: 'Analytics',
  autoRefresh: 'Auto Refresh',
  allStations: 'All Stations',
  priority: 'Priority',
  priorityLabels: { all: 'All', high: 'High', urgent: 'Urgent' },
  startPrep: 'Start Prep',
  ready: 'Ready',
  pause: 'Pause',
  resume: 'Resume',
  startAllPending: 'Start All Pending',
  markAllReady: 'Mark All Ready',
  sendToRunner: 'Send to Runner',
  table: (n: string | null) => (n === null ? 'No table' : `Table ${n}`),
  quantity: (q: number) => `×${q}`,
  course: 'Course',
  notes: 'Notes',
  ageMinutes: (m: number) => `${m} min`,
  held: 'Held',
  firesAt: (time: string) => `Fires at ${time}`,
  late: 'Late',
  noItems: 'No items in the kitchen',
  noExpoOrders: 'No orders ready for the pass',
  loading: 'Loading kitchen items…',
  station: 'Station',
  pending: 'Pending',
  inPrep: 'In Prep',
  readyCount: 'Ready',
  lateCount: 'Late',
  efficiency: 'Efficiency',
  itemsCount: (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`,
  statusChangeFailed: 'Status change failed',
  sentToExpo: 'Sent to Expo',
  // The station's printers (issue 7): a faulty one, and tickets that may have printed.
  printerProblem: (printer: string, state: string) => `${printer}: ${state}`,
  printerStates: { PAPER_OUT: 'Out of paper', COVER_OPEN: 'Cover open', OFFLINE: 'Offline', ERROR: 'Error' },
  printerWaiting: 'Its tickets wait and print by themselves once it is fixed.',
  printUnconfirmed: 'Did this ticket print?',
  printUnconfirmedJob: (what: string, printer: string, time: string) => `${what} on ${printer}, sent ${time}`,
  printTestPage: 'Test page',
  reprint: 'Reprint',
  markPrinted: 'Mark as printed',
  /** On the cloud's staff app: the printer is driven by a terminal in the venue. */
  printDecideAtTerminal: 'Choose Reprint or Mark as printed on the terminal next to the printer.',
  printDecisionFailed: 'Could not record the decision',
} as const;

// ---- Front of house (issue 9): reservations, seating at a table, host console ----

/** Reservations (spec 2 section 2.3). */
export const RESERVATION_TEXTS = {
  title: "Today's Reservations",
  add: 'Add Reservation',
  columns: { time: 'Time', party: 'Party', table: 'Table', status: 'Status', contact: 'Contact', actions: 'Actions' },
  empty: MESSAGES.noReservationsToday,
  loading: 'Loading reservations…',
  checkIn: 'Check In',
  seat: 'Seat',
  noTable: '—',
  guestName: 'Guest name',
  phone: 'Phone',
  email: 'Email',
  reservationTime: 'Reservation time',
  chooseTime: 'Choose a time',
  partySize: 'Party size',
  needsAccessibility: 'Needs accessibility',
  needsHighChair: 'Needs high chair',
  occasion: 'Occasion',
  specialRequests: 'Special requests',
  create: 'Create Reservation',
  cancel: 'Cancel',
  errorTitle: MESSAGES.errorTitle,
  createdTitle: MESSAGES.reservationCreatedTitle,
  created: MESSAGES.reservationCreated,
  createFailed: MESSAGES.reservationCreateFailed,
  checkedInTitle: MESSAGES.guestCheckedInTitle,
  seatedTitle: MESSAGES.guestSeatedTitle,
  timesLoadFailed: 'The bookable times could not be read',
} as const;

/** Seat (choose a table): the dialog the waitlist, reservations and host console open. */
export const SEATING_TEXTS = {
  seatChooseTable: 'Seat (choose a table)',
  title: (party: string) => `Seat ${party}`,
  hint: 'Choose a free table. Tables in service cannot be chosen.',
  seats: (capacity: number) => `${capacity} seats`,
  tooSmall: 'Too small',
  noTables: 'No tables on the floor yet',
  cancel: 'Cancel',
  seatedAt: (party: string, table: string) => `${party} is seated at ${table}.`,
  errorTitle: MESSAGES.errorTitle,
} as const;

/** Host console (spec 2 section 2.10). */
export const HOST_CONSOLE_TEXTS = {
  title: 'Host Console',
  tabs: { checkins: 'Check-ins', waitlist: 'Waitlist', reservations: 'Reservations', floor: 'Floor Plan' },
  printSummary: 'Print Summary',
  addReservation: RESERVATION_TEXTS.add,
  arrivalsEmpty: 'No checked-in parties waiting for a table',
  dueEmpty: MESSAGES.noReservationsToday,
  waitlistEmpty: 'No parties waiting',
  barArea: 'Bar Area',
  barSeats: (n: number) => `${n} seats`,
  emptyCell: 'No table',
  counts: { arrivals: 'Checked in', due: 'Reservations today', waiting: 'Waiting', free: 'Free tables' },
  checkedInAt: (time: string) => `Checked in ${time}`,
  seat: 'Seat',
  checkIn: RESERVATION_TEXTS.checkIn,
  seatParty: (party: string) => `Choose a table for ${party}`,
  stopSeating: 'Cancel',
} as const;

// ---- The dashboard (issue 9, spec 2 section 2.1) ----

/** The dashboard's cards, tabs and panels. Spec wording where the spec has one. */
export const DASHBOARD_TEXTS = {
  venueLabel: 'Venue',
  searchPlaceholder: 'Search table, guest, order #...',
  stats: {
    tablesOccupied: 'Tables Occupied',
    activeOrders: 'Active Orders',
    waitlist: 'Waitlist',
    paymentsPending: 'Payments Pending',
  },
  tablesOf: (occupied: number, total: number) => `${occupied} of ${total} tables`,
  occupancy: (percent: number, level: string) => `${percent}% · ${level}`,
  openOrders: (n: number) => `${n} open ${n === 1 ? 'order' : 'orders'}`,
  parties: (parties: number, guests: number) =>
    `${parties} ${parties === 1 ? 'party' : 'parties'} · ${guests} ${guests === 1 ? 'guest' : 'guests'}`,
  nextWait: (min: number) => `Next party waits about ${min} min`,
  noWait: 'No wait',
  tablesPaying: (n: number) => `${n} ${n === 1 ? 'table' : 'tables'} settling the bill`,
  tabs: {
    overview: 'Overview',
    floor: 'Floor Map',
    payments: 'Payments & Exits',
    waitlist: 'Waitlist & Reservations',
    kitchen: 'Kitchen/Expo',
    activity: 'Activity Feed',
  },
  quickActions: 'Quick Actions',
  addWalkIn: 'Add Walk-In',
  addReservation: 'Add Reservation',
  viewWaitlist: 'View Waitlist',
  kitchenDisplay: 'Kitchen Display',
  alerts: 'Alerts',
  noAlerts: 'No table needs attention',
  floorTitle: 'Floor Map Dashboard',
  tablesActive: (n: number) => `${n} Tables Active`,
  zonesConfigured: (n: number) => `${n} Zones Configured`,
  noTables: 'No tables yet',
  noZone: 'Unzoned',
  table: (number: string) => `Table ${number}`,
  seats: (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`,
  guests: (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`,
  seatedFor: (min: number) => `${min} min`,
  noPayments: 'No table is settling the bill',
  waitlistCard: 'Waitlist',
  noParties: 'No parties waiting',
  reservationsCard: 'Upcoming Reservations',
  noReservations: MESSAGES.noReservationsToday,
  stationQueues: 'Station Queues',
  expoReady: 'Expo Ready to Serve',
  pendingCount: (n: number) => `${n} pending`,
  inPrepCount: (n: number) => `${n} in prep`,
  readyCount: (n: number) => `${n} ready`,
  noKitchenItems: 'No items in the kitchen',
  activityFilter: 'Show',
  activityFilters: { all: 'All', exits: 'Exits', orders: 'Orders', reservations: 'Reservations', alerts: 'Alerts' },
  noActivity: 'Nothing has happened since this screen opened',
  minutesAgo: (min: number) => (min === 0 ? 'just now' : `${min} min ago`),
  loading: 'Loading…',
  loadFailed: 'Could not load the dashboard',
} as const;

/** A screen outside the signed-in member's duty (docs/roles.md); the spec shows no such page. */
export const ACCESS_TEXTS = {
  notPermittedTitle: 'Not part of your role',
  notPermittedHint: 'Your role at this venue does not include this screen. Ask a manager if you need it.',
  goToMyScreen: 'Go to my screen',
} as const;
