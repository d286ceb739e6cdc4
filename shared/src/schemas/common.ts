import { z } from 'zod';
import { PARTY_SIZE } from '../constants.js';
import { MESSAGES } from '../messages.js';

export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

/** An exact amount of money on the wire: a decimal string with at most two places ("12.50"). */
export const Money = z.string().regex(/^-?\d+(\.\d{1,2})?$/, { error: 'must be an amount such as 12.50' });
export type Money = z.infer<typeof Money>;

/**
 * An amount a client sends: the text ("14.37") or a JSON number with at most two decimals (14.37,
 * as a client written from the spec sends it), read as the same exact text, so it converts to cents
 * without a rounding step. A number's shortest decimal form is what its sender wrote, so 14.37 is
 * "14.37", and 0.1 + 0.2 (0.30000000000000004) or 1e21 are refused like text with more places.
 * `text` narrows it further (a bound, a sign).
 */
export function moneyIn<T extends z.ZodType<string, string>>(text: T) {
  return z
    .union([z.string(), z.number({ error: 'must be an amount such as 12.50' })])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(text);
}

export const IsoDateTime = z.iso.datetime({ offset: true });

/** A number, or the text of one from a form field ("4"); true, [4] or null are not party sizes. */
export const PartySize = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: MESSAGES.partySizeNotNumber })
    .int({ error: MESSAGES.partySizeNotNumber })
    .min(PARTY_SIZE.min, { error: MESSAGES.partySizeMin(PARTY_SIZE.min) })
    .max(PARTY_SIZE.max, { error: MESSAGES.partySizeMax(PARTY_SIZE.max) }),
);

// Control characters never belong in what people type: NUL breaks PostgreSQL's text, and ESC, GS
// or DLE are printer commands. Nor do the C1 controls (U+0080 to U+009F) or the bidirectional
// embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which make a name or a
// note read differently on a staff screen than it was written (issue 27: "Table 4 \u202E" turned
// around). Only a text that may run over lines keeps its line breaks. The one rule for every name
// and note a call takes: boundedText below.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it refuses
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it refuses
const MULTI_LINE = /^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;

/**
 * A text a person typed: trimmed, at most `max` characters, no control characters (line breaks
 * only when `multiline`). `trim: false` keeps it exactly as sent (a password).
 */
export function boundedText(max: number, options: { multiline?: boolean; trim?: boolean } = {}) {
  const text = options.trim === false ? z.string() : z.string().trim();
  return text
    .max(max, { error: MESSAGES.textTooLong(max) })
    .regex(options.multiline ? MULTI_LINE : ONE_LINE, { error: MESSAGES.controlCharacters });
}

/** An id of the terminal's own records in a path (a printer, a print job, an outbox entry). */
export const LocalId = z
  .string()
  .max(100, { error: MESSAGES.textTooLong(100) })
  .regex(ONE_LINE);

/** The body of every non-OK answer (spec 1 section 8). */
export const ErrorBody = z.object({ message: z.string(), id: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A failed call as the spec writes it (spec 1 section 8, spec 2 section 7): the status code, a
 * colon and a space, then the reply's body text, or the status text when the body is empty. Both
 * web apps' ApiError carry it as their message. */
export function httpFailureText(status: number, bodyText: string, statusText: string): string {
  return MESSAGES.httpError(status, bodyText || statusText);
}

/** The human-readable `message` of a refusal's body, when it is the spec's error shape. */
export function errorMessageOf(bodyText: string): string | null {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data.message : null;
  } catch {
    return null;
  }
}
