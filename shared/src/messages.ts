// Every user-facing message, keyed by a stable id. The cloud answers with these words and the
// screens show them; nothing retypes them. Messages that take values are functions.
import { GUEST_TEXTS } from './guest-texts.js';
import { CHECKIN_FAILED, GUEST_TITLES, NOT_FOUND_TEXTS } from './page-titles.js';

export const MESSAGES = {
  analyticsRangeInvalid: 'The range must end after it starts',
  analyticsRangeTooLong: (days: number) => `A range may be at most ${days} days`,
  // App shell (spec 1 section 2)
  notFoundTitle: NOT_FOUND_TEXTS.title,
  notFoundHint: NOT_FOUND_TEXTS.hint,
  autoIntegrationActive: 'Auto-Integration Active',

  // Live channel (spec 1 section 8)
  liveReconnectFailed: 'Failed to reconnect to server after multiple attempts',
  liveConnectionError: 'WebSocket connection error',
  liveEstablishFailed: 'Failed to establish WebSocket connection',
  liveSubscribeTooOften: 'Too many subscribe messages. Wait a moment before subscribing again.',
  liveCredentialInUrl:
    'A credential in the address is not accepted: send it in the Authorization header or the session cookie',

  // Principals
  invalidCredentials: 'Invalid email or password',
  tooManySignInAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  selfSeatingBusy: 'Many parties are seating themselves right now. Please wait a moment, or ask the host to seat you.',
  authenticationRequired: 'Authentication required',
  guestSessionRequired: 'Session Required',
  invalidQrToken: 'Invalid QR code. Please try again.',
  terminalCredentialInvalid: 'Terminal credential is invalid or revoked',
  forbiddenOrigin: 'Requests from this origin are not allowed',

  // Operating the cloud (issue 27)
  notReady: (failed: readonly string[]) => `Not ready: ${failed.join('; ')}`,
  metricsRefused: 'Metrics are served to loopback or with METRICS_TOKEN as a bearer token',

  // Generic answers
  notFound: (entity: string) => `${entity} not found`,
  invalidField: (field: string, detail: string) => `Invalid ${field}: ${detail}`,
  idempotencyKeyReused: 'Idempotency-Key was already used for a different request',
  idempotentAnswerShownOnce:
    'This request was already carried out, and its answer held a credential that is shown only once. Send a new request with a new Idempotency-Key.',
  internalError: 'Internal server error',
  invalidJsonBody: 'Request body is not valid JSON',
  bodyTooLarge: (megabytes: number) => `Request body is too large: at most ${megabytes} MB`,
  bodyTooDeep: (levels: number) => `Request body is nested too deeply: at most ${levels} levels`,

  // Input bounds: the detail of "Invalid <field>: …"
  notAnObject: 'must be a JSON object',
  textTooLong: (max: number) => `must be at most ${max} characters`,
  controlCharacters: 'must not contain control characters',
  quantityMin: (min: number) => `Quantity must be at least ${min}`,
  quantityMax: (max: number) => `Quantity must be at most ${max}`,
  tooManyLines: (max: number) => `An order can have at most ${max} lines`,
  tooManyModifiers: (max: number) => `A line can have at most ${max} modifiers`,
  tooManyOptions: (max: number) => `A modifier can have at most ${max} options`,
  permissionDenied: 'You do not have permission to do this',
  /** A staff member's floor duty does not include the call (docs/roles.md, Calls by duty). */
  notYourDuty: 'Not part of your role',
  /** A body's orgId or venueId names an organization or venue that is not the caller's (issue 23). */
  otherTenant: 'This organization or venue is not yours',
  mutationOutOfOrder: (expected: number) => `Mutation out of order: expected ${expected}`,
  mutationSeqNeedsKey: 'X-Terminal-Mutation-Seq requires an Idempotency-Key',
  mutationAlreadyApplied: (seq: number) => `Mutation ${seq} was already applied`,
  tooManyMutations: (max: number) => `A push can carry at most ${max} mutations`,
  mutationsNotConsecutive: 'must follow the previous mutation’s number by one',
  keyRepeatedInPush: 'is used by an earlier mutation of this push',
  visibleAsciiOnly: 'must be visible ASCII characters only',
  apiPathOnly: 'must be a path under /api/ in visible ASCII characters',
  tableUnavailable: (name: string) => `${name} is not available`,
  /** A client-made id that names another thing of its kind already (a session, a party, a booking). */
  alreadyExists: (what: string, id: string) => `${what} ${id} already exists`,
  qrWrongTable: 'This QR code belongs to a different table',

  // Orders and kitchen
  itemTransitionRefused: (from: string, to: string) => `Cannot change item status from ${from} to ${to}`,
  emptyCart: 'Cart is empty',
  menuItemUnavailable: (name: string) => `${name} is not available`,
  unknownModifier: (name: string) => `Unknown modifier for ${name}`,
  modifierRequired: (group: string, name: string) => `${group} is required for ${name}`,
  modifierSingleChoice: (group: string, name: string) => `Choose one ${group} for ${name}`,
  sessionClosed: 'This dining session is closed',
  /** A client-made order id that is another session's order already. */
  orderExists: 'Order already exists',

  // Guest toasts (spec 3 section 8)
  orderFailedTitle: 'Order Failed',
  orderFailed: 'Unable to place order. Please try again.',
  checkinFailedTitle: CHECKIN_FAILED.title,
  checkinFailed: CHECKIN_FAILED.description,
  sessionNotFoundTitle: 'Session Not Found',
  sessionNotFound: 'Unable to find your dining session. Please see staff.',
  qrCodeErrorTitle: 'QR Code Error',
  qrProcessingFailed: 'QR code processing failed',
  guestNameRequired: 'Name is required',
  guestEmailInvalid: 'Please enter a valid email',

  // Terminal
  outboxRejectedTitle: 'Change rejected by the cloud',
  offlineBanner: 'Offline: changes are saved on this terminal and will sync when the cloud is back',
  terminalUnpaired: 'This terminal was unpaired. Pair it again.',
  /** After a rebuild for another epoch: the cloud's database was restored or replaced. */
  replicaRebuilt: (time: string) =>
    `At ${time} the cloud's data was restored from a backup, so this terminal reloaded it. Changes made here were kept and sent again; check that recent orders and tables look right.`,
  outboxStuck: (subject: string) => `This change has not reached the cloud yet: ${subject}`,
  outboxStuckHint: 'The terminal keeps trying. If this stays, tell a manager.',
  /** What a report of this terminal's printing to the cloud was about, in the outbox banners. */
  printJobReportSubject: (printer: string) => `the state of a print job on ${printer}`,
  printerReportSubject: (printer: string) => `the state of ${printer}`,
  staffNotAtThisVenue: "This account does not work at this terminal's venue",
  terminalNotSynced: 'This terminal has not reached the cloud yet: sign in once the cloud is reachable',

  // Printing
  printerUnreachable: (name: string) => `Printer ${name} is unreachable`,
  printerPaperOut: 'Paper out',
  printerCoverOpen: 'Cover open',
  printerNoAnswer: 'Printer did not answer',
  printerError: 'Printer reports an error',
  printerNoConfirmation: 'Printer took the job but did not confirm printing it',
  printInterrupted: 'The terminal stopped while sending the job',
  /** A job none of whose bytes left the terminal: it prints by itself once the printer is ready. */
  printNothingPrinted: (reason: string) => `Nothing was printed: ${reason}`,
  /** A job whose bytes may have reached paper: never resent by itself, staff decide. */
  printMayHavePrinted: (reason: string) =>
    `May have printed: ${reason}. Check the printer, then choose Reprint or Mark as printed`,
  /** A kitchen ticket that waited too long on a faulty printer: a copy marked BACKUP printed elsewhere. */
  printMovedToBackup: (backupPrinterName: string) =>
    `Nothing was printed here: sent to the backup printer ${backupPrinterName}, marked BACKUP`,
  printJobNotRetryable: (status: string) => `Only a failed print job can be retried (this one is ${status})`,
  printJobNotUnconfirmed: (status: string) =>
    `Only a print job that may have printed waits for this decision (this one is ${status})`,
  testPrintMissing: 'Missing Information: Please select a printer and enter test content.',
  noSuchTerminal: 'names no paired terminal of this venue',
  noSuchPrinter: 'names no printer of this venue',
  backupIsItself: 'a printer cannot be its own backup',
  noSuchOrderItem: 'names no order item of this venue under that order',
  printJobOfAnotherVenue: 'This print job belongs to another venue',

  // ---- Issue 3: every message of the spec's error catalogues and validation sections ----
  // Shared conventions (spec 1 section 8): "<status>: <body or status text>".
  httpError: (status: number, text: string) => `${status}: ${text}`,
  errorTitle: 'Error',
  unknownEnumValue: (field: string, value: string) => `Unknown ${field}: ${value}`,

  // Party size and names (spec 1 section 5, spec 2 section 5)
  partySizeNotNumber: 'Party size must be a number',
  partySizeMin: (min: number) => `Party size must be at least ${min}`,
  partySizeMax: (max: number) => `Party size must be at most ${max}`,
  reservationGuestNameRequired: 'Guest name is required',
  reservationTimeRequired: 'Reservation time is required',
  reservationTimeNotBookable: 'Reservation time is not bookable: choose a listed time for today or tomorrow',
  invalidEmail: 'Invalid email',
  waitlistQuoteOrder: 'The longest quoted wait cannot be shorter than the shortest',

  // Staff screens' toasts (spec 2 section 8)
  reservationCreateFailed: 'Failed to create reservation',
  reservationCreatedTitle: 'Reservation Created',
  reservationCreated: 'The reservation has been successfully created.',
  waitlistAddFailed: 'Failed to add to waitlist',
  waitlistAddedTitle: 'Added to Waitlist',
  waitlistAdded: 'Guest has been added to the waitlist successfully.',
  demoPopulateFailed: 'Failed to populate demo data',
  demoPopulatedTitle: 'Demo Data Populated!',
  /** POST /api/demo/populate at a venue that is neither a demo nor a QA venue: its real floor,
   * menu and line are never mixed with sample data. */
  demoPopulateRefused:
    'Demo data can only be loaded at a demo or QA venue: this venue is live, so its tables, menu and waitlist stay as they are',
  demoPopulated: (tables: number, menuItems: number, waitlistEntries: number) =>
    `${tables} tables, ${menuItems} menu items and ${waitlistEntries} waitlist entries`,
  guestSeatedTitle: 'Guest Seated',
  guestCheckedInTitle: 'Guest Checked In',
  sentToExpoTitle: 'Sent to Expo',
  deliveryRunCreatedTitle: 'Delivery Run Created',
  paymentUpdatedTitle: 'Payment Updated',
  taskStartedTitle: 'Task Started',
  taskCompletedTitle: 'Task Completed',
  testPrintSentTitle: 'Test Print Sent',
  receiptPrintedTitle: 'Receipt Printed',
  noReservationsToday: 'No reservations for today',
  deleteTableConfirm: 'Are you sure you want to delete this table? This action cannot be undone.',
  checkSpacing: 'Check spacing',
  nextUp: 'Next Up',

  // Staff rules without a spec text: the words a user of a refused action would expect
  pickUpNeedsRunner: 'Select a runner before picking up an order',
  zoneRunNeedsRunner: 'Select a runner before creating a zone run',
  zoneRunNeedsReadyOrder: (zone: string) => `No ready orders in zone ${zone}`,
  tableTransitionRefused: (action: string, stateLabel: string) => `Cannot ${action} a table that is ${stateLabel}`,
  tableActorRefused: (actor: string, action: string) => `The ${actor} may not ${action} a table`,
  abandonedSession: (table: string) => `Table ${table} had no activity for 3 hours and was sent to cleaning.`,
  taskTransitionRefused: (from: string, to: string) => `Cannot change task status from ${from} to ${to}`,
  paymentTransitionRefused: (from: string, to: string) => `Cannot change payment status from ${from} to ${to}`,
  reservationTransitionRefused: (action: string, status: string) => `Cannot ${action} a reservation that is ${status}`,
  reservationNothingToChange: 'Nothing to change: send the fields to modify',
  reservationCancelAlone: 'A cancellation changes nothing else: send the status alone',
  reservationUpdatedTitle: 'Reservation Updated',
  reservationUpdated: 'The reservation has been updated.',
  reservationCancelledTitle: 'Reservation Cancelled',
  reservationUpdateFailed: 'Failed to update reservation',
  waitlistTransitionRefused: (from: string, to: string) => `Cannot change waitlist status from ${from} to ${to}`,

  // Money and split payment (spec 3 section 5)
  splitPeopleRange: (min: number, max: number) => `Split between ${min} and ${max} people`,
  splitTotalMismatch: (splitTotal: string, billTotal: string) =>
    `Split amounts add up to ${splitTotal}, but the bill is ${billTotal}`,
  splitUnpaid: 'Everyone must pay their share before completing',
  tipNegative: 'Tip cannot be negative',
  tipTooLarge: (max: string) => `Tip cannot be more than ${max} on this bill`,

  // Create and edit forms
  createFailed: (entity: string) => `Failed to create ${entity}`,
  updateFailed: (entity: string) => `Failed to update ${entity}`,

  // Uploads
  fileTooLarge: (megabytes: number) => `File size must be less than ${megabytes} MB`,
  invalidImageFile: 'Please select a valid image file',
  oneFileOnly: 'Please select one file',
  uploadFailed: 'Upload failed. Please try again.',
  uploadUrlFailed: 'Failed to get upload URL',
  menuImageUpdateFailed: 'Failed to update menu item image',

  // Guest flow (spec 3 section 8)
  unableToConfirmTableTitle: 'Unable to Confirm Table',
  unableToConfirmTable: 'Please try again or select a different table.',
  tableAlreadyReservedTitle: 'Table Already Reserved',
  tableAlreadyReserved: 'Please confirm your current selection or wait for the hold to expire.',
  noTableSelectedTitle: 'No Table Selected',
  noTableSelected: 'Please select a table first.',
  paymentFailedTitle: 'Payment Failed',
  paymentFailed: 'Unable to process payment. Please try again.',
  qrVerificationRequiredTitle: 'QR Verification Required',
  qrTokenRequiredTitle: 'QR Token Required',
  exitVerificationFailedTitle: 'Exit Verification Failed',
  exitVerificationFailed: 'Unable to verify payment. Please see staff.',
  cameraDenied: 'Camera access denied. Please enable camera permissions to scan QR codes.',
  scannerNotInitialized: 'QR scanner not initialized. Please try enabling camera again.',
  cameraStartFailed: 'Failed to start camera. Please check permissions and try again.',
  qrNotDetected: 'QR code not detected. Please ensure the QR code is clearly visible and try again.',
  automationErrorTitle: 'Automation Error',
  automationError: 'An error occurred in table automation. Please check manually.',
  longCleaning: (table: string) => `Table ${table} has been cleaning for over 30 minutes.`,
  qaOverdue: (table: string) => `Table ${table} needs QA attention.`,
  tablesLoadFailedTitle: 'Error Loading Tables',
  tablesLoadFailed: 'Unable to fetch available tables. Please try again.',
  holdFailedTitle: 'Unable to Reserve Table',
  holdFailed: 'Table may be unavailable. Please try selecting another table.',
  holdExpiredTitle: 'Reservation Expired',
  holdExpired: 'Please select a table again.',
  confirmTableFailed: 'Failed to confirm table',
  tableReservedTitle: 'Table Reserved',
  tableReserved: (table: string) => `Table ${table} is held for you for 3 minutes.`,
  tableConfirmedTitle: GUEST_TITLES.tableConfirmed,
  orderNotFoundTitle: GUEST_TITLES.orderNotFound,
  waitlistStatusNotFoundTitle: GUEST_TITLES.waitlistStatusNotFound,
  exitNeedsSessionAndToken: 'A dining session and its QR token are needed to exit',
  // The three waitlist message bands (spec 3 section 4); the spec names the bands, not the words.
  waitlistFirst: "You're next! We'll let you know the moment your table is ready.",
  waitlistSoon: 'Almost there! Only a party or two ahead of you.',
  waitlistLater: "Thanks for waiting. We'll let you know when your table is ready.",

  // QA dashboard (spec 3 sections 5 and 8)
  qaSeedFirst: 'Please seed database first',
  qaSeedFirstDetail: 'Test data is required before running journey tests',
  qaSeededTitle: 'Database seeded successfully',
  qaSeeded: 'Test data is now available for QA testing',
  qaCompleteTitle: 'QA Testing Complete',
  qaSeedingFailed: 'Seeding failed',
  qaTestingFailed: 'Testing failed',
  qaStepFailed: (step: string) => `${step} failed validation`,

  // ---- Reservations and seating (issue 9) ----
  reservationSlotLength: 'A reservation lasts two hours: slotEnd must be two hours after slotStart',
  reservationDateInvalid: 'must be a date such as 2026-11-25',
  // Guest holds, confirmation and check-in routing (issue 9)
  guestAlreadySeated: (table: string) => `Your party is already seated at ${table}`,
  tableTooSmall: (table: string, seats: number) => `${table} seats up to ${seats}`,
  checkinNeedsVenue: 'Please scan the QR code at the entrance or on your table to check in.',
  // The entrance code (issue 27)
  checkinNeedsEntranceCode: GUEST_TEXTS.checkinNeedsEntranceCode,
  seatRequestClosed: (status: string) => `This table request was ${status.toLowerCase()} already`,
  seatRequestExpired: 'This table request waited too long and has expired',
  seatRequestSessionSeated: 'This party is already seated or has left',
  phoneWaitsForParty:
    'Someone at your table needs to let this phone join first. Ask them to tap Let in on their phone, or ask a server.',
  phoneDeclined: 'This phone was not let in to the party at this table. Please ask a server.',
  phoneAnsweredAlready: 'This phone was answered already',
  entranceCodeRetired:
    'This entrance QR code has been replaced. Please scan the code at the entrance, or ask the host.',
  // Staff accounts and invitations (issue 24)
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
  firstNameRequired: 'First name is required',
  dutyInvalid: 'Duty must be one of HOST, SERVER, KITCHEN, RUNNER, CLEANER',
  roleInvalid: 'Role must be one of OWNER, ADMIN, MANAGER, ASSISTANT_MANAGER, STAFF',
  scopeInvalid: 'Scope must be ORGANIZATION or VENUE',
  roleNotInScope: 'OWNER and ADMIN are organization roles; ASSISTANT_MANAGER is a venue role',
  nothingToChange: 'Give a role or a duty to change',
  roleAboveYours: 'You cannot give or change a role above your own',
  organizationWideOnly: 'Only organization-wide managers can invite to or change organization roles',
  alreadyMember: 'This person already works here',
  alreadyInvited: 'This person already has a pending invitation',
  invitationInvalid: 'This invitation link is not valid',
  invitationExpired: 'This invitation has expired. Ask your manager to send it again',
  invitationNotPending: 'This invitation was already accepted or revoked',
  existingAccountPassword: 'An account with this email exists: enter its password to accept',
  accountDeactivated: 'This account has been deactivated',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  resetLinkInvalid: 'This password reset link is not valid or has expired',
} as const;

