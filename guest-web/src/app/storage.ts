// What the phone remembers between pages and reloads. Storage can be full, disabled (private
// mode) or hold junk from an older version, so every read is parsed and every write may fail.
import type { z } from 'zod';

/**
 * Everything the phone keeps in localStorage: what spec 3 names (other parts of the guest flow,
 * exit and seat selection, read these too, so they are fixed), and an order that was not
 * confirmed sent. Server data is never kept here: it lives in the query cache.
 */
export const STORAGE_KEYS = {
  qrContext: 'guest_qr_context',
  qrToken: 'guest_qr_token',
  sessionId: 'guestSessionId',
  legacySessionId: 'guest_session_id',
  orderAttempt: (sessionId: string) => `guest_order_attempt:${sessionId}`,
} as const;

/** What this tab keeps in sessionStorage: UI state that should survive a reload, no more. */
export const TAB_STORAGE_KEYS = {
  cart: (sessionId: string) => `guest_cart:${sessionId}`,
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readRaw(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeRaw(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Full or disabled storage: the page keeps working, it only forgets on reload.
  }
}

export function remove(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to do: an unreadable entry is ignored on the next read anyway.
  }
}

/** The stored value if it parses with the schema; an unreadable entry is dropped. */
export function readJson<S extends z.ZodType>(key: string, schema: S, which: Area = 'local'): z.infer<S> | null {
  const raw = readRaw(key, which);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to drop it
  }
  remove(key, which);
  return null;
}

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  writeRaw(key, JSON.stringify(value), which);
}

/** The dining session this phone checked in to, if any. */
export function storedSessionId(): string | null {
  return readRaw(STORAGE_KEYS.sessionId) ?? readRaw(STORAGE_KEYS.legacySessionId);
}

export function storeSessionId(sessionId: string): void {
  writeRaw(STORAGE_KEYS.sessionId, sessionId);
  writeRaw(STORAGE_KEYS.legacySessionId, sessionId);
}
