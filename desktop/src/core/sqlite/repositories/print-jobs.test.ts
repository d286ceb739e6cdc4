import { randomUUID } from 'node:crypto';
import type { Printer } from '@tablewise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newJobState } from '../../printing/job-state.js';
import { printer, tempDir } from '../../test/fixtures.js';
import { openReplica, type Replica } from '../replica.js';

/** A time after the jobs were made. */
const LATER = '2026-11-28T20:00:00.000Z';

import {
  getPrintJob,
  insertPrintJob,
  listPrintJobs,
  listPrintJobsIn,
  queueHeads,
  saveJobState,
  toPrintJob,
} from './print-jobs.js';

let dir: { dir: string; remove(): void };
let replica: Replica;

beforeEach(() => {
  dir = tempDir();
  replica = openReplica(`${dir.dir}/replica.sqlite`);
});

afterEach(() => {
  replica.close();
  dir.remove();
});

const T0 = new Date('2026-06-14T19:00:00.000Z');

function add(dedupeKey: string, p: Printer, at = T0) {
  return insertPrintJob(replica.write, {
    id: randomUUID(),
    dedupeKey,
    printer: p,
    type: 'test',
    data: JSON.stringify({ content: dedupeKey }),
    state: newJobState(at),
    at: at.toISOString(),
  });
}

describe('print jobs repository', () => {
  it('stores a job with its printer as enqueued and answers it without the terminal’s own fields', () => {
    const p = printer(null, { name: 'Grill' });
    const { record, created } = add('k1', p);
    expect(created).toBe(true);
    expect(getPrintJob(replica.read, record.id)).toEqual(record);
    expect(record).toMatchObject({ dedupeKey: 'k1', printer: p, printerId: p.id, printerName: 'Grill', sent: false });
    expect(toPrintJob(record)).toEqual({
      id: record.id,
      printerId: p.id,
      printerName: 'Grill',
      type: 'test',
      status: 'PENDING',
      data: JSON.stringify({ content: 'k1' }),
      attempts: 0,
      reprint: false,
      error: null,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
    expect(getPrintJob(replica.read, randomUUID())).toBeNull();
  });

  it('answers the first job when a dedupe key comes again', () => {
    const p = printer(null);
    const first = add('same', p).record;
    const again = add('same', printer(null, { name: 'Other' }));
    expect(again).toEqual({ record: first, created: false });
    expect(listPrintJobs(replica.read)).toHaveLength(1);
  });

  it('lists the newest job first', () => {
    const p = printer(null);
    add('old', p, T0);
    add('new', p, new Date(T0.getTime() + 1000));
    expect(listPrintJobs(replica.read).map((j) => j.dedupeKey)).toEqual(['new', 'old']);
  });

  it('stores a state only over the status it was decided from', () => {
    const { record } = add('k', printer(null));
    const printing = { ...record, status: 'PRINTING' as const, attempts: 1 };
    expect(saveJobState(replica.write, record.id, 'PRINTING', printing, LATER)).toBe(false);
    expect(saveJobState(replica.write, record.id, 'PENDING', printing, LATER)).toBe(true);
    expect(getPrintJob(replica.read, record.id)).toMatchObject({ status: 'PRINTING', attempts: 1, updatedAt: LATER });
    expect(listPrintJobsIn(replica.read, ['PRINTING']).map((j) => j.id)).toEqual([record.id]);
    expect(listPrintJobsIn(replica.read, ['PENDING', 'FAILED'])).toEqual([]);
    expect(listPrintJobsIn(replica.read, [])).toEqual([]);
  });

  it('answers, per printer, the oldest job in the given statuses', () => {
    const grill = printer(null, { name: 'Grill' });
    const bar = printer(null, { name: 'Bar' });
    const done = add('grill-1', grill).record;
    saveJobState(replica.write, done.id, 'PENDING', { ...done, status: 'COMPLETED' }, LATER);
    add('grill-2', grill);
    add('grill-3', grill);
    add('bar-1', bar);
    const heads = queueHeads(replica.read, ['PENDING', 'PRINTING']).map((j) => j.dedupeKey);
    expect(heads.sort()).toEqual(['bar-1', 'grill-2']);
    expect(queueHeads(replica.read, ['COMPLETED']).map((j) => j.dedupeKey)).toEqual(['grill-1']);
    expect(queueHeads(replica.read, [])).toEqual([]);
  });
});