/** Refusals of serving (issue 10): printers and receipts, orders and menu, kitchen and runners.
 * Their own object, so the guest site's first page does not carry them (P6). */
export const SERVICE_MESSAGES = {
  // ---- Issue 10, printer management and receipts ----
  printerNameTaken: 'another printer of this venue has that name',
  printerHostRequired: 'is required for a network printer (its IP address or host name)',
  printerDeviceRequired: 'is required for a USB printer (its device, such as /dev/usb/lp0)',
  printerPortRequired: 'is required for a network printer (usually 9100)',
  printerPortUsb: 'must be empty for a USB printer',
  printerNotDriven: 'names no printer this terminal drives',
  noReceiptPrinter: 'This terminal drives no receipt printer (a printer without a station)',
  orderHasNoTickets: 'This order has no kitchen tickets on this terminal to reprint',

  // ---- Orders and menu, menu management (issue 10) ----
  itemAlreadyFired: (name: string) => `${name} has already been sent to the kitchen and cannot be cancelled`,
  nothingHeldToFire: (course: string) => `No ${course} of this order is held: it has been sent to the kitchen already`,
  uploadLinkInvalid: 'This upload link is invalid or has expired. Please try again.',
  imageNotUploaded: 'The image was not uploaded here. Please upload it again.',
  // ---- Kitchen and runners (issue 10) ----
  batchUpdateRefused: (refused: number, total: number) =>
    `${refused} of ${total} ${total === 1 ? 'item' : 'items'} cannot move; nothing was changed`,
  batchUpdateEmpty: 'Choose at least one item to update',
  expoNotReady: 'No item of this order is ready for the runners yet',
  expoAlreadySent: 'Every ready item of this order is already with the runners',
  expoItemNotSendable: (name: string) => `${name} is not ready for the runners, or is already with them`,
  passTicketExists: 'A ticket with this id is already on the pass',
  runnerUnavailable: (name: string) => `${name} is not available`,
  runnerOrderTransitionRefused: (from: string, to: string) => `Cannot change order status from ${from} to ${to}`,
  zoneRunOrderNotReady: (zone: string) => `Every order of a zone run must be ready and in zone ${zone}`,
  alertsNeedCloud: 'The alert could not reach the cloud; it was shown on this terminal only',
  deliveryRunsNeedCloud:
    'Zone runs are kept by the cloud, which cannot be reached right now. Pick Up and Delivered still work.',
  /** Kitchen Analytics' ticket times come from the venue's events, which the cloud keeps (issue 22, item 11). */
  ticketTimesNeedCloud:
    'Ticket times come from the cloud, which cannot be reached right now. The station counts above are from this terminal.',
  /** The activity feed's history and the analytics come from the events the cloud keeps (issue 26). */
  historyNeedsCloud:
    'The venue history comes from the cloud, which cannot be reached right now. Live changes still show here.',
  /** Guests' table choices and phones asking to join reach the cloud, which decides them (issue 27);
   * with the cloud away, guests cannot ask either. */
  guestRequestsNeedCloud:
    "Guests' table requests and joining phones are kept by the cloud, which cannot be reached right now.",
} as const;

