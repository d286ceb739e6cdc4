// Words on the guest's scanner, seat-selection and waitlist screens (issue 9). Spec texts (toasts,
// titles, scanner messages) live in MESSAGES; these are the labels around them.
import { GUEST_TITLES } from './page-titles.js';

export const GUEST_SEAT_TEXTS = {
  // The host approves self-seating during a rush (issue 27)
  sentToHostTitle: 'Sent to the host',
  sentToHost: 'It is busy: the host approves each table. Your table is held while you wait.',
  waitingForHost: (table: string) => `Waiting for the host to approve ${table}`,
  waitingForHostDetail: 'Your table is held for you. This page moves on by itself once the host answers.',
  hostDeclinedTitle: 'Table not approved',
  hostDeclined: (table: string) =>
    `The host could not seat you at ${table}. Please choose another table or ask the host.`,
  hostDidNotAnswer: (table: string) =>
    `The host did not get to your request for ${table} in time. Please choose again or ask the host.`,
  // QR scanner (spec 3 section 2)
  enableCamera: 'Enable Camera',
  startScanning: 'Start Scanning',
  stopScanning: 'Stop Scanning',
  needHelp: 'Need Help',
  needHelpHint: 'Please ask a host at the entrance; they will check you in.',
  scanHint: 'Point your camera at the QR code.',
  scanning: 'Scanning...',
  cameraReady: 'Camera ready. Press Start Scanning.',
  scanFailed: 'QR code processing failed',
  expectedTable: (table: string) => `Scan the code on ${table}`,

  // Seat selection (spec 3 section 2)
  seatTitle: 'Choose Your Table',
  seatSubtitle: (party: string) => `Tables for ${party}`,
  zone: 'Zone',
  allZones: 'All zones',
  partySize: 'Party size',
  anySize: 'Any size',
  seatsAtLeast: (n: number) => `${n}+`,
  features: 'Features',
  featureLabels: { accessibility: 'Accessible', view: 'View', plugs: 'Plugs', quiet: 'Quiet' },
  listView: 'List',
  mapView: 'Map',
  seats: (n: number) => `Seats ${n}`,
  taken: 'Taken',
  select: 'Select',
  heldForYou: 'Held for you',
  noTablesMatch: 'No tables match your filters.',
  loadingTables: 'Loading tables...',
  holdTimer: 'Time left to confirm',
  confirmSelection: 'Confirm Table',
  confirming: 'Confirming...',
  cancelSelection: 'Cancel',
  backToCheckin: 'Back to Check-in',
  mapLabel: 'Floor map',

  // Waitlist status (spec 3 sections 2 and 4)
  waitlistTitle: "You're on the Waitlist",
  waitlistPlace: 'Your place in line',
  waitlistEstimate: 'Estimated wait',
  minutes: (n: number) => `${n} min`,
  waitlistProgress: 'Progress',
  waitlistDetails: 'Your details',
  waitlistNotified: 'Your table is almost ready. Please make your way to the host stand.',
  waitlistReady: 'Your table is ready!',
  refresh: 'Refresh',
  updateInfo: 'Update Info',
  proceedToTables: 'Proceed to Table Selection',
  statusLabels: { WAITING: 'Waiting', NOTIFIED: 'Notified', READY: 'Ready' },
  waitlistNotFound: GUEST_TITLES.waitlistStatusNotFound,
  waitlistNotFoundHint: 'We could not find this place in line. It may have ended.',
  startNewCheckin: 'Start New Check-in',
  party: 'Party',
  needs: 'Needs',
  accessibleSeating: 'Accessible seating',
  highChair: 'High chair',
  occasion: 'Occasion',
  joined: 'Joined',
  loadingWaitlist: 'Loading your place in line...',
} as const;

/** The name a party that gave none waits under on the host's waitlist. */
export const GUEST_WITHOUT_NAME = 'Guest';
