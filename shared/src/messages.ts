// Every user-facing message, keyed by a stable id. The cloud answers with these words and the
// screens show them; nothing retypes them. Messages that take values are functions.

export const MESSAGES = {
  // App shell (spec 1 section 2)
  notFoundTitle: '404 Page Not Found',
  notFoundHint: 'Did you forget to add the page to the router?',
  autoIntegrationActive: 'Auto-Integration Active',

  // Live channel (spec 1 section 8)
  liveReconnectFailed: 'Failed to reconnect to server after multiple attempts',
  liveConnectionError: 'WebSocket connection error',
  liveEstablishFailed: 'Failed to establish WebSocket connection',

  // Principals
  invalidCredentials: 'Invalid email or password',
  authenticationRequired: 'Authentication required',
  guestSessionRequired: 'Session Required',
  invalidQrToken: 'Invalid QR code. Please try again.',
  terminalCredentialInvalid: 'Terminal credential is invalid or revoked',
  forbiddenOrigin: 'Requests from this origin are not allowed',

  // Generic answers
  notFound: (entity: string) => `${entity} not found`,
  invalidField: (field: string, detail: string) => `Invalid ${field}: ${detail}`,
  idempotencyKeyReused: 'Idempotency-Key was already used for a different request',
  internalError: 'Internal server error',
  invalidJsonBody: 'Request body is not valid JSON',
  permissionDenied: 'You do not have permission to do this',
  mutationOutOfOrder: (expected: number) => `Mutation out of order: expected ${expected}`,
  mutationSeqNeedsKey: 'X-Terminal-Mutation-Seq requires an Idempotency-Key',
  mutationAlreadyApplied: (seq: number) => `Mutation ${seq} was already applied`,
  tableUnavailable: (name: string) => `${name} is not available`,
  qrWrongTable: 'This QR code belongs to a different table',

  // Orders and kitchen
  itemTransitionRefused: (from: string, to: string) =>
    `Cannot change item status from ${from} to ${to}`,
  emptyCart: 'Cart is empty',
  menuItemUnavailable: (name: string) => `${name} is not available`,
  unknownModifier: (name: string) => `Unknown modifier for ${name}`,
  modifierRequired: (group: string, name: string) => `${group} is required for ${name}`,
  modifierSingleChoice: (group: string, name: string) => `Choose one ${group} for ${name}`,
  sessionClosed: 'This dining session is closed',

  // Guest toasts (spec 3 section 8)
  orderFailedTitle: 'Order Failed',
  orderFailed: 'Unable to place order. Please try again.',
  checkinFailedTitle: 'Check-in Failed',
  checkinFailed: 'Unable to process check-in. Please try again.',
  sessionNotFoundTitle: 'Session Not Found',
  sessionNotFound: 'Unable to find your dining session. Please see staff.',
  qrCodeErrorTitle: 'QR Code Error',
  qrProcessingFailed: 'QR code processing failed',
  guestNameRequired: 'Name is required',
  guestEmailInvalid: 'Please enter a valid email',

  // Terminal
  outboxRejectedTitle: 'Change rejected by the cloud',
  offlineBanner: 'Offline: changes are saved on this terminal and will sync when the cloud is back',

  // Printing
  printerUnreachable: (name: string) => `Printer ${name} is unreachable`,
  printerPaperOut: 'Paper out',
  printerCoverOpen: 'Cover open',
  printerNoAnswer: 'Printer did not confirm the job',
  testPrintMissing: 'Missing Information: Please select a printer and enter test content.',
} as const;

export type MessageId = keyof typeof MESSAGES;
