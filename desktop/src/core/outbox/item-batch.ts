// Start All Pending and Mark All Ready on this terminal: every move as the single move makes it
// (replica and outbox), all in one SQLite transaction; one refused move rolls back all of them.
import { type BatchRefusal, type OrderItemState, SERVICE_MESSAGES } from '@tablewise/shared';
import type { KitchenTicketQueue } from '../kitchen/ticketing.js';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { changeItemStatusLocally, type LocalChangeResult } from './item-status.js';

type Moved = Extract<LocalChangeResult, { ok: true }>;

export type LocalBatchResult = { ok: true; moved: Moved[] } | { ok: false; message: string; refusals: BatchRefusal[] };

class BatchRefused extends Error {
  constructor(readonly refusals: BatchRefusal[]) {
    super('batch refused');
  }
}

/** Each move in order, each judged on what the moves before it left (as the cloud judges them). */
export function batchChangeItemsLocally(
  db: WriteDb,
  updates: readonly { id: string; status: OrderItemState }[],
  now: Date,
  tickets: KitchenTicketQueue | null = null,
): LocalBatchResult {
  try {
    return transact(db, (): LocalBatchResult => {
      const moved: Moved[] = [];
      const refusals: BatchRefusal[] = [];
      for (const { id, status } of updates) {
        const result = changeItemStatusLocally(db, id, status, now, tickets);
        if (result.ok) moved.push(result);
        else refusals.push({ id, status, message: result.message });
      }
      // Thrown to roll back the moves already made; caught below.
      if (refusals.length > 0) throw new BatchRefused(refusals);
      return { ok: true, moved };
    });
  } catch (error) {
    if (!(error instanceof BatchRefused)) throw error;
    return {
      ok: false,
      message: SERVICE_MESSAGES.batchUpdateRefused(error.refusals.length, updates.length),
      refusals: error.refusals,
    };
  }
}
