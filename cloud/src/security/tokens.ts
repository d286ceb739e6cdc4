// Credentials and signatures. Stored secrets are SHA-256 digests; QR tokens and guest cookies are
// HMAC-SHA256 signed so a guest cannot forge another table or another session.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random token for a cookie or device credential (32 bytes, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function sign(secret: string, purpose: string, data: string): string {
  // The purpose is part of the signed text so a QR signature can never pass as a cookie's.
  return createHmac('sha256', secret).update(`${purpose}\n${data}`).digest('base64url');
}

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QrTarget {
  venueId: string;
  tableId: string;
  /** The table's code generation when it was signed; rotating the table's code retires it. */
  generation: number;
}

export function signQrToken(secret: string, target: QrTarget): string {
  const data = Buffer.from(`${target.venueId}:${target.tableId}:${target.generation}`).toString('base64url');
  return `${data}.${sign(secret, 'qr', data)}`;
}

/**
 * The signed target, or null. A code signed before codes carried a generation (venue and table
 * only) is generation 1, every table's first, so stickers printed then work until rotated.
 */
export function verifyQrToken(secret: string, token: string): QrTarget | null {
  const [data, signature, ...rest] = token.trim().split('.');
  if (!data || !signature || rest.length > 0) return null;
  if (!sameSignature(signature, sign(secret, 'qr', data))) return null;
  const [venueId, tableId, generationText = '1', ...extra] = Buffer.from(data, 'base64url').toString('utf8').split(':');
  if (!venueId || !tableId || !UUID.test(venueId) || !UUID.test(tableId) || extra.length > 0) return null;
  if (!/^[1-9]\d{0,8}$/.test(generationText)) return null;
  return { venueId, tableId, generation: Number(generationText) };
}

/**
 * The venue's exit code (issue 11): signed for its own purpose, so neither a table's code nor a
 * cookie can pass as one, and it names only the venue.
 */
export function signExitToken(secret: string, venueId: string): string {
  const data = Buffer.from(`exit:${venueId}`).toString('base64url');
  return `${data}.${sign(secret, 'exit', data)}`;
}

/** The venue an exit code was signed for, or null. */
export function verifyExitToken(secret: string, token: string): string | null {
  const [data, signature, ...rest] = token.trim().split('.');
  if (!data || !signature || rest.length > 0) return null;
  if (!sameSignature(signature, sign(secret, 'exit', data))) return null;
  const [kind, venueId, ...extra] = Buffer.from(data, 'base64url').toString('utf8').split(':');
  if (kind !== 'exit' || !venueId || !UUID.test(venueId) || extra.length > 0) return null;
  return venueId;
}

export interface EntranceTarget {
  venueId: string;
  /** The venue's entrance-code generation when it was signed; rotating the code retires it. */
  generation: number;
}

/**
 * The venue's entrance code (issue 27): what a walk-in's check-in needs instead of the public venue
 * id. Signed for its own purpose, so neither a table's code, an exit code nor a cookie passes as one.
 */
export function signEntranceToken(secret: string, target: EntranceTarget): string {
  const data = Buffer.from(`entrance:${target.venueId}:${target.generation}`).toString('base64url');
  return `${data}.${sign(secret, 'entrance', data)}`;
}

/** The venue and generation an entrance code was signed for, or null. */
export function verifyEntranceToken(secret: string, token: string): EntranceTarget | null {
  const [data, signature, ...rest] = token.trim().split('.');
  if (!data || !signature || rest.length > 0) return null;
  if (!sameSignature(signature, sign(secret, 'entrance', data))) return null;
  const [kind, venueId, generationText, ...extra] = Buffer.from(data, 'base64url').toString('utf8').split(':');
  if (kind !== 'entrance' || !venueId || !UUID.test(venueId) || extra.length > 0) return null;
  if (!generationText || !/^[1-9]\d{0,8}$/.test(generationText)) return null;
  return { venueId, generation: Number(generationText) };
}

/**
 * A guest's cookie: the party's session, and for a phone that joined a party already seated
 * (issue 27) the phone's own id, so that phone is told apart from the party until it is let in.
 */
export function signGuestCookie(secret: string, sessionId: string, phoneId?: string): string {
  const data = phoneId ? `${sessionId}~${phoneId}` : sessionId;
  return `${data}.${sign(secret, 'guest', data)}`;
}

/** The session and (for a phone that joined a seated party) the phone a cookie names, or null. */
export function verifyGuestCookieParts(
  secret: string,
  value: string,
): { sessionId: string; phoneId: string | null } | null {
  const [data, signature, ...rest] = value.split('.');
  if (!data || !signature || rest.length > 0) return null;
  const [sessionId, phoneId, ...extra] = data.split('~');
  if (!sessionId || !UUID.test(sessionId) || extra.length > 0 || (phoneId !== undefined && !UUID.test(phoneId))) {
    return null;
  }
  if (!sameSignature(signature, sign(secret, 'guest', data))) return null;
  return { sessionId, phoneId: phoneId ?? null };
}

/** The session a guest's cookie names, or null. */
export function verifyGuestCookie(secret: string, value: string): string | null {
  return verifyGuestCookieParts(secret, value)?.sessionId ?? null;
}
