import type { Trx } from '../context.js';
import type { IdempotencyRow } from './rows.js';

/** Status stored while the first request with a key is still running. */
const IN_FLIGHT = 0;

/**
 * Claims a key. When another transaction holds the same key uncommitted, PostgreSQL makes this
 * insert wait for it, so a concurrent repeat resumes after the first commits and then replays.
 */
export async function claimKey(
  trx: Trx,
  row: Pick<IdempotencyRow, 'org_id' | 'key' | 'principal' | 'method' | 'path'>,
): Promise<boolean> {
  const inserted = await trx('idempotency_keys')
    .insert({ ...row, status_code: IN_FLIGHT })
    .onConflict(['org_id', 'key'])
    .ignore()
    .returning('key');
  return inserted.length > 0;
}

export async function findKey(trx: Trx, orgId: string, key: string): Promise<IdempotencyRow | undefined> {
  return trx<IdempotencyRow>('idempotency_keys').where({ org_id: orgId, key }).first();
}

export async function completeKey(trx: Trx, orgId: string, key: string, status: number, body: unknown): Promise<void> {
  await trx('idempotency_keys')
    .where({ org_id: orgId, key })
    .update({ status_code: status, response_json: JSON.stringify(body ?? null) });
}
