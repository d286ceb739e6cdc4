// Texts of setting up a restaurant (issue 24): sign-up, the setup checklist, the admin screens
// (spec 3 sections 2 and 5; the quoted ones are the spec's own) and the public profile.

const LIMIT_NOUNS = {
  venues: ['venue', 'venues'],
  restaurants: ['restaurant profile', 'restaurant profiles'],
  terminals: ['paired terminal', 'paired terminals'],
  staffAccounts: ['staff account', 'staff accounts'],
  tables: ['table per venue', 'tables per venue'],
} as const;

export const ADMIN_MESSAGES = {
  // spec 3 section 5
  organizationNameTooShort: 'Organization name must be at least 2 characters',
  venueNameTooShort: 'Venue name must be at least 2 characters',
  organizationRequired: 'Organization is required',
  restaurantNameTooShort: 'Restaurant name must be at least 2 characters',
  restaurantInvalidEmail: 'Invalid email format',
  invalidTimeZone: 'Choose a time zone from the list',
  invalidEmail: 'Enter a valid email address',
  invalidWebsite: 'Invalid website URL',
  passwordTooShort: 'Password must be at least 8 characters',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  venueNotInOrganization: 'The venue must belong to the chosen organization',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  coordinateNotANumber: 'Latitude and longitude must be numbers, such as 40.7128',
  venueStaysInItsOrganization: 'A venue stays in its organization: it cannot be moved to another one',
  taxRateRange: 'Tax rate must be between 0 and 30 percent',
  serviceChargeRange: 'Service charge must be between 0 and 30 percent',
  invalidCurrency: 'Currency must be a three-letter code such as USD',
  exportOwnerOnly: "Only the organization's owner can export its data.",
  eraseNeedsContact: "Give the guest's phone or email: a name alone could be someone else's.",
  erasedGuestName: 'Erased guest',
  planLimitReached: (plan: string, kind: keyof typeof LIMIT_NOUNS, limit: number) =>
    `The ${plan} plan allows ${limit} ${LIMIT_NOUNS[kind][limit === 1 ? 0 : 1]}. Choose a larger plan to add more.`,
} as const;

export const SIGNUP_TEXTS = {
  linkFromSignIn: 'New restaurant? Create an account',
  linkToSignIn: 'Already have an account? Sign in',
  title: 'Set up your restaurant',
  accountStep: 'Your account',
  organizationStep: 'Your organization',
  venueStep: 'Your first venue',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  passwordHint: 'At least 8 characters',
  organizationName: 'Organization name',
  organizationHint: 'The business that owns your restaurants, such as "Rossi Family Restaurants"',
  venueName: 'Venue name',
  address: 'Address',
  timezone: 'Time zone',
  latitude: 'Latitude (optional)',
  longitude: 'Longitude (optional)',
  submit: 'Create account',
  submitting: 'Creating account...',
  freePlanNote: 'You start on the FREE plan: 1 venue, 20 tables, 2 terminals, 5 staff accounts.',
} as const;

/** A restaurant's public profile page (issue 24): `/marketplace/restaurant/{id}`. */
export const MARKETPLACE_TEXTS = {
  visit: 'Visit us',
  contact: 'Contact',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  joinWaitlist: 'Join the waitlist or check in',
  joinHint: 'Tell us about your party: we seat you, or keep your place in line and text you.',
  notFoundTitle: 'Restaurant not found',
  notFound: 'This restaurant has no public profile.',
  poweredBy: 'Tablewise',
} as const;

/** Guest privacy requests (issue 24): a manager erases one guest's personal data on request. */
export const GUEST_PRIVACY_PATH = '/guest-privacy';

export const GUEST_PRIVACY_TEXTS = {
  title: 'Guest privacy',
  subtitle:
    "Erase one guest's name, phone and email on request: from visits, the waitlist, reservations and the activity history. Orders and payments are kept, under 'Erased guest'.",
  phone: 'Phone',
  email: 'Email',
  name: 'Name (optional, to narrow the search)',
  reason: 'Reason (optional)',
  find: 'Find records',
  finding: 'Finding...',
  found: (sessions: number, waitlist: number, reservations: number, events: number) =>
    `Found ${sessions} ${sessions === 1 ? 'visit' : 'visits'}, ${waitlist} waitlist ${waitlist === 1 ? 'entry' : 'entries'}, ${reservations} ${reservations === 1 ? 'reservation' : 'reservations'} and ${events} history ${events === 1 ? 'record' : 'records'}.`,
  nothingFound: 'No records of this guest at this venue.',
  erase: 'Erase guest data',
  erasing: 'Erasing...',
  confirmTitle: 'Erase this guest’s data?',
  confirmBody: 'Their name, phone and email are removed for good. This cannot be undone.',
  cancel: 'Cancel',
  erased: 'The guest’s personal data was erased.',
} as const;

/** The setup checklist's screen: where a new owner lands, and an Administration entry. */
export const SETUP_CHECKLIST_PATH = '/setup';

export const SETUP_STEPS = [
  'venue-settings',
  'tables',
  'menu',
  'printers',
  'terminal',
  'staff',
  'table-qr',
  'test-order',
] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

