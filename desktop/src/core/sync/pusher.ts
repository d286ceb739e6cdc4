// Sends the outbox to the cloud strictly in sequence, in batches of up to MAX_PUSH_MUTATIONS
// (POST /api/sync/push, which answers each mutation as its own request would have been answered),
// the next batch sent while the cloud applies the one before (pushChain).
// A network failure or a server error waits and retries from the same mutation; a 2xx
// acknowledges it; a refusal (4xx) rejects it: kept with the cloud's message for staff to see,
// and the item is refetched so the replica shows the cloud's truth again. Nothing is dropped
// silently. A batch's verdicts are settled in one SQLite transaction.
import { randomUUID } from 'node:crypto';
import { MAX_PUSH_MUTATIONS, MESSAGES, type PushedMutation, pushMutations } from '@tablewise/shared';
import { type BackoffPolicy, backoffDelayMs, DEFAULT_BACKOFF } from '../backoff.js';
import type { Bus } from '../bus.js';
import { ORDER_ITEM_ENTITY, reapplyPendingItemChanges } from '../commands/item-status.js';
import { localItemEvent } from '../local-events.js';
import { inRequest, log } from '../log.js';
import { makeDurable, transact, type WriteDb } from '../sqlite/replica.js';
import { getOrderItem, orderExists, putOrderItem } from '../sqlite/repositories/orders.js';
import { markAttempt, type OutboxEntry, pendingBatch, requestOf, settle } from '../sqlite/repositories/outbox.js';
import { type CloudAnswer, type CloudApi, CloudUnreachable, isSuccess, messageOf } from './cloud-api.js';

/**
 * 4xx answers that say nothing about the mutation itself (the terminal's credential, a timeout,
 * rate limiting): rejecting on them would throw away staff work, so they are retried like 5xx.
 */
const RETRYABLE_4XX = new Set([401, 403, 408, 425, 429]);

type PushVerdict = 'acknowledged' | 'rejected' | 'retry';

/** A push's outcome: the cloud's answer, or what kept it from answering. */
type Sent = { ok: true; value: CloudAnswer } | { ok: false; error: unknown };

/** A batch sent to the cloud, with the lag it was numbered with. */
interface InFlight {
  entries: OutboxEntry[];
  lag: number;
  answer: Promise<Sent>;
}

/** The mutation number the cloud expects, when it refused one as out of order. */
function expectedSeqOf(answer: { status: number; body: unknown }): number | null {
  if (answer.status !== 409 || typeof answer.body !== 'object' || answer.body === null) return null;
  const { id, expectedSeq } = answer.body as { id?: unknown; expectedSeq?: unknown };
  return id === 'mutation_out_of_order' && typeof expectedSeq === 'number' && Number.isSafeInteger(expectedSeq)
    ? expectedSeq
    : null;
}

function verdictFor(status: number): PushVerdict {
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status >= 400 && status < 500 && !RETRYABLE_4XX.has(status)) return 'rejected';
  return 'retry';
}

export interface OutboxPusherOptions {
  db: WriteDb;
  api: CloudApi;
  bus: Bus;
  now: () => Date;
  backoff?: BackoffPolicy;
  /** Called when the cloud answers a push after being unreachable: the feed can reconnect now. */
  onReachable?: () => void;
  /** Called for each change the cloud refused, once it is kept as REJECTED (items are refetched
   * here; other kinds of change are set right by the caller). */
  onRejected?: (entry: OutboxEntry) => void;
  /**
   * How long an entry may wait for others to go with it (0, the default: none). While every
   * pending entry may still wait, nothing is pushed; anything else queued goes at once and takes
   * them along. A kitchen ticket's reports (made, then printed) so reach the cloud in one push.
   */
  mayWaitMs?: (entry: OutboxEntry) => number;
  /**
   * How many entries may wait together (with mayWaitMs): once this many are pending they go at
   * once, so a rush's reports reach the cloud in pushes of a bounded size, each a short piece of
   * work there, rather than in one large push a second.
   */
  mayWaitCount?: number;
}

export class OutboxPusher {
  private running = false;
  private loopDone: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A kick that came while a push was under way: the next wait ends at once. */
  private kicked = false;
  private failures = 0;
  private unreachable = false;
  /** Items whose refetch after a rejection has not succeeded yet. */
  private readonly refetch = new Set<string>();
  /**
   * How far the cloud's numbering of this terminal's mutations lags the outbox's: an entry goes
   * out as `seq - lag`. It grows when numbers the outbox used never reached the cloud's record (a
   * refusal outside the mutation path, a re-pairing that kept the replica, a restored database);
   * the cloud then answers out-of-order with the number it expects, and the outbox renumbers from
   * there. Kept in memory: after a restart the first push learns it again.
   */
  private lag = 0;

  constructor(private readonly opts: OutboxPusherOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loopDone;
    this.loopDone = null;
  }

  /**
   * A change was queued: push now, unless the cloud could not be reached at the last try. Then
   * the back-off or the sync client finding the cloud back (kick) wakes the pusher: a try for
   * every change made offline would only read the outbox and record another failure.
   */
  changed(): void {
    if (!this.unreachable) this.kick();
  }

