// What both servers' logs (the cloud, its fan-out processes and the terminal core) agree on: the
// request id header, which fields are secrets or a guest's personal data and never written out,
// and the scrub of free text (error messages, stacks) for the same. Pure: each tier makes its own
// pino logger from these (cloud/src/log/logger.ts, desktop/src/core/log.ts).

/** The header a request id travels in, to the client and from a terminal to the cloud. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A request id a caller (a proxy, a terminal) may choose: kept only when it looks like one. */
export function acceptableRequestId(value: string | undefined): value is string {
  return typeof value === 'string' && /^[\w-]{1,64}$/.test(value);
}

/** Field names whose value is a secret or a guest's personal data, wherever they appear in a log line. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'pin',
  'token',
  'qrToken',
  'credential',
  'secret',
  'apiKey',
  'cookie',
  'set-cookie',
  'authorization',
  'phone',
  'guestPhone',
  'email',
  'guestEmail',
  'guestName',
  'partyName',
  'cardNumber',
  'card',
] as const;

/** What stands in for a redacted value. */
export const LOG_CENSOR = '[redacted]';

/**
 * pino's `redact.paths`: each key at the top of a line, one and two levels down (a request's
 * headers, an error's details), and the headers of a logged request or answer.
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  ...SECRET_KEYS.flatMap((key) => {
    const k = /^[A-Za-z_]\w*$/.test(key) ? key : `["${key}"]`;
    const dot = k.startsWith('[') ? '' : '.';
    return [k, `*${dot}${k}`, `*.*${dot}${k}`];
  }),
];

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// A phone number as guests type them: with a + and its country code, or ten digits in groups
// ((415) 555-0123, 415.555.0123). Ten bare digits and digits inside ids or timestamps are left
// alone: sequence numbers and uuids look like that too.
const PHONE = /\+\d[\d .()-]{5,18}\d|(?<![\w-])(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\w-])/g;
const COOKIE = /\b(tw_[a-z_]+|cookie|authorization)(\s*[=:]\s*)("[^"]*"|[^\s;,]+(?:\s+[^\s;,]+)?)/gi;

/** Free text (a message, an error's stack) with e-mail addresses, phone numbers and cookie values taken out. */
export function scrubLogText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(COOKIE, `$1$2${LOG_CENSOR}`);
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * LOG_LEVEL, or 'info' for a server and 'silent' under vitest (a test that wants the lines passes
 * its own logger); anything else is refused so a typo does not silence production.
 */
export function logLevelFrom(env: Record<string, string | undefined>): LogLevel {
  const given = env.LOG_LEVEL?.trim().toLowerCase();
  if (!given) return env.VITEST ? 'silent' : 'info';
  if ((LEVELS as readonly string[]).includes(given)) return given as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got ${env.LOG_LEVEL}`);
}