// ---- The app shell's quick actions (issue 9) ----

/** What the shell's quick actions say: Generate Table QR, Request Cleaning and Send Alert. */
export const SHELL_MESSAGES = {
  /** A table's QR link is signed by the cloud, which alone holds the key; the terminal asks it. */
  tableQrNeedsCloud:
    'Table QR codes are signed by the cloud, which cannot be reached right now. Try again when the terminal is back online.',
  tableQrTitle: 'Generate Table QR',
  chooseTable: 'Table',
  chooseTablePlaceholder: 'Choose a table',
  tableQrCaption: (table: string) => `Table ${table}: scan to check in`,
  printQr: 'Print',
  printQrOnPrinter: 'Print on receipt printer',
  receiptPrinter: 'Receipt printer',
  qrPrintedTitle: 'Receipt Printed',
  qrPrintQueued: (printer: string) => `The QR code is on its way to ${printer}.`,
  qrFailedTitle: 'Error',
  close: 'Close',
  loadingQr: 'Making the QR code…',
  // Request Cleaning: POST /api/tasks
  requestCleaningTitle: 'Request Cleaning',
  taskTypeInvalid: 'Task type must be RUN, CLEAN or QA',
  taskPriorityInvalid: 'Priority must be a whole number from 0 to 10',
  taskStartsPending: 'A new task starts as PENDING',
  taskMetadataTooLarge: (max: number) => `Metadata takes at most ${max} labels`,
  cleaningAlreadyRequested: (table: string) => `Table ${table} already has a cleaning task waiting`,
  cleaningRequestedTitle: 'Cleaning Requested',
  cleaningRequested: (table: string) => `A cleaner will see Table ${table} on the cleaner console.`,
  cleaningPriority: 'Priority',
  cleaningPriorities: { normal: 'Normal', high: 'High', urgent: 'Urgent' },
  cleaningNote: 'Note for the cleaner',
  requestCleaningSubmit: 'Request Cleaning',
  cancel: 'Cancel',
  chooseTableFirst: 'Please choose a table first',
  cleaningSubject: (table: string) => `Cleaning for Table ${table}`,
  // Send Alert: POST /api/alerts and the staff.alert toast
  sendAlertTitle: 'Send Alert',
  alertMessage: 'Message',
  alertMessagePlaceholder: 'What do staff need to know?',
  alertMessageRequired: 'Alert message is required',
  alertUrgency: 'Urgency',
  alertUrgencyInvalid: 'Urgency must be LOW, MEDIUM, HIGH or CRITICAL',
  alertUrgencies: { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', CRITICAL: 'Critical' },
  alertTable: 'About a table (optional)',
  alertNoTable: 'No table',
  sendAlertSubmit: 'Send Alert',
  alertSentTitle: 'Alert Sent',
  alertSentVenue: 'Every staff screen of the venue shows it.',
  alertSentTerminal: 'The cloud is away: only the screens on this terminal got it.',
  alertToastTitle: (urgency: string, sentBy: string) => `${urgency} alert from ${sentBy}`,
  alertAboutTable: (table: string, message: string) => `Table ${table}: ${message}`,
  // Generate Table QR offers the venue's exit code too (issue 11, guest exit scan)
  exitQrOption: 'Exit (guests scan to check out)',
  exitQrCaption: 'Exit: scan to check out',
} as const;

/** Automated turnover and the cleaner console (spec 3 sections 4 and 8, spec 2 section 2.11). */
export const TURNOVER_MESSAGES = {
  tableStateInvalid: 'State must be a table state such as EMPTY, CLEANING, QA_CHECK or MAINTENANCE',
  metadataTooLarge: 'Metadata takes at most 20 labels',
  qaPassedRequired: 'Say whether the QA check passed (passed: true or false)',
  qaIssueEmpty: 'An issue cannot be empty',
  qaTooManyIssues: (max: number) => `A QA check lists at most ${max} issues`,
  qaIssuesRequired: 'A failed QA check names at least one issue',
  qaNeedsCheck: (table: string, state: string) => `Table ${table} is not waiting for QA (it is ${state})`,
  taskNotForTable: 'This task has no table',
  qaRedoDescription: (issues: readonly string[]) => `QA failed: ${issues.join('; ')}`,
  emergencyCleanDescription: 'Emergency clean',
  abandonedCleanDescription: 'Session abandoned: clean and reset the table',
  qaTaskDescription: (table: string) => `Check Table ${table} after cleaning`,
  nobodyWaiting: 'No waiting party fits this table',
  sessionNotComplete: 'The session is not complete',
  stillToServe: (n: number) => `${n} ${n === 1 ? 'item is' : 'items are'} still to serve`,
  nothingToDo: 'Nothing to do for this table',
  departedUnpaid: (table: string) =>
    `Table ${table} has not paid yet: take the payment first, or send the table to cleaning`,
  longCleaningTitle: 'Long Cleaning',
  qaOverdueTitle: 'QA Overdue',
  abandonedSessionTitle: 'Abandoned Session',
} as const;

// ---- The bill and payments (issue 11) ----

/** Refusals and words of the bill and payment calls and screens; their own object, so the guest
 * site's first page does not carry them (P6). */
export const PAYMENT_MESSAGES = {
  cashShareNotPending: 'This cash share is no longer waiting for staff',
  tooManyPaymentAttempts:
    'Too many payment attempts on this bill. Please wait a few minutes, or pay staff at the table.',
  splitItemUnassigned: 'Every item must be given to at least one person',
  splitAmountNegative: 'A share cannot be negative',
  billChanged: 'The bill changed since you opened it (a new order arrived). Please review the new total and pay again.',
  paymentExceedsBill: (amount: string, left: string) =>
    `This payment of ${amount} is more than the ${left} left on the bill`,
  splitAlreadyPaid: 'This share of the bill is already paid',
  splitsMatchNeither: (sum: string, left: string, withTip: string) =>
    `These shares add up to ${sum}: the bill needs ${left} with the tip on top, or ${withTip} with the tip included`,
  shareAmountMismatch: (amount: string, share: string) =>
    `This share of the bill is ${share}, not ${amount}. Please review the bill and pay again.`,
  nothingToPay: 'Choose at least one share to pay',
  noOrdersToPay: 'There is nothing on this bill yet',
  cardPaymentsUnavailable: 'Card payments are not available here. Please pay with cash or ask staff.',
  demoCardRefused: "Demo payments accept only the card networks' public test numbers, such as 4242 4242 4242 4242",
  webhookSignatureInvalid: 'The webhook signature could not be verified',
  paymentNotFoundForOrder: (status: string) => `This order has no ${status.toLowerCase()} payment`,
  sessionRequiredTitle: 'Session Required',
  cashPaymentSubject: (table: string) => `Cash payment for Table ${table}`,
  paymentsNeedCloud:
    'Card payments, Verify and Retry need the cloud, which cannot be reached right now. Cash still works; try again when the terminal is back online.',
  noReceiptPrinter: 'This venue has no receipt printer. Please ask a member of staff for a printed receipt.',
  receiptPrintLimit: (n: number) => `This receipt has been printed ${n} times already. Please ask a member of staff.`,
  receiptPrintNeedsCheckout: 'Check out at the exit first: the receipt prints once the bill is paid and you have left.',
  /** The staff alert a guest's staff-assistance button sends, by reason; without a table, "A guest". */
  guestAssistanceAlert: (reason: 'exit' | 'other', table: string | null) =>
    `${table ? `Table ${table}: guest` : 'A guest'} needs help${reason === 'exit' ? ' to exit' : ''}`,
} as const;
