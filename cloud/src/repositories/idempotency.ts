import type { Knex } from 'knex';
import type { Db, Queryable, Trx } from '../context.js';
import type { IdempotencyRow } from './rows.js';

/** Status stored while the first request with a key is still running. */
const IN_FLIGHT = 0;

export type Claim = Pick<
  IdempotencyRow,
  'org_id' | 'key' | 'principal' | 'method' | 'path' | 'request_hash' | 'created_at'
>;

/**
 * Claims a key; a record made before `expiredBefore` no longer counts and is taken over. When
 * another transaction holds the same key uncommitted, PostgreSQL makes this insert wait for it,
 * so a concurrent repeat resumes after the first commits and then replays.
 */
export async function claimKey(trx: Trx, row: Claim, expiredBefore: Date): Promise<boolean> {
  return (await claimKeys(trx, [row], expiredBefore)).size > 0;
}

/** claimKey for many keys (all distinct) in one statement; answers the keys claimed. */
export async function claimKeys(trx: Trx, rows: readonly Claim[], expiredBefore: Date): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted: { key: string }[] = await claimStatement(trx, rows, expiredBefore);
  return new Set(inserted.map((r) => r.key));
}

/** The statement claimKeys runs, unrun, returning each key claimed (to run inside another). */
export function claimStatement(trx: Trx, rows: readonly Claim[], expiredBefore: Date): Knex.QueryBuilder {
  return trx('idempotency_keys')
    .insert(rows.map((row) => ({ ...row, status_code: IN_FLIGHT, response_json: null, answer_withheld: false })))
    .onConflict(['org_id', 'key'])
    .merge()
    .where('idempotency_keys.created_at', '<', expiredBefore)
    .returning('key');
}

/** Lets go of claims never answered (still in flight); answers the statement, unrun. */
export function releaseKeys(trx: Trx, orgId: string, keys: readonly string[]): Knex.QueryBuilder {
  return trx('idempotency_keys').where({ org_id: orgId, status_code: IN_FLIGHT }).whereIn('key', keys).delete();
}

/** The record of a key, unless it was made before `expiredBefore`. */
export async function findKey(
  trx: Queryable,
  orgId: string,
  key: string,
  expiredBefore: Date,
): Promise<IdempotencyRow | undefined> {
  return trx<IdempotencyRow>('idempotency_keys')
    .where({ org_id: orgId, key })
    .andWhere('created_at', '>=', expiredBefore)
    .first();
}

/** An answer to store under a key. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  withheld: boolean;
}

/** An answer with the key it goes under (completeKeys). */
export interface KeyAnswer extends StoredAnswer {
  key: string;
}

/**
 * The record's columns for an answer: a withheld one keeps only its status; a body of null is kept
 * as JSON null. The JSON goes as text, so completeKeys can carry it inside its own JSON parameter.
 */
function answerColumns(answer: StoredAnswer) {
  return {
    status_code: answer.status,
    response_json: answer.withheld ? null : JSON.stringify(answer.body ?? null),
    answer_withheld: answer.withheld,
  };
}

/**
 * Stores the answer; a withheld one keeps only its status. Answers the statement, unrun, so it can
 * go with the transaction's last one (atCommit); await it to run it alone.
 */
export function completeKey(trx: Trx, orgId: string, key: string, answer: StoredAnswer): Knex.QueryBuilder {
  return trx('idempotency_keys').where({ org_id: orgId, key }).update(answerColumns(answer));
}

/**
 * completeKey for many keys of one organization (all distinct), in one statement whose text is the
 * same however many there are: the answers go as one JSON parameter. A batch of a terminal's
 * mutations stores its answers with this rather than one UPDATE each, which PostgreSQL would plan
 * one by one. Each record is left exactly as completeKey leaves it. Answers the statement, unrun.
 */
export function completeKeys(trx: Trx, orgId: string, answers: readonly KeyAnswer[]): Knex.QueryBuilder {
  const rows = answers.map((a) => ({ key: a.key, ...answerColumns(a) }));
  return trx('idempotency_keys as k')
    .where('k.org_id', orgId)
    .whereRaw('k.key = a.key')
    .update({
      status_code: trx.raw('a.status_code'),
      response_json: trx.raw('a.response_json::jsonb'),
      answer_withheld: trx.raw('a.answer_withheld'),
    })
    .updateFrom(
      trx.raw(
        'jsonb_to_recordset(?::jsonb) as a(key text, status_code integer, response_json text, answer_withheld boolean)',
        [JSON.stringify(rows)],
      ),
    );
}

/** Deletes at most `limit` records made before `expiredBefore`; answers how many. */
export async function deleteExpiredKeys(db: Db, expiredBefore: Date, limit: number): Promise<number> {
  return db('idempotency_keys')
    .whereIn(
      ['org_id', 'key'],
      db('idempotency_keys').select('org_id', 'key').where('created_at', '<', expiredBefore).limit(limit),
    )
    .delete();
}
