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

/** Field names whose value is a secret or a guest's personal data, wherever they appear in a log line (any case). */
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

/**
 * What stands in for a redacted value.
 * @internal exported for its test
 */
export const LOG_CENSOR = '[redacted]';

const SECRET = new Set<string>(SECRET_KEYS.map((key) => key.toLowerCase()));
/** Deeper than this, a line's fields are left as they are (a log line is not a document). */
const REDACT_DEPTH = 5;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A log line's fields with every secret or personal field (by name, any case, in plain objects and
 * arrays down to REDACT_DEPTH) replaced by LOG_CENSOR. Copies only what it changes, so a line with
 * nothing to hide costs one walk over its fields: pino's own wildcard redaction of the same names
 * cost 40 µs a line, this about 1.
 */
export function redactLogFields<T>(value: T, depth = 0): T {
  if (depth > REDACT_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = redactLogFields(item, depth + 1);
      if (next !== item) {
        copy ??= [...value];
        copy[i] = next;
      }
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const next = SECRET.has(key.toLowerCase()) ? LOG_CENSOR : redactLogFields(item, depth + 1);
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

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
