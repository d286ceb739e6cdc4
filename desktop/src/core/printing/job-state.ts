// The life of a print job as a pure function: a state and an event in, the next state out, or
// null when the state does not accept the event. The worker and the service decide nothing about
// statuses themselves; they store what this answers. To add a state, give it its row in ACCEPTS
// and QUEUE_HOLDERS (the compiler asks for both) and the events that lead in and out of it.
import { MESSAGES, PRINT_JOB_STATUSES, type PrintJobStatus } from '@tablewise/shared';

export interface JobState {
  status: PrintJobStatus;
  attempts: number;
  /** This copy's bytes may have reached the printer: if it is not confirmed, staff decide what follows. */
  sent: boolean;
  reprint: boolean;
  /** This copy stands in for a job that waited too long on the named printer: it says BACKUP. */
  backupOf: string | null;
  error: string | null;
  /** ISO time before which the worker leaves a PENDING job alone. */
  nextAttemptAt: string;
}

export type JobEvent =
  /** The worker takes the job to send it. */
  | { type: 'claim' }
  /** The printer answered its status and the bytes are about to go out. */
  | { type: 'sending' }
  /** The printer answered GS r after the job: the only proof of printing. */
  | { type: 'printed' }
  /**
   * `retryable` is false for problems that another attempt cannot cure (a ticket that cannot be
   * laid out); a printer problem is retryable, and the job waits for its printer to recover.
   */
  | { type: 'failed'; reason: string; retryable: boolean; at: Date }
  /** The terminal stopped while the job was being sent (found at start-up). */
  | { type: 'interrupted'; at: Date }
  /** Staff asked for a failed job again. */
  | { type: 'retry'; at: Date }
  /** Staff found an unconfirmed job missing from the printer and want a copy marked REPRINT. */
  | { type: 'reprint'; at: Date }
  /** Staff found an unconfirmed job on paper. */
  | { type: 'markPrinted' }
  /**
   * The job waited too long on a faulty printer, none of it sent, and a copy marked BACKUP took its
   * place on the station's backup printer (stored in the same transaction): it never prints here.
   */
  | { type: 'moveToBackup'; backupPrinterName: string; at: Date };

export type JobEventType = JobEvent['type'];

const ACCEPTS: { readonly [S in PrintJobStatus]: readonly JobEventType[] } = {
  PENDING: ['claim', 'moveToBackup'],
  PRINTING: ['sending', 'printed', 'failed', 'interrupted'],
  UNCONFIRMED: ['reprint', 'markPrinted'],
  COMPLETED: [],
  FAILED: ['retry'],
  MOVED: [],
};

// Tickets must reach the pass in order, so a printer's later jobs wait behind one that holds it.
// An unconfirmed job holds too: the printer that swallowed it without an answer would most likely
// swallow the next ones as well, and the pass would get the tickets after it out of order.
const QUEUE_HOLDERS: { readonly [S in PrintJobStatus]: boolean } = {
  PENDING: true,
  PRINTING: true,
  UNCONFIRMED: true,
  COMPLETED: false,
  FAILED: false,
  MOVED: false,
};

/** The states whose job blocks the jobs enqueued after it on the same printer. */
export const QUEUE_HOLDING_STATUSES: readonly PrintJobStatus[] = PRINT_JOB_STATUSES.filter((s) => QUEUE_HOLDERS[s]);

/** A new job; `copy` when it is a backup printer's copy of a job that waited elsewhere. */
export function newJobState(at: Date, copy?: { backupOf: string; reprint: boolean }): JobState {
  return {
    status: 'PENDING',
    attempts: 0,
    sent: false,
    reprint: copy?.reprint ?? false,
    backupOf: copy?.backupOf ?? null,
    error: null,
    nextAttemptAt: at.toISOString(),
  };
}

export function accepts(status: PrintJobStatus, event: JobEventType): boolean {
  return ACCEPTS[status].includes(event);
}

export function statusesAccepting(event: JobEventType): PrintJobStatus[] {
  return PRINT_JOB_STATUSES.filter((s) => accepts(s, event));
}

/** The state after `event`, or null when `state` refuses it. */
export function nextJobState(state: JobState, event: JobEvent): JobState | null {
  if (!accepts(state.status, event.type)) return null;
  switch (event.type) {
    case 'claim':
      return { ...state, status: 'PRINTING', attempts: state.attempts + 1 };
    case 'sending':
      return { ...state, sent: true };
    case 'printed':
      return { ...state, status: 'COMPLETED', error: null };
    case 'failed': {
      // Once bytes may have reached paper the machine never sends the job again by itself.
      if (state.sent) return unconfirmed(state, event.reason, event.at);
      // Nothing reached paper: a printer problem keeps the job waiting, in its place, for the
      // printer to recover (the worker watches the printer's status); it never gives up on it.
      return {
        ...state,
        status: event.retryable ? 'PENDING' : 'FAILED',
        error: MESSAGES.printNothingPrinted(event.reason),
        nextAttemptAt: event.at.toISOString(),
      };
    }
    case 'interrupted':
      if (state.sent) return unconfirmed(state, MESSAGES.printInterrupted, event.at);
      return { ...state, status: 'PENDING', nextAttemptAt: event.at.toISOString() };
    case 'retry':
      return { ...state, status: 'PENDING', attempts: 0, error: null, nextAttemptAt: event.at.toISOString() };
    case 'reprint':
      // A new copy: nothing of it has been sent yet, and it says REPRINT.
      return {
        ...state,
        status: 'PENDING',
        attempts: 0,
        sent: false,
        reprint: true,
        error: null,
        nextAttemptAt: event.at.toISOString(),
      };
    case 'markPrinted':
      return { ...state, status: 'COMPLETED', error: null };
    case 'moveToBackup':
      // A byte that may have reached this printer makes the job staff's to decide, never the backup's.
      if (state.sent) return null;
      return {
        ...state,
        status: 'MOVED',
        error: MESSAGES.printMovedToBackup(event.backupPrinterName),
        nextAttemptAt: event.at.toISOString(),
      };
    default: {
      const never: never = event;
      throw new Error(`Unknown print job event ${JSON.stringify(never)}`);
    }
  }
}

function unconfirmed(state: JobState, reason: string, at: Date): JobState {
  return {
    ...state,
    status: 'UNCONFIRMED',
    error: MESSAGES.printMayHavePrinted(reason),
    nextAttemptAt: at.toISOString(),
  };
}