  /** Something changed (the cloud came back, the terminal went online): try now instead of waiting. */
  kick(): void {
    const wake = this.wake;
    this.wake = null;
    if (wake) wake();
    else this.kicked = true;
  }

  private sleep(ms: number | null): Promise<void> {
    if (this.kicked) {
      this.kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(() => this.kick(), ms);
      this.wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.step();
      } catch (error) {
        log.error({ err: error }, 'outbox push failed unexpectedly');
        this.failures += 1;
        await this.sleep(backoffDelayMs(this.failures, this.opts.backoff ?? DEFAULT_BACKOFF));
        continue;
      }
      if (!this.running) break;
      if (worked) continue;
      await this.sleep(this.failures > 0 ? backoffDelayMs(this.failures, this.opts.backoff ?? DEFAULT_BACKOFF) : null);
    }
  }

  /** One unit of work. True when something moved, so the loop goes on at once. */
  private async step(): Promise<boolean> {
    const [itemId] = this.refetch;
    if (itemId !== undefined) return this.refetchItem(itemId);
    const entries = pendingBatch(this.opts.db, MAX_PUSH_MUTATIONS);
    if (entries.length === 0) {
      this.failures = 0;
      return false;
    }
    const wait = this.waitLeft(entries);
    if (wait > 0) {
      // A kick (another change queued) ends the wait early; the batch is looked at again either way.
      await this.sleep(wait);
      return true;
    }
    // What is pushed must be on disk first: the cloud keeps a change's number for good.
    makeDurable(this.opts.db);
    // Under an id of its own, sent with the push: the cloud's lines for it name the same id.
    return inRequest(`push-${randomUUID()}`, () => this.pushChain(entries));
  }

  /** How much longer the pending entries may wait for company: 0 once any of them may not. */
  private waitLeft(entries: readonly OutboxEntry[]): number {
    const { mayWaitMs, mayWaitCount } = this.opts;
    if (!mayWaitMs) return 0;
    if (mayWaitCount !== undefined && entries.length >= mayWaitCount) return 0;
    const now = this.opts.now().getTime();
    let left = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      const ms = mayWaitMs(entry);
      if (!(ms > 0)) return 0;
      // Never longer than the entry may wait from now, whatever the clock did since it was made.
      left = Math.min(left, Math.min(ms, Date.parse(entry.createdAt) + ms - now));
    }
    return Number.isFinite(left) ? Math.max(0, left) : 0;
  }

  /** Marks a failed try on the batch's first entry, the one the outbox is waiting on. */
  private failed(entry: OutboxEntry, error: string): false {
    markAttempt(this.opts.db, entry.seq, error, this.opts.now().toISOString());
    this.failures += 1;
    // The status tells staff of a change that keeps failing while the terminal is online.
    this.opts.bus.emit('status');
    return false;
  }

  /** Sends a batch; the promise never rejects, so a batch left in flight cannot go unhandled. */
  private send(entries: OutboxEntry[], lag: number): InFlight {
    const answer = this.opts.api
      .pushBatch(
        entries.map((e) => {
          const request = requestOf(e);
          return {
            seq: e.seq - lag,
            idempotencyKey: e.idempotencyKey,
            method: request.method as PushedMutation['method'],
            path: request.path,
            body: request.body,
          };
        }),
      )
      .then(
        (value): Sent => ({ ok: true, value }),
        (error: unknown): Sent => ({ ok: false, error }),
      );
    return { entries, lag, answer };
  }

  /**
   * Pushes the outbox from its first pending entry, pipelined: while the cloud applies one batch,
   * the next is already on its way, so neither side waits for the other between batches. The
   * cloud takes a terminal's batches one at a time (each locks the terminal's number) and only in
   * turn, so a batch that reaches it before the one ahead has committed applies nothing and is
   * answered out of order. Answers are settled strictly in order. A later batch's answer counts
   * only when every entry ahead of it was settled; otherwise nothing in it is trusted (it may have
   * been refused for going first), and the chain ends: the next one resends from the first entry
   * still pending, and the cloud answers whatever it did apply with its stored answer. Only a
   * chain's first batch may renumber the outbox (lag).
   */
  private async pushChain(first: OutboxEntry[]): Promise<boolean> {
    const lag = this.lag;
    const inFlight: InFlight[] = [this.send(first, lag)];
    let worked = false;
    let leading = true;
    try {
      for (let head = inFlight.shift(); head; head = inFlight.shift()) {
        const last = head.entries[head.entries.length - 1];
        if (this.running && inFlight.length === 0 && last && head.entries.length === MAX_PUSH_MUTATIONS) {
          makeDurable(this.opts.db);
          const next = pendingBatch(this.opts.db, MAX_PUSH_MUTATIONS, last.seq);
          if (next.length > 0) inFlight.push(this.send(next, lag));
        }
        const outcome = this.settleAnswer(head, await head.answer, leading);
        leading = false;
        worked = worked || outcome.worked;
        if (!outcome.complete) break;
      }
    } finally {
      // Batches sent behind one left unsettled: their answers are dropped, once they arrive, so
      // the next chain never overtakes them.
      await Promise.all(inFlight.map((batch) => batch.answer));
    }
    return worked;
  }

  /**
   * Settles a batch by the cloud's answer. `complete` when every entry was acknowledged or
   * rejected, so the batch behind it may count.
   */
  private settleAnswer(
    { entries, lag }: InFlight,
    sent: Sent,
    leading: boolean,
  ): { worked: boolean; complete: boolean } {
    const { db, bus, now } = this.opts;
    const [first] = entries;
    if (!first) return { worked: false, complete: true };
    if (!sent.ok) {
      if (!(sent.error instanceof CloudUnreachable)) throw sent.error;
      this.unreachable = true;
      return { worked: this.failed(first, sent.error.message), complete: false };
    }
    const answer = sent.value;
    if (this.unreachable) {
      this.unreachable = false;
      this.opts.onReachable?.();
    }
    // The whole push failed (a server error, the credential refused): every entry waits.
    const parsed = isSuccess(answer.status) ? pushMutations.answer.safeParse(answer.body) : null;
    if (!parsed?.success)
      return { worked: this.failed(first, `${answer.status}: ${messageOf(answer.body) ?? ''}`), complete: false };

    const settled: { entry: OutboxEntry; status: 'ACKNOWLEDGED' | 'REJECTED'; message: string | null }[] = [];
    let retry: { entry: OutboxEntry; error: string } | null = null;
    let renumbered = false;
    for (const [i, result] of parsed.data.results.entries()) {
      const entry = entries[i];
      if (!entry || result.seq !== entry.seq - lag)
        throw new Error(`The cloud answered mutation ${result.seq} out of turn`);
      const expected = expectedSeqOf(result);
      if (expected !== null && expected < entry.seq - lag) {
        // Not applied by the cloud (it expects an earlier number). Behind another batch, that
        // batch may simply not have committed yet: it is sent again, as it is, by the next chain.
        if (!leading) break;
        // At the head of the outbox: send it again as that number.
        this.lag = entry.seq - expected;
        log.warn(`the cloud expects mutation ${expected}; renumbering the outbox from entry ${entry.seq}`);
        renumbered = true;
        break;
      }
      const verdict = verdictFor(result.status);
      switch (verdict) {
        case 'acknowledged':
          // The cloud's event for this change arrives on the feed; it, not this answer, updates the
          // replica, so a later event already applied is never overwritten by an older answer.
          settled.push({ entry, status: 'ACKNOWLEDGED', message: null });
          break;
        case 'rejected': {
          const message = messageOf(result.body) ?? `${result.status}: ${MESSAGES.outboxRejectedTitle}`;
          log.warn(`cloud rejected mutation ${entry.seq} ${entry.method} ${entry.path}: ${message}`);
          settled.push({ entry, status: 'REJECTED', message });
          break;
        }
        case 'retry':
          retry = { entry, error: `${result.status}: ${messageOf(result.body) ?? ''}` };
          break;
        default: {
          const never: never = verdict;
          throw new Error(`Unknown verdict ${String(never)}`);
        }
      }
      if (retry) break;
    }
    if (settled.length > 0) {
      const at = now().toISOString();
      transact(db, () => {
        for (const s of settled) settle(db, s.entry.seq, s.status, s.message, at);
      });
      for (const s of settled) {
        if (s.status !== 'REJECTED') continue;
        if (s.entry.entityType === ORDER_ITEM_ENTITY) this.refetch.add(s.entry.entityId);
        else this.opts.onRejected?.(s.entry);
      }
      this.failures = 0;
      bus.emit('status');
    }
    const complete = settled.length === entries.length;
    if (retry) return { worked: this.failed(retry.entry, retry.error), complete };
    return { worked: settled.length > 0 || renumbered, complete };
  }

  private async refetchItem(itemId: string): Promise<boolean> {
    const { db, api, bus, now } = this.opts;
    let fresh: Awaited<ReturnType<CloudApi['orderItem']>>;
    try {
      fresh = await api.orderItem(itemId);
    } catch (error) {
      log.warn(`refetch of item ${itemId} failed: ${error instanceof Error ? error.message : error}`);
      this.failures += 1;
      // A refetch the cloud refuses (the item is gone) cannot succeed later; give up on it.
      if (!(error instanceof CloudUnreachable)) this.refetch.delete(itemId);
      return false;
    }
    this.refetch.delete(itemId);
    const before = getOrderItem(db, itemId);
    const after = transact(db, () => {
      if (!orderExists(db, fresh.orderId)) return null;
      putOrderItem(db, fresh);
      reapplyPendingItemChanges(db, itemId, now());
      return getOrderItem(db, itemId);
    });
    if (after) {
      bus.emit('live', localItemEvent(db, after, before?.status ?? after.status, now()));
      bus.emit('itemsChanged');
    }
    return true;
  }
}
