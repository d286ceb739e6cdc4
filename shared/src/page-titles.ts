// Words the guest site's first page shows, in a module of their own: a page that imports them
// from messages.ts would carry every message with it (the guest entry's size, P6). MESSAGES
// refers to these, so each title is still written once.

/** The not-found page's words (spec 1 section 2), on their own so the guest site's first page
 * carries them without the rest of MESSAGES (P6). */
export const NOT_FOUND_TEXTS = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
} as const;

/** The check-in page's refusal toast (spec 3): the guest site's first page shows it. */
export const CHECKIN_FAILED = {
  title: 'Check-in Failed',
  description: 'Unable to process check-in. Please try again.',
} as const;

/** Titles the guest site's own texts show too, kept apart so its first page does not carry the
 * rest of MESSAGES (P6). */
export const GUEST_TITLES = {
  tableConfirmed: 'Table Confirmed!',
  orderNotFound: 'Order Not Found',
  waitlistStatusNotFound: 'Waitlist Status Not Found',
} as const;
