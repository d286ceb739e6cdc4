// Every mutation runs here: Idempotency-Key replay, and for terminals the Replicache-style push
// rule (mutations numbered 1, 2, 3… per terminal; the last applied number is recorded in the same
// transaction as the effect). Commands run inside `effect` with the transaction.
import { MESSAGES } from '@tablewise/shared';
import type { AppDeps, Trx } from './context.js';
import { AppError, conflict, unprocessable } from './errors.js';
import { claimKey, completeKey, findKey } from './repositories/idempotency.js';
import { lockTerminalSeq, setTerminalSeq } from './repositories/terminals.js';

export interface Answer {
  status: number;
  body: unknown;
  /** True when the answer is a stored one, replayed for a repeat. */
  replayed?: boolean;
}

export interface MutationMeta {
  orgId: string;
  /** Who sends it (`staff:<id>`, `terminal:<id>`, `guest:<id>`); a key is bound to its sender. */
  principal: string;
  method: string;
  path: string;
  idempotencyKey?: string;
  terminal?: { id: string; seq: number };
}

/** Wraps a refusal raised by the effect, so it is told apart from the protocol's own refusals. */
class EffectRefused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

export async function runMutation(
  deps: Pick<AppDeps, 'db' | 'now'>,
  meta: MutationMeta,
  effect: (trx: Trx) => Promise<Answer>,
): Promise<Answer> {
  if (meta.terminal && !meta.idempotencyKey) throw new AppError(400, 'seq_needs_key', MESSAGES.mutationSeqNeedsKey);
  try {
    return await deps.db.transaction(async (trx) => {
      const early = await checkOrder(trx, meta);
      if (early) return early;
      let answer: Answer;
      try {
        answer = await effect(trx);
      } catch (error) {
        if (error instanceof AppError) throw new EffectRefused(error);
        throw error;
      }
      await record(trx, meta, answer, deps.now());
      return answer;
    });
  } catch (error) {
    if (!(error instanceof EffectRefused)) throw error;
    // A terminal's refused mutation still takes its number and keeps its refusal, in a
    // transaction of its own, so its outbox can move on and a replay hears the same answer.
    if (!meta.terminal) throw error.error;
    const refusal: Answer = { status: error.error.status, body: error.error.body() };
    return deps.db.transaction(async (trx) => {
      const early = await checkOrder(trx, meta);
      if (early) return early;
      await record(trx, meta, refusal, deps.now());
      return refusal;
    });
  }
}

/**
 * Locks the terminal's sequence and claims the key. Answers early with the stored answer for a
 * repeat; throws for an out-of-order mutation or a key reused for another request.
 */
async function checkOrder(trx: Trx, meta: MutationMeta): Promise<Answer | null> {
  if (meta.terminal) {
    const last = await lockTerminalSeq(trx, meta.terminal.id);
    if (meta.terminal.seq <= last) {
      const stored = meta.idempotencyKey ? await findKey(trx, meta.orgId, meta.idempotencyKey) : undefined;
      if (stored && stored.status_code !== 0) {
        assertSameRequest(stored, meta);
        return { status: stored.status_code, body: stored.response_json, replayed: true };
      }
      throw conflict(MESSAGES.mutationAlreadyApplied(meta.terminal.seq), 'mutation_already_applied');
    }
    if (meta.terminal.seq > last + 1) {
      throw conflict(MESSAGES.mutationOutOfOrder(last + 1), 'mutation_out_of_order');
    }
  }
  if (meta.idempotencyKey) {
    const claimed = await claimKey(trx, {
      org_id: meta.orgId,
      key: meta.idempotencyKey,
      principal: meta.principal,
      method: meta.method,
      path: meta.path,
    });
    if (!claimed) {
      const stored = await findKey(trx, meta.orgId, meta.idempotencyKey);
      if (!stored) throw new Error('Idempotency key vanished after a conflict');
      assertSameRequest(stored, meta);
      return { status: stored.status_code, body: stored.response_json, replayed: true };
    }
  }
  return null;
}

function assertSameRequest(stored: { principal: string; method: string; path: string }, meta: MutationMeta): void {
  if (stored.principal !== meta.principal || stored.method !== meta.method || stored.path !== meta.path) {
    throw unprocessable(MESSAGES.idempotencyKeyReused, 'idempotency_key_reused');
  }
}

async function record(trx: Trx, meta: MutationMeta, answer: Answer, now: Date): Promise<void> {
  if (meta.idempotencyKey) await completeKey(trx, meta.orgId, meta.idempotencyKey, answer.status, answer.body);
  if (meta.terminal) await setTerminalSeq(trx, meta.terminal.id, meta.terminal.seq, now);
}
