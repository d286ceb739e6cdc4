// Check-in's rules (spec 3 sections 2 and 4): where check-in leads, the QR context a phone
// remembers, the party sizes offered. The check-in page, most guests' first page, uses them, so
// nothing here loads zod: that would load it with the page (issue 8, P6).
import type { GuestCheckinAnswer } from '../calls/guest/checkin.js';
import { PARTY_SIZE } from '../constants.js';

/**
 * Only a path on our own origin is followed: a redirect the server names must not be able to
 * send a guest to another site (`//evil.example` is protocol-relative, hence refused).
 */
export function isSafeRedirect(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * Where a successful check-in goes: the server's redirect URL, else by result type.
 * Null when the answer is a failure or names no destination.
 */
export function checkinDestination(answer: GuestCheckinAnswer): string | null {
  if (!answer.success) return null;
  if (answer.redirectUrl && isSafeRedirect(answer.redirectUrl)) return answer.redirectUrl;
  if (!answer.type) return null;
  switch (answer.type) {
    case 'session_created':
      return withQuery('/guest/table-confirmation', { sessionId: answer.sessionId, tableId: answer.tableId });
    case 'seat_selection':
      return '/guest/seat-selection';
    case 'waitlist':
      return withQuery('/guest/waitlist', { id: answer.waitlistId });
    default: {
      const never: never = answer.type;
      throw new Error(`Unknown check-in result ${String(never)}`);
    }
  }
}

/** A path with the given query parameters; absent values are left out. */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The table and venue a QR code placed the guest at, remembered on the phone. */
export interface QrContext {
  tableId?: string;
  venueId?: string;
  token?: string;
}

/**
 * The contract's `Id` (`z.uuid()`) checks this pattern. It is written out because importing it
 * from zod's core brings every pattern zod has (1.2 KB gzip); guest-checkin.test.ts fails when
 * zod's differs.
 * @internal exported for its tests
 */
export const ID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * A QR context from untrusted input (the query, or what the phone stored), as the contract would
 * parse it: an object whose ids, where present, are ids and whose token is not empty; anything
 * else it carries is left out. Null when it is not one.
 */
function qrContextOf(value: unknown): QrContext | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { tableId, venueId, token } = value as Record<string, unknown>;
  const isId = (v: unknown) => v === undefined || (typeof v === 'string' && ID_PATTERN.test(v));
  if (!isId(tableId) || !isId(venueId)) return null;
  if (token !== undefined && (typeof token !== 'string' || token.length === 0)) return null;
  const context: QrContext = {};
  if (tableId !== undefined) context.tableId = tableId as string;
  if (venueId !== undefined) context.venueId = venueId as string;
  if (token !== undefined) context.token = token;
  return context;
}

/**
 * The stored QR context, or null when there is none or it cannot be parsed.
 * @internal exported for its tests
 */
export function parseQrContext(raw: string | null | undefined): QrContext | null {
  if (!raw) return null;
  try {
    return qrContextOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

export interface CheckinContext {
  context: QrContext;
  /** The stored context was unreadable and must be dropped. */
  dropStored: boolean;
}

/**
 * The check-in form's context: the query's tableId/venueId when present, else the stored QR
 * context. A query value that is not an id is ignored rather than sent.
 */
export function resolveCheckinContext(
  query: { tableId?: string | null; venueId?: string | null; token?: string | null },
  stored: string | null | undefined,
): CheckinContext {
  const fromQuery = qrContextOf({
    tableId: query.tableId || undefined,
    venueId: query.venueId || undefined,
    token: query.token || undefined,
  });
  if (fromQuery && (fromQuery.tableId || fromQuery.venueId)) return { context: fromQuery, dropStored: false };
  const parsed = parseQrContext(stored);
  return { context: parsed ?? {}, dropStored: Boolean(stored) && parsed === null };
}

/**
 * The scan-table call's path (its module, calls/guest/scan-table.ts, takes it from here): the
 * check-in page asks it which table and venue its QR code names, without loading zod (P6).
 */
export const SCAN_TABLE_PATH = '/api/guest/scan-table';

/** Where a QR code checks the guest in, by name. */
export interface CheckinPlace {
  tableName: string;
  venueName: string | null;
}

/**
 * The table and venue a scan answer names, read as the contract's ScanAnswer would parse them but
 * without zod (the check-in page, P6). Null unless the code was this table's and names it.
 */
export function checkinPlaceOf(answer: unknown): CheckinPlace | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
  const { success, tableName, venueName } = answer as Record<string, unknown>;
  if (success !== true || typeof tableName !== 'string' || tableName === '') return null;
  return { tableName, venueName: typeof venueName === 'string' && venueName !== '' ? venueName : null };
}

/** '1 person', '2 people' (spec 1 section 5). */
export function partySizeLabel(size: number): string {
  return `${size} ${size === 1 ? 'person' : 'people'}`;
}

/** Every party size a guest may choose, from 1 to 20. */
export function partySizeChoices(): number[] {
  return Array.from({ length: PARTY_SIZE.max - PARTY_SIZE.min + 1 }, (_, i) => PARTY_SIZE.min + i);
}
