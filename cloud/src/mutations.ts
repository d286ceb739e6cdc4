// Every mutation runs here: Idempotency-Key replay, and for terminals the Replicache-style push
// rule (mutations numbered 1, 2, 3… per terminal; the last applied number is recorded in the same
// transaction as the effect). Commands run inside `effect` with the transaction.
import { createHash } from 'node:crypto';
import { INTERNAL_ERROR_BODY, MESSAGES } from '@tablewise/shared';
import type { Knex } from 'knex';
import type { AppDeps, Trx } from './context.js';
import { prepared } from './db/connect.js';
import { AppError, conflict, unprocessable } from './errors.js';
import type { Logger } from './log/logger.js';
import { atCommit, inSavepoint, writeTransaction } from './realtime/append-event.js';
import {
  type Claim,
  claimKey,
  claimKeys,
  claimStatement,
  completeKey,
  completeKeys,
  findKey,
  type KeyAnswer,
  releaseKeys,
  type StoredAnswer,
} from './repositories/idempotency.js';
import type { IdempotencyRow } from './repositories/rows.js';
import { lockTerminalSeq, setTerminalSeq } from './repositories/terminals.js';

export interface Answer {
  status: number;
  body: unknown;
  /** True when the answer is a stored one, replayed for a repeat. */
  replayed?: boolean;
  /**
   * The body holds a secret shown once (a terminal's credential): the idempotency record keeps
   * only the status, and a repeat is refused instead of being handed the secret again.
   */
  shownOnce?: boolean;
}

/**
 * An Idempotency-Key answers repeats for a day; after that it no longer counts and is swept.
 * @internal exported for the tests, which move the clock past it
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The oldest record that still counts at `now`. */
export const idempotencyCutoff = (now: Date): Date => new Date(now.getTime() - IDEMPOTENCY_TTL_MS);

export interface MutationMeta {
  orgId: string;
  /** Who sends it (`staff:<id>`, `terminal:<id>`, `guest:<id>`); a key is bound to its sender. */
  principal: string;
  method: string;
  path: string;
  /** The request's body as sent (parsed JSON); a key repeated with another body is refused. */
  body?: unknown;
  idempotencyKey?: string;
  terminal?: { id: string; seq: number };
  /**
   * The effect's first statement is a read made with readClaiming, which claims the key in the
   * same statement (one round trip fewer). Not for a terminal's numbered mutations.
   */
  claimWithFirstRead?: boolean;
}

/** Wraps a refusal raised by the effect, so it is told apart from the protocol's own refusals. */
class EffectRefused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** Claims left for the effect's first read (MutationMeta.claimWithFirstRead), by transaction. */
const pendingClaims = new WeakMap<Trx, { claim: Claim; cutoff: Date }>();

/** The key was claimed already: the transaction is rolled back and the stored answer replayed. */
class KeyTaken extends Error {
  constructor() {
    super('The idempotency key is taken');
  }
}

/**
 * Runs `sql` (a select; `?` for each of `bindings`) and, when the mutation left its key's claim to
 * this read, claims it in the same statement: one round trip instead of two. A repeat (the key is
 * taken) stops the effect there; runMutation replays the stored answer. Outside such a mutation it
 * is a plain read.
 */
export async function readClaiming<Row extends object>(
  trx: Trx,
  sql: string,
  bindings: readonly Knex.RawBinding[],
  options: { prepared?: boolean } = {},
): Promise<Row[]> {
  const run = (text: string, values: readonly Knex.RawBinding[]) => {
    const raw = trx.raw(text, [...values]);
    return options.prepared ? prepared(raw) : raw;
  };
  const pending = pendingClaims.get(trx);
  if (!pending) return ((await run(sql, bindings)) as { rows: Row[] }).rows;
  pendingClaims.delete(trx);
  // One row at least (the claim's), with the read's rows joined on when there are any.
  const result = (await run(
    `with claim__ as (?)
     select (select count(*) from claim__)::int as claimed__, r.*
     from (select 1) one__ left join (select 1 as present__, q.* from (${sql}) q) r on true`,
    [claimStatement(trx, [pending.claim], pending.cutoff), ...bindings],
  )) as { rows: Array<Row & { claimed__: number; present__: number | null }> };
  if (result.rows[0]?.claimed__ !== 1) throw new KeyTaken();
  return result.rows
    .filter((row) => row.present__ === 1)
    .map(({ claimed__: _claimed, present__: _present, ...row }) => row as unknown as Row);
}

