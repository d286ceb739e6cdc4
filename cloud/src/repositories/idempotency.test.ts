// completeKeys stores a batch's answers in one statement, each record exactly as completeKey
// leaves it: a body of null as JSON null, a withheld answer as none, and only the organization's
// own keys touched.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { type Claim, claimKeys, completeKey, completeKeys, type KeyAnswer } from './idempotency.js';

let database: TestDatabase;
const orgA = randomUUID();
const orgB = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db('organizations').insert([
    { id: orgA, name: 'A' },
    { id: orgB, name: 'B' },
  ]);
});
afterAll(async () => {
  await database?.drop();
});

const claim = (orgId: string, key: string): Claim => ({
  org_id: orgId,
  key,
  principal: 'terminal:t1',
  method: 'POST',
  path: '/api/print-jobs/x/report',
  request_hash: 'h',
  created_at: new Date(),
});

/** Each key's record as [status, answer as JSON text, withheld]. */
async function records(
  orgId: string,
  keys: readonly string[],
): Promise<Record<string, [number, string | null, boolean]>> {
  const rows: { key: string; status_code: number; response: string | null; answer_withheld: boolean }[] = await database
    .db('idempotency_keys')
    .where({ org_id: orgId })
    .whereIn('key', [...keys])
    .select('key', 'status_code', 'answer_withheld', database.db.raw('response_json::text as response'));
  return Object.fromEntries(rows.map((r) => [r.key, [r.status_code, r.response, r.answer_withheld]]));
}

it('stores each answer as completeKey does, in one statement, and only for the organization named', async () => {
  const answers: KeyAnswer[] = [
    { key: 'ok', status: 200, body: { id: 'j1', status: 'COMPLETED', note: 'it\'s "quoted"' }, withheld: false },
    { key: 'empty', status: 204, body: null, withheld: false },
    { key: 'undefined', status: 200, body: undefined, withheld: false },
    { key: 'secret', status: 201, body: { credential: 'shown once' }, withheld: true },
    { key: 'refused', status: 409, body: { error: { code: 'conflict', message: 'No' } }, withheld: false },
  ];
  const keys = answers.map((a) => a.key);
  const batch = keys.map((k) => `batch-${k}`);
  const single = keys.map((k) => `single-${k}`);
  await database.db.transaction(async (trx) => {
    const now = new Date(0);
    await claimKeys(
      trx,
      [...batch, ...single].map((k) => claim(orgA, k)),
      now,
    );
    // The same keys in another organization, still in flight: the batch must leave them so.
    await claimKeys(
      trx,
      batch.map((k) => claim(orgB, k)),
      now,
    );
    await completeKeys(
      trx,
      orgA,
      answers.map((a, i) => ({ ...a, key: batch[i] as string })),
    );
    for (const [i, a] of answers.entries()) await completeKey(trx, orgA, single[i] as string, a);
  });

  const stored = await records(orgA, [...batch, ...single]);
  for (const [i, key] of keys.entries()) {
    expect(stored[batch[i] as string], key).toEqual(stored[single[i] as string]);
  }
  expect(stored['batch-empty']).toEqual([204, 'null', false]);
  expect(stored['batch-secret']).toEqual([201, null, true]);
  expect(JSON.parse(stored['batch-ok']?.[1] ?? 'null')).toEqual(answers[0]?.body);
  expect(Object.values(await records(orgB, batch)).map(([status, response]) => [status, response])).toEqual(
    batch.map(() => [0, null]),
  );
});

it('is one statement whatever the number of answers', async () => {
  const sql = (n: number) =>
    completeKeys(
      database.db as never,
      orgA,
      Array.from({ length: n }, (_, i) => ({ key: `k${i}`, status: 200, body: { i }, withheld: false })),
    ).toSQL().sql;
  expect(sql(1)).toBe(sql(150));
});
