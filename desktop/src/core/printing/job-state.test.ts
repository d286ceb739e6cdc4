import { MESSAGES, PRINT_JOB_STATUSES, type PrintJobStatus } from '@tablewise/shared';
import { describe, expect, it } from 'vitest';
import {
  type JobEvent,
  type JobEventType,
  type JobState,
  newJobState,
  nextJobState,
  QUEUE_HOLDING_STATUSES,
  statusesAccepting,
} from './job-state.js';

const T0 = new Date('2026-06-14T19:00:00.000Z');
const AT = new Date('2026-06-14T19:10:00.000Z');

function state(status: PrintJobStatus, overrides: Partial<JobState> = {}): JobState {
  return { ...newJobState(T0), status, ...overrides };
}

const EVENTS: { readonly [K in JobEventType]: Extract<JobEvent, { type: K }> } = {
  claim: { type: 'claim' },
  sending: { type: 'sending' },
  printed: { type: 'printed' },
  failed: { type: 'failed', reason: 'Paper out', retryable: true, at: AT },
  interrupted: { type: 'interrupted', at: AT },
  retry: { type: 'retry', at: AT },
  reprint: { type: 'reprint', at: AT },
  markPrinted: { type: 'markPrinted' },
  moveToBackup: { type: 'moveToBackup', backupPrinterName: 'Cold Printer', at: AT },
};

const nothing = MESSAGES.printNothingPrinted('Paper out');
const mayHave = (reason: string) => MESSAGES.printMayHavePrinted(reason);

const at = (ms: number) => new Date(AT.getTime() + ms).toISOString();

const allowed: { name: string; from: JobState; event: JobEvent; to: JobState }[] = [
  {
    name: 'PENDING claim: PRINTING, one more attempt',
    from: state('PENDING', { attempts: 1 }),
    event: EVENTS.claim,
    to: state('PRINTING', { attempts: 2 }),
  },
  {
    name: 'PRINTING sending: remembers that bytes may reach paper',
    from: state('PRINTING', { attempts: 1 }),
    event: EVENTS.sending,
    to: state('PRINTING', { attempts: 1, sent: true }),
  },
  {
    name: 'PRINTING printed: COMPLETED, the last error cleared',
    from: state('PRINTING', { attempts: 2, sent: true, error: 'Paper out' }),
    event: EVENTS.printed,
    to: state('COMPLETED', { attempts: 2, sent: true }),
  },
  {
    name: 'PRINTING failed before sending: PENDING in its place, nothing printed, waiting for the printer',
    from: state('PRINTING', { attempts: 1 }),
    event: EVENTS.failed,
    to: state('PENDING', { attempts: 1, error: nothing, nextAttemptAt: at(0) }),
  },
  {
    name: 'PRINTING failed before sending, however many attempts: still PENDING, never given up',
    from: state('PRINTING', { attempts: 40 }),
    event: EVENTS.failed,
    to: state('PENDING', { attempts: 40, error: nothing, nextAttemptAt: at(0) }),
  },
  {
    name: 'PRINTING failed after bytes went out: UNCONFIRMED, never sent again by itself',
    from: state('PRINTING', { attempts: 1, sent: true }),
    event: { ...EVENTS.failed, reason: MESSAGES.printerNoConfirmation },
    to: state('UNCONFIRMED', {
      attempts: 1,
      sent: true,
      error: mayHave(MESSAGES.printerNoConfirmation),
      nextAttemptAt: at(0),
    }),
  },
  {
    name: 'PRINTING failed after bytes went out, even when another try would be allowed: UNCONFIRMED',
    from: state('PRINTING', { attempts: 3, sent: true }),
    event: { ...EVENTS.failed, retryable: false },
    to: state('UNCONFIRMED', { attempts: 3, sent: true, error: mayHave('Paper out'), nextAttemptAt: at(0) }),
  },
  {
    name: 'PRINTING failed with a problem retrying cannot cure: FAILED at once',
    from: state('PRINTING', { attempts: 1 }),
    event: { ...EVENTS.failed, reason: 'Bad ticket', retryable: false },
    to: state('FAILED', { attempts: 1, error: MESSAGES.printNothingPrinted('Bad ticket'), nextAttemptAt: at(0) }),
  },
  {
    name: 'PRINTING interrupted before sending: PENDING, the original again',
    from: state('PRINTING', { attempts: 1 }),
    event: EVENTS.interrupted,
    to: state('PENDING', { attempts: 1, nextAttemptAt: at(0) }),
  },
  {
    name: 'PRINTING interrupted after sending: UNCONFIRMED, staff decide',
    from: state('PRINTING', { attempts: 1, sent: true }),
    event: EVENTS.interrupted,
    to: state('UNCONFIRMED', {
      attempts: 1,
      sent: true,
      error: mayHave(MESSAGES.printInterrupted),
      nextAttemptAt: at(0),
    }),
  },
  {
    name: 'FAILED retry: PENDING from scratch, the original',
    from: state('FAILED', { attempts: 3, error: nothing }),
    event: EVENTS.retry,
    to: state('PENDING', { nextAttemptAt: at(0) }),
  },
  {
    name: 'FAILED retry of a reprint: still a REPRINT',
    from: state('FAILED', { attempts: 3, reprint: true, error: nothing }),
    event: EVENTS.retry,
    to: state('PENDING', { reprint: true, nextAttemptAt: at(0) }),
  },
  {
    name: 'UNCONFIRMED reprint: PENDING as a new copy marked REPRINT, nothing of it sent yet',
    from: state('UNCONFIRMED', { attempts: 1, sent: true, error: mayHave('No answer') }),
    event: EVENTS.reprint,
    to: state('PENDING', { reprint: true, nextAttemptAt: at(0) }),
  },
  {
    name: 'UNCONFIRMED mark as printed: COMPLETED, the error cleared',
    from: state('UNCONFIRMED', { attempts: 1, sent: true, error: mayHave('No answer') }),
    event: EVENTS.markPrinted,
    to: state('COMPLETED', { attempts: 1, sent: true }),
  },
  {
    name: 'PENDING move to backup, nothing sent: MOVED, never printed here',
    from: state('PENDING', { attempts: 1, error: nothing }),
    event: EVENTS.moveToBackup,
    to: state('MOVED', { attempts: 1, error: MESSAGES.printMovedToBackup('Cold Printer'), nextAttemptAt: at(0) }),
  },
  {
    name: 'PENDING reprint moved to backup: MOVED (the copy on the backup still says REPRINT)',
    from: state('PENDING', { reprint: true }),
    event: EVENTS.moveToBackup,
    to: state('MOVED', { reprint: true, error: MESSAGES.printMovedToBackup('Cold Printer'), nextAttemptAt: at(0) }),
  },
];