/** Claims a key still left for a read the effect did not make; false when it is taken. */
async function claimIfPending(trx: Trx): Promise<boolean> {
  const pending = pendingClaims.get(trx);
  if (!pending) return true;
  pendingClaims.delete(trx);
  return claimKey(trx, pending.claim, pending.cutoff);
}

export async function runMutation(
  deps: Pick<AppDeps, 'db' | 'now'>,
  meta: MutationMeta,
  effect: (trx: Trx) => Promise<Answer>,
): Promise<Answer> {
  if (meta.terminal && !meta.idempotencyKey) throw new AppError(400, 'seq_needs_key', MESSAGES.mutationSeqNeedsKey);
  try {
    // Events are numbered last, after the answer is recorded: the venue's lock is held for the
    // commit alone.
    return await writeTransaction(deps.db, async (trx) => {
      const lazy = meta.claimWithFirstRead === true && meta.idempotencyKey !== undefined && !meta.terminal;
      if (lazy) {
        const now = deps.now();
        const key = { ...meta, idempotencyKey: meta.idempotencyKey as string };
        pendingClaims.set(trx, { claim: claimOf(key, now), cutoff: idempotencyCutoff(now) });
      } else {
        const early = await checkOrder(trx, meta, deps.now());
        if (early) return early;
      }
      let answer: Answer;
      try {
        answer = await effect(trx);
      } catch (error) {
        // Refused before its first read: a repeat still hears the stored answer, not this refusal.
        if (!(await claimIfPending(trx))) throw new KeyTaken();
        if (error instanceof AppError) throw new EffectRefused(error);
        throw error;
      }
      if (!(await claimIfPending(trx))) throw new KeyTaken();
      await record(trx, meta, answer, deps.now());
      return answer;
    });
  } catch (error) {
    if (error instanceof KeyTaken && meta.idempotencyKey) {
      // Nothing was written: the claim found the first request's record, committed by now.
      const stored = await findKey(deps.db, meta.orgId, meta.idempotencyKey, idempotencyCutoff(deps.now()));
      if (!stored) throw new Error('Idempotency key vanished after a conflict');
      return replay(stored, meta, hashRequest(meta));
    }
    if (!(error instanceof EffectRefused)) throw error;
    // A terminal's refused mutation still takes its number and keeps its refusal, in a
    // transaction of its own, so its outbox can move on and a replay hears the same answer.
    if (!meta.terminal) throw error.error;
    const refusal: Answer = { status: error.error.status, body: error.error.body() };
    return deps.db.transaction(async (trx) => {
      const early = await checkOrder(trx, meta, deps.now());
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
async function checkOrder(trx: Trx, meta: MutationMeta, now: Date): Promise<Answer | null> {
  return checkTurn(trx, meta, now, meta.terminal ? await lockTerminalSeq(trx, meta.terminal.id) : null);
}

/**
 * checkOrder once the terminal's sequence is locked and its last applied number `last` known.
 * `claimed`: whether the key was already claimed for it (a batch claims its keys together).
 */
async function checkTurn(
  trx: Trx,
  meta: MutationMeta,
  now: Date,
  last: number | null,
  claimed?: boolean,
): Promise<Answer | null> {
  const cutoff = idempotencyCutoff(now);
  const requestHash = hashRequest(meta);
  if (meta.terminal && last !== null) {
    if (meta.terminal.seq <= last) {
      const stored = meta.idempotencyKey ? await findKey(trx, meta.orgId, meta.idempotencyKey, cutoff) : undefined;
      if (stored && stored.status_code !== 0) return replay(stored, meta, requestHash);
      throw new AppError(409, 'mutation_already_applied', MESSAGES.mutationAlreadyApplied(meta.terminal.seq), {
        expectedSeq: last + 1,
      });
    }
    if (meta.terminal.seq > last + 1) {
      // The number the cloud expects, so a terminal whose numbering drifted (re-paired with its
      // replica kept, a restored database, a refusal that never reached this path) can renumber.
      throw new AppError(409, 'mutation_out_of_order', MESSAGES.mutationOutOfOrder(last + 1), {
        expectedSeq: last + 1,
      });
    }
  }
  if (meta.idempotencyKey) {
    const key = { ...meta, idempotencyKey: meta.idempotencyKey };
    if (!(claimed ?? (await claimKey(trx, claimOf(key, now, requestHash), cutoff)))) {
      const stored = await findKey(trx, meta.orgId, meta.idempotencyKey, cutoff);
      if (!stored) throw new Error('Idempotency key vanished after a conflict');
      return replay(stored, meta, requestHash);
    }
  }
  return null;
}

/** The record a request claims its key with, before its answer is known. */
export function claimOf(
  meta: MutationMeta & { idempotencyKey: string },
  now: Date,
  requestHash = hashRequest(meta),
): Claim {
  return {
    org_id: meta.orgId,
    key: meta.idempotencyKey,
    principal: meta.principal,
    method: meta.method,
    path: meta.path,
    request_hash: requestHash,
    created_at: now,
  };
}

/** The stored answer for a repeat of the same request by the same sender. */
function replay(stored: IdempotencyRow, meta: MutationMeta, requestHash: string): Answer {
  if (
    stored.principal !== meta.principal ||
    stored.method !== meta.method ||
    stored.path !== meta.path ||
    // Records from before request hashes were kept are matched on the rest.
    (stored.request_hash !== null && stored.request_hash !== requestHash)
  ) {
    throw unprocessable(MESSAGES.idempotencyKeyReused, 'idempotency_key_reused');
  }
  if (stored.answer_withheld) throw conflict(MESSAGES.idempotentAnswerShownOnce, 'conflict');
  return { status: stored.status_code, body: stored.response_json, replayed: true };
}

/** SHA-256 of the method, path and body, the body's keys sorted so their order does not matter. */
function hashRequest(meta: MutationMeta): string {
  return createHash('sha256')
    .update(canonicalJson([meta.method, meta.path, meta.body ?? null]))
    .digest('hex');
}

/** Object keys as JSON strings, kept: a request's keys are the same few names each time. */
const quotedKeys = new Map<string, string>();
/** Keys kept at most (a request's keys are the client's to choose). */
const QUOTED_KEYS_KEPT = 1_000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_KEPT) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * JSON with every object's keys sorted (by UTF-16 code units) and undefined members left out.
 * @internal exported for its test: stored request hashes depend on it, character for character
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    out += `${first ? '' : ','}${quotedKey(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return `${out}}`;
}

async function record(trx: Trx, meta: MutationMeta, answer: Answer, now: Date): Promise<void> {
  await recordAnswer(trx, meta, answer);
  if (meta.terminal) await atCommit(trx, setTerminalSeq(trx, meta.terminal.id, meta.terminal.seq, now));
}

/** What an answer leaves in its key's record. */
function storedAnswerOf(answer: Answer): StoredAnswer {
  return { status: answer.status, body: answer.body, withheld: answer.shownOnce === true };
}

async function recordAnswer(trx: Trx, meta: MutationMeta, answer: Answer): Promise<void> {
  // Nothing reads these back in the transaction: they go with its last statement.
  if (meta.idempotencyKey)
    await atCommit(trx, completeKey(trx, meta.orgId, meta.idempotencyKey, storedAnswerOf(answer)));
}

/** One of a terminal's pushed mutations: its key and number, and the effect its route runs. */
export interface TerminalMutation {
  meta: MutationMeta & { idempotencyKey: string; terminal: { id: string; seq: number } };
  effect: (trx: Trx) => Promise<Answer>;
  /**
   * When set, consecutive mutations with the same `with` may run together through `run` (given
   * each one's `input`), answered each as `effect` would answer it, a refusal as its AppError.
   */
  together?: {
    with: object;
    input: unknown;
    run: (trx: Trx, inputs: readonly unknown[]) => Promise<(Answer | AppError)[]>;
  };
}

/** An answer after which the rest of a batch is not tried: the terminal sends it again. */
function mustResend(answer: Answer): boolean {
  if (answer.status >= 500) return true;
  const body = answer.body as { id?: unknown } | null;
  return typeof body === 'object' && body !== null && body.id === 'mutation_out_of_order';
}

/**
 * A batch's transaction is tried again from the start, with mutation `at` run in a savepoint;
 * `together` when mutations run together failed: the rest of the batch runs one by one.
 */
class TryAgain extends Error {
  constructor(
    readonly at: number,
    readonly together = false,
  ) {
    super(`mutation ${at} of the batch failed`);
  }
}

/**
 * A terminal's mutations (consecutive numbers, distinct keys) applied in order, each answered as
 * runMutation would answer it alone, in as few transactions as it takes: one when nothing is
 * refused. Effects run without savepoints (each costs two round trips); when one throws, the
 * transaction is rolled back and tried again with that mutation in a savepoint, which then plays
 * the part of runMutation's own transaction (a refused effect is undone and still takes its
 * number and keeps its refusal; an unexpected failure is undone, answered 500, and ends the
 * batch), and the transaction commits right after it. So a mutation is applied at most twice
 * before it commits, and once for good. Each transaction commits its mutations with the terminal's
 * last number in one statement: a crash before a commit leaves its mutations unapplied, and the
 * terminal's replay applies them; nothing skipped, nothing repeated. Stops after the first answer
 * that must be sent again (mustResend).
 */
export async function runTerminalMutations(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  terminalId: string,
  mutations: readonly TerminalMutation[],
): Promise<Answer[]> {
  if (new Set(mutations.map((m) => m.meta.idempotencyKey)).size !== mutations.length) {
    throw new Error('A batch of mutations must not repeat an idempotency key');
  }
  const answers: Answer[] = [];
  let rest = mutations;
  let suspect: number | null = null;
  let together = true;
  while (rest.length > 0) {
    let run: { answers: Answer[]; stop: boolean };
    try {
      run = await applyRun(deps, terminalId, rest, suspect, together);
    } catch (error) {
      if (!(error instanceof TryAgain)) throw error;
      suspect = error.at;
      if (error.together) together = false;
      continue;
    }
    answers.push(...run.answers);
    if (run.stop) break;
    rest = rest.slice(run.answers.length);
    suspect = null;
  }
  return answers;
}

/**
 * One transaction over `rest`, up to its end, to the first answer that must be sent again, or to
 * `suspect` (run in a savepoint). Throws TryAgain, rolling it back, when an effect throws.
 */
function applyRun(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  terminalId: string,
  rest: readonly TerminalMutation[],
  suspect: number | null,
  together: boolean,
): Promise<{ answers: Answer[]; stop: boolean }> {
  return writeTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const locked = await lockTerminalSeq(trx, terminalId);
    let last = locked;
    // Keys of the mutations not applied yet, claimed in one statement rather than one each.
    const fresh = rest.filter((m) => m.meta.terminal.seq > locked);
    const claimed = await claimKeys(
      trx,
      fresh.map((m) => claimOf(m.meta, now)),
      idempotencyCutoff(now),
    );
    const kept = new Set<string>();
    const answers: Answer[] = [];
    // The answers to store, all in one statement at commit (completeKeys), not one each.
    const stored: KeyAnswer[] = [];
    const store = (meta: TerminalMutation['meta'], answer: Answer) => {
      stored.push({ key: meta.idempotencyKey, ...storedAnswerOf(answer) });
      kept.add(meta.idempotencyKey);
    };
    let stop = false;
    for (let i = 0; i < rest.length; i += 1) {
      const { meta, effect } = rest[i] as TerminalMutation;
      const group = together ? groupAt(rest, i, suspect ?? rest.length, last, claimed) : [];
      if (group.length > 1) {
        // Each applied or refused in its turn (nothing in a group is a repeat or must be resent).
        for (const [k, answer] of (await runTogether(trx, group, i)).entries()) {
          const { meta: member } = group[k] as TerminalMutation;
          store(member, answer);
          last = member.terminal.seq;
          answers.push(answer);
        }
        i += group.length - 1;
        continue;
      }
      let answer: Answer;
      try {
        const early = await checkTurn(trx, meta, now, last, claimed.has(meta.idempotencyKey));
        let applied: Answer | null = null;
        if (!early) {
          applied = i === suspect ? await inSavepointOrNull(trx, meta, effect, deps.log) : await fast(effect, trx, i);
          if (applied) {
            store(meta, applied);
            last = meta.terminal.seq;
          }
        }
        // Neither a repeat nor applied: it failed unexpectedly, and its number stays free.
        answer = early ?? applied ?? { status: 500, body: INTERNAL_ERROR_BODY };
      } catch (error) {
        // Out of order, or a key reused for another request: refused before anything was written.
        if (!(error instanceof AppError)) throw error;
        answer = { status: error.status, body: error.body() };
      }
      answers.push(answer);
      if (mustResend(answer)) stop = true;
      if (stop || i === suspect) break;
    }
    // Claims of mutations this transaction did not apply are let go: they are claimed again when
    // their turn comes.
    const unused = [...claimed].filter((key) => !kept.has(key));
    const orgId = rest[0]?.meta.orgId;
    if (stored.length > 0 && orgId) await atCommit(trx, completeKeys(trx, orgId, stored));
    if (unused.length > 0 && orgId) await atCommit(trx, releaseKeys(trx, orgId, unused));
    if (last !== locked) await atCommit(trx, setTerminalSeq(trx, terminalId, last, now));
    return { answers, stop };
  });
}

/**
 * The mutations from `at` that run together: next to each other, of the same `together.with`, in
 * turn after `last` (so none is a repeat or out of order), claimed by this transaction, and before
 * `end` (a suspect runs alone).
 */
function groupAt(
  rest: readonly TerminalMutation[],
  at: number,
  end: number,
  last: number,
  claimed: ReadonlySet<string>,
): TerminalMutation[] {
  const kind = rest[at]?.together?.with;
  const group: TerminalMutation[] = [];
  for (let i = at; i < end; i += 1) {
    const m = rest[i] as TerminalMutation;
    if (kind === undefined || m.together?.with !== kind) break;
    if (m.meta.terminal.seq !== last + 1 + group.length || !claimed.has(m.meta.idempotencyKey)) break;
    group.push(m);
  }
  return group;
}

/**
 * Runs a group together. Anything unexpected (a database failure, or an answer that would end the
 * batch) rolls the transaction back: it is tried again with the group's first mutation alone in a
 * savepoint, and the batch goes on one mutation at a time.
 */
async function runTogether(trx: Trx, group: readonly TerminalMutation[], at: number): Promise<Answer[]> {
  const [first] = group;
  if (!first?.together) throw new Error('An empty group of mutations');
  let outcomes: (Answer | AppError)[];
  try {
    outcomes = await first.together.run(
      trx,
      group.map((m) => m.together?.input),
    );
  } catch {
    throw new TryAgain(at, true);
  }
  if (outcomes.length !== group.length) throw new Error('A group of mutations was not answered one by one');
  const answers = outcomes.map((o) => (o instanceof AppError ? { status: o.status, body: o.body() } : o));
  if (answers.some((a) => a.status >= 500 || mustResend(a))) throw new TryAgain(at, true);
  return answers;
}

/** An effect without a savepoint: if it throws, the transaction is tried again. */
async function fast(effect: (trx: Trx) => Promise<Answer>, trx: Trx, at: number): Promise<Answer> {
  try {
    return await effect(trx);
  } catch {
    throw new TryAgain(at);
  }
}

/** An effect in a savepoint: a refusal is its answer; null when it failed unexpectedly (undone). */
async function inSavepointOrNull(
  trx: Trx,
  meta: MutationMeta,
  effect: (trx: Trx) => Promise<Answer>,
  log: Logger,
): Promise<Answer | null> {
  try {
    return await inSavepoint(trx, effect);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, body: error.body() };
    log.error(
      { err: error, terminalSeq: meta.terminal?.seq, method: meta.method, path: meta.path },
      'pushed mutation failed unexpectedly',
    );
    return null;
  }
}
