// The live channel's reconnect schedule (spec 1 section 4).
import { LIVE_RECONNECT, WS_CLEAN_CLOSE_CODE } from '../constants.js';

/** Delay before reconnect attempt `attempt` (1-based), or null when no attempt is left. */
export function reconnectDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > LIVE_RECONNECT.maxAttempts) return null;
  return LIVE_RECONNECT.baseDelayMs * LIVE_RECONNECT.factor ** (attempt - 1);
}

/** A close with code 1000 is clean and is not followed by a reconnect. */
export function shouldReconnect(closeCode: number): boolean {
  return closeCode !== WS_CLEAN_CLOSE_CODE;
}