const refused: [PrintJobStatus, JobEventType][] = [
  ['PENDING', 'sending'],
  ['PENDING', 'printed'],
  ['PENDING', 'failed'],
  ['PENDING', 'interrupted'],
  ['PENDING', 'retry'],
  ['PENDING', 'reprint'],
  ['PENDING', 'markPrinted'],
  ['PRINTING', 'claim'],
  ['PRINTING', 'retry'],
  ['PRINTING', 'reprint'],
  ['PRINTING', 'markPrinted'],
  ['UNCONFIRMED', 'claim'],
  ['UNCONFIRMED', 'sending'],
  ['UNCONFIRMED', 'printed'],
  ['UNCONFIRMED', 'failed'],
  ['UNCONFIRMED', 'interrupted'],
  ['UNCONFIRMED', 'retry'],
  ['COMPLETED', 'claim'],
  ['COMPLETED', 'sending'],
  ['COMPLETED', 'printed'],
  ['COMPLETED', 'failed'],
  ['COMPLETED', 'interrupted'],
  ['COMPLETED', 'retry'],
  ['COMPLETED', 'reprint'],
  ['COMPLETED', 'markPrinted'],
  ['FAILED', 'claim'],
  ['FAILED', 'sending'],
  ['FAILED', 'printed'],
  ['FAILED', 'failed'],
  ['FAILED', 'interrupted'],
  ['FAILED', 'reprint'],
  ['FAILED', 'markPrinted'],
  ['PRINTING', 'moveToBackup'],
  ['UNCONFIRMED', 'moveToBackup'],
  ['COMPLETED', 'moveToBackup'],
  ['FAILED', 'moveToBackup'],
  ...(
    ['claim', 'sending', 'printed', 'failed', 'interrupted', 'retry', 'reprint', 'markPrinted', 'moveToBackup'] as const
  ).map((e): [PrintJobStatus, JobEventType] => ['MOVED', e]),
];

describe('print job states', () => {
  it.each(allowed)('$name', ({ from, event, to }) => {
    expect(nextJobState(from, event)).toEqual(to);
  });

  it.each(refused)('%s refuses %s', (status, event) => {
    expect(nextJobState(state(status), EVENTS[event])).toBeNull();
  });

  it('never moves a job of which a byte may have reached its printer: staff decide', () => {
    // PENDING with bytes sent does not arise (a failed send is UNCONFIRMED), but if it did, it stays put.
    expect(nextJobState(state('PENDING', { sent: true }), EVENTS.moveToBackup)).toBeNull();
  });

  it('starts a backup copy PENDING, unsent, marked with the printer it stands in for', () => {
    expect(newJobState(T0, { backupOf: 'Bar Printer', reprint: false })).toMatchObject({
      status: 'PENDING',
      sent: false,
      reprint: false,
      backupOf: 'Bar Printer',
    });
  });

  it('decides every event in every state', () => {
    const decided = new Set([
      ...allowed.map((t) => `${t.from.status} ${t.event.type}`),
      ...refused.map(([s, e]) => `${s} ${e}`),
    ]);
    const all = PRINT_JOB_STATUSES.flatMap((s) => Object.keys(EVENTS).map((e) => `${s} ${e}`));
    expect([...decided].sort()).toEqual(all.sort());
  });

  it('starts a job PENDING, unsent, due now', () => {
    expect(newJobState(T0)).toEqual({
      status: 'PENDING',
      attempts: 0,
      sent: false,
      reprint: false,
      backupOf: null,
      error: null,
      nextAttemptAt: T0.toISOString(),
    });
  });

  it('holds a printer’s queue while a job is PENDING, PRINTING or UNCONFIRMED', () => {
    expect(QUEUE_HOLDING_STATUSES).toEqual(['PENDING', 'PRINTING', 'UNCONFIRMED']);
  });

  it('finds a job caught mid-send only in PRINTING', () => {
    expect(statusesAccepting('interrupted')).toEqual(['PRINTING']);
  });
});
