// A write's event commits with the write, under the venue's next sequence number, and pg_notify
// tells every instance on commit. The number is taken inside the COMMIT itself (migration 0010's
// deferred trigger), locking the venue's row until the commit is done: that keeps the numbers
// gap-free and committing in order, and every writer of a venue waits for the one holding it for
// that commit alone. In a transaction opened with `writeTransaction`, events are collected while
// the write runs and handed over in one statement, with the write's last updates, before commit.
import { randomUUID } from 'node:crypto';
import type { NewLiveEvent } from '@tablewise/shared';
import type { Knex } from 'knex';
import type { Db, Trx } from '../context.js';
import { appendVenueEvents, type NewEventRow, runTogether } from '../repositories/events.js';

export interface AppendEventInput {
  orgId: string;
  venueId: string;
  userId?: string | null;
  terminalId?: string | null;
  event: NewLiveEvent;
  /** The event's time; the command's clock, so tests with an injected clock stay consistent. */
  at?: Date;
}

interface Collected {
  /** Events by venue, in append order. */
  events: Map<string, NewEventRow[]>;
  /** Writes that run in the same statement as the events (see atCommit). */
  writes: Knex.QueryBuilder[];
}

/** What transactions opened with writeTransaction leave for their last statement. */
const collected = new WeakMap<Trx, Collected>();

function rowOf(input: AppendEventInput): NewEventRow {
  const at = input.at ?? new Date();
  return {
    id: randomUUID(),
    org_id: input.orgId,
    user_id: input.userId ?? null,
    terminal_id: input.terminalId ?? null,
    type: input.event.type,
    payload_json: { ...input.event, venueId: input.venueId, at: at.toISOString() },
    created_at: at,
  };
}

/**
 * Appends an event to the venue's feed as part of `trx`, numbered at commit. Inside
 * writeTransaction it is handed over in the transaction's last statement; in any other, now.
 */
export async function appendEvent(trx: Trx, input: AppendEventInput): Promise<void> {
  const pending = collected.get(trx);
  if (!pending) {
    await appendVenueEvents(trx, input.venueId, [rowOf(input)]);
    return;
  }
  const list = pending.events.get(input.venueId);
  if (list) list.push(rowOf(input));
  else pending.events.set(input.venueId, [rowOf(input)]);
}

/**
 * Runs `write` (an update or insert nobody reads back in this transaction) with the events, in
 * the last statement before commit, saving its round trip; outside writeTransaction, at once.
 */
export async function atCommit(trx: Trx, write: Knex.QueryBuilder): Promise<void> {
  const pending = collected.get(trx);
  if (pending) pending.writes.push(write);
  else await write;
}

/**
 * Runs `write` in a savepoint of `trx` (a transaction opened with writeTransaction): if it throws,
 * its writes and the events it appended are undone, and the rest of the transaction goes on; if it
 * succeeds, its events and atCommit writes join the transaction's, still numbered at commit.
 */
export async function inSavepoint<T>(trx: Trx, write: (sp: Trx) => Promise<T>): Promise<T> {
  const outer = collected.get(trx);
  if (!outer) throw new Error('inSavepoint needs a transaction opened with writeTransaction');
  const inner: Collected = { events: new Map(), writes: [] };
  const result = await trx.transaction(async (sp) => {
    collected.set(sp, inner);
    try {
      return await write(sp);
    } finally {
      collected.delete(sp);
    }
  });
  for (const [venueId, rows] of inner.events) {
    const list = outer.events.get(venueId);
    if (list) list.push(...rows);
    else outer.events.set(venueId, rows);
  }
  outer.writes.push(...inner.writes);
  return result;
}

/**
 * Runs `write` in a transaction whose events are handed over last, right before commit, and
 * numbered in it. Venues are handed over (and so numbered) in id order, so two writers touching
 * the same venues cannot deadlock. That last statement goes with the COMMIT, in one round trip
 * (db/connect.ts, committing()): nothing runs after it. Not so when `db` is itself a transaction,
 * whose COMMIT is not this one's to send.
 */
export function writeTransaction<T>(db: Db, write: (trx: Trx) => Promise<T>): Promise<T> {
  const outermost = !db.isTransaction;
  return db.transaction(async (trx) => {
    const pending: Collected = { events: new Map(), writes: [] };
    collected.set(trx, pending);
    const result = await write(trx);
    collected.delete(trx);
    const venueIds = [...pending.events.keys()].sort();
    const last = { last: outermost };
    if (venueIds.length === 0) await runTogether(trx, pending.writes, last);
    for (const [i, venueId] of venueIds.entries()) {
      const final = i === venueIds.length - 1;
      const rows = pending.events.get(venueId) as NewEventRow[];
      await appendVenueEvents(trx, venueId, rows, final ? pending.writes : [], final ? last : {});
    }
    return result;
  });
}
