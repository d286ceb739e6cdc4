// Pairing a terminal by a short code (issue 24): a manager signed in to the cloud makes a code for
// the venue the session works at; the terminal, which never sees a manager's password, sends it
// back once, within its minutes, and receives its credential. Eight characters of an alphabet
// without look-alikes (no 0/O, 1/I/L), shown as two groups of four: typed on a till's keyboard in
// seconds, and 32^8 (about 10^12) codes against a few tries a minute per address.

export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
/** How long a code can be used. */
export const PAIRING_CODE_TTL_MINUTES = 10;
/** Tries of a code one address may make in ten minutes. */
export const PAIRING_CODE_TRIES = 10;

/** What a person typed, as the code it means: letters upper-cased, spaces and dashes dropped (a
 * tab or any other control character stays, and makes it no code). */
export function normalizePairingCode(typed: string): string {
  return typed.toUpperCase().replace(/[ -]+/g, '');
}

/** Whether `code` (normalized) could be a pairing code at all. */
export function isPairingCode(code: string): boolean {
  return code.length === PAIRING_CODE_LENGTH && [...code].every((c) => PAIRING_CODE_ALPHABET.includes(c));
}

/** ABCD-EFGH. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export const PAIRING_CODE_TEXTS = {
  heading: 'Pair a terminal',
  intro: 'Make a code, then type it on the terminal. It works once, for 10 minutes.',
  name: 'Terminal name',
  create: 'Make pairing code',
  creating: 'Making code…',
  codeFor: (name: string) => `Pairing code for ${name}`,
  forVenue: (venue: string) => `The terminal will serve ${venue}, the venue you are working at.`,
  typeOnTerminal: 'On the terminal, choose Pair with a code and type this code.',
  expiresAt: (time: string) => `Works once, until ${time}.`,
  needsCloud: 'Pairing codes are made on the cloud: sign in at the cloud address to pair a terminal.',
  invalid: 'This pairing code is not valid or has expired. Ask a manager for a new one.',
  tooManyTries: 'Too many pairing attempts from this address. Wait a few minutes and try again.',
  wrongShape: `A pairing code has ${PAIRING_CODE_LENGTH} letters and digits, such as ABCD-EF23.`,
} as const;
