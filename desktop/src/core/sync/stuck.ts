// When a waiting change is stuck rather than merely waiting: staff are told in plain words about a
// change the cloud keeps not taking while the terminal is online. While offline the banner says
// offline instead, and tries made during an outage do not count against a change once the cloud is
// back: only a failure since the terminal came online again shows it.

/** Tries after which a change that fails again while online is shown to staff. */
const STUCK_AFTER_ATTEMPTS = 5;

export interface Attempted {
  attempts: number;
  lastError: string | null;
  /** ISO time of the last try. */
  updatedAt: string;
}

/** `onlineSince`: ISO time the terminal last came online, null while offline. */
export function isStuck(entry: Attempted, onlineSince: string | null): boolean {
  if (onlineSince === null || entry.lastError === null) return false;
  return entry.attempts >= STUCK_AFTER_ATTEMPTS && Date.parse(entry.updatedAt) >= Date.parse(onlineSince);
}
