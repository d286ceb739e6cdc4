// The events' archive job (issue 27): every venue's events older than EVENTS_HOT_RETENTION_MS move
// from the hot table to events_archive, oldest first, in batches of one statement each, so the
// order path's writes and the terminals' catch-up read a month of events whatever a venue's age.
// Every instance polls; claimPeriodicRun lets one of them run each interval (the others answer
// -1), and a move deletes what it archives in the same statement, so even two passes at once
// would never archive an event twice.
import { EVENTS_HOT_RETENTION_MS } from '@tablewise/shared';
import type { AppDeps } from '../context.js';
import { archiveBoundary, listVenueIds, moveToArchive } from '../repositories/events-archive.js';
import { claimPeriodicRun } from '../repositories/turnover.js';

/** Name of the job's row in periodic_runs. */
const EVENTS_ARCHIVE = 'events-archive';

export interface EventsArchiveOptions {
  /** A run at most this often across all instances. */
  intervalMs: number;
  /** Events moved per statement. */
  batch: number;
  /** A run stops after this many batches; the next run takes the rest. */
  maxBatches: number;
}

/** 2,000 events a statement (a few megabytes, well under a second), 500 statements a run, a run
 * every 10 minutes: a million events a run, over a hundred million a day, more than a thousand
 * busy venues write (a busy venue writes about 30,000 a day). */
export const EVENTS_ARCHIVE_DEFAULTS: EventsArchiveOptions = { intervalMs: 10 * 60_000, batch: 2_000, maxBatches: 500 };

/**
 * One run, if this interval's run is still due: answers how many events moved, or -1 when another
 * instance (or this one) ran it within the interval.
 */
export async function archiveOldEvents(
  deps: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'log'>>,
  options: EventsArchiveOptions = EVENTS_ARCHIVE_DEFAULTS,
): Promise<number> {
  const now = deps.now();
  const due = await deps.db.transaction((trx) => claimPeriodicRun(trx, EVENTS_ARCHIVE, now, options.intervalMs));
  if (!due) return -1;
  const cutoff = new Date(now.getTime() - EVENTS_HOT_RETENTION_MS);
  let moved = 0;
  let batches = 0;
  let venues = 0;
  const started = Date.now();
  run: for (const venueId of await listVenueIds(deps.db)) {
    const through = await archiveBoundary(deps.db, venueId, cutoff);
    if (through === null) continue;
    venues += 1;
    for (;;) {
      if (batches >= options.maxBatches) break run;
      const n = await moveToArchive(deps.db, venueId, through, options.batch);
      batches += 1;
      moved += n;
      if (n < options.batch) break;
    }
  }
  // One line a run that moved something: an operator sees the archive keep up (or not: a run that
  // used all its batches left work for the next).
  if (moved > 0)
    deps.log?.info(
      { job: 'events archive', moved, venues, batches, full: batches >= options.maxBatches, ms: Date.now() - started },
      'events archived',
    );
  return moved;
}