export const SETUP_TEXTS = {
  title: 'Setup checklist',
  subtitle: (done: number, total: number) => `${done} of ${total} steps done`,
  allDone: 'Your restaurant is ready for guests.',
  done: 'Done',
  notDone: 'To do',
  open: 'Open',
  steps: {
    'venue-settings': {
      title: 'Venue settings',
      detail: 'Address, time zone, tax rate, service charge and currency.',
    },
    tables: { title: 'Tables', detail: 'Add the tables guests sit at.' },
    menu: { title: 'Menu', detail: 'Add at least one item guests can order.' },
    printers: { title: 'Printers', detail: 'Add a kitchen or receipt printer.' },
    terminal: { title: 'Pair a terminal', detail: 'Pair the in-venue terminal that drives the printers.' },
    staff: { title: 'Invite staff', detail: 'Invite at least one person to work at the venue.' },
    'table-qr': { title: 'Print table QR codes', detail: 'Print the QR sheet and put the codes on the tables.' },
    'test-order': { title: 'Test order', detail: 'Place a test order and see it reach the kitchen.' },
  } satisfies Record<SetupStepId, { title: string; detail: string }>,
  printQrSheet: 'Print QR sheet',
  makingQrSheet: 'Making the QR sheet...',
  paperSize: 'Paper',
  paperSizes: { a4: 'A4', letter: 'Letter' },
  qrSheetReady: (tables: number) => `QR sheet for ${tables} ${tables === 1 ? 'table' : 'tables'} downloaded`,
  qrSheetNoTables: 'Add tables first: the sheet has a code for each table.',
  qrSheetFile: 'table-qr-codes.pdf',
  qrSheetScan: 'Scan to check in and order',
  qrSheetTable: (number: string) => `Table ${number}`,
} as const;

export const VENUE_SETTINGS_TEXTS = {
  title: 'Venue settings',
  name: 'Venue name',
  address: 'Address',
  timezone: 'Time zone',
  taxRate: 'Tax rate (%)',
  serviceCharge: 'Service charge (%)',
  currency: 'Currency',
  save: 'Save settings',
  saving: 'Saving...',
  saved: 'Settings saved',
} as const;

export const ORGANIZATION_ADMIN_TEXTS = {
  title: 'Organizations',
  subtitle: 'The businesses that own your venues, and their plans.',
  create: 'New Organization',
  edit: 'Edit',
  name: 'Organization name',
  plan: 'Plan',
  createdAt: 'Created',
  venues: 'Venues',
  createTitle: 'Create Organization',
  editTitle: 'Edit Organization',
  createSubmit: 'Create Organization',
  creating: 'Creating...',
  updateSubmit: 'Update Organization',
  updating: 'Updating...',
  cancel: 'Cancel',
  loading: 'Loading organizations...',
  empty: 'No organizations yet',
  usage: 'This month',
  usageLine: (orders: number, calls: number, mb: number) =>
    `${orders} ${orders === 1 ? 'order' : 'orders'} closed · ${calls} API calls · ${mb} MB stored`,
  exportData: 'Export data',
  exportHint: 'A zip of every record of the organization, as JSON files (owners only).',
  limits: (venues: number | null, tables: number | null) =>
    `${venues ?? 'Unlimited'} ${venues === 1 ? 'venue' : 'venues'}, ${tables ?? 'unlimited'} tables per venue`,
} as const;

export const VENUE_ADMIN_TEXTS = {
  title: 'Venues',
  subtitle: 'The places where guests are seated, each with its own floor, menu and terminals.',
  create: 'New Venue',
  edit: 'Edit',
  organization: 'Organization',
  selectOrganization: 'Select an organization',
  name: 'Venue name',
  address: 'Address',
  timezone: 'Time zone',
  latitude: 'Latitude',
  longitude: 'Longitude',
  active: 'Active',
  inactive: 'Inactive',
  isActive: 'Venue is active',
  createTitle: 'Create Venue',
  editTitle: 'Edit Venue',
  createSubmit: 'Create Venue',
  creating: 'Creating...',
  updateSubmit: 'Update Venue',
  updating: 'Updating...',
  cancel: 'Cancel',
  loading: 'Loading venues...',
  empty: 'No venues yet',
} as const;

export const RESTAURANT_PROFILE_TEXTS = {
  title: 'Restaurant Profiles',
  subtitle: 'Manage public restaurant profiles for customer discovery',
  loading: 'Loading restaurant profiles...',
  create: 'Create Restaurant Profile',
  empty: 'No restaurant profiles yet',
  createFirst: 'Create your first restaurant profile',
  website: 'Website',
  edit: 'Edit',
  noDescription: 'No description provided',
  noPhone: 'No phone number provided',
  noEmail: 'No email provided',
  noWebsite: 'No website provided',
  unknownVenue: 'Unknown Venue',
  noVenue: 'No venue assigned',
  selectRestaurant: 'Select a restaurant to view details',
  description: 'Description',
  contact: 'Contact Information',
  location: 'Location',
  status: 'Profile Status',
  active: 'Active',
  inactive: 'Inactive',
  created: 'Created',
  updated: 'Updated',
  logo: 'Logo',
  uploadLogo: 'Upload Logo',
  uploading: 'Uploading...',
  editProfile: 'Edit Restaurant Profile',
  viewPublic: 'View Public Profile',
  createTitle: 'Create Restaurant Profile',
  editTitle: 'Edit Restaurant Profile',
  createSubmit: 'Create Restaurant Profile',
  creating: 'Creating...',
  updateSubmit: 'Update Restaurant Profile',
  updating: 'Updating...',
  cancel: 'Cancel',
  organization: 'Organization',
  selectOrganization: 'Select an organization',
  venue: 'Venue',
  name: 'Restaurant name',
  phone: 'Phone',
  email: 'Email',
  isActive: 'Profile is active (shown publicly)',
  organizationOption: (name: string, plan: string) => `${name} (${plan})`,
} as const;
