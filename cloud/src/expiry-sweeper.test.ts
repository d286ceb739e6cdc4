import { afterAll, beforeAll, expect, it } from 'vitest';
import { startExpirySweeper } from './expiry-sweeper.js';
import { createLogger } from './log/logger.js';
import { IDEMPOTENCY_TTL_MS } from './mutations.js';
import { deleteExpiredKeys } from './repositories/idempotency.js';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { type Fixture, seedFixture } from './testkit/fixture.js';

let database: TestDatabase;
let fixture: Fixture;
beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await seedFixture(database.db);
});
afterAll(async () => {
  await database?.drop();
});

const dayAgo = (extraMs: number) => new Date(Date.now() - IDEMPOTENCY_TTL_MS - extraMs);
const records = (n: number, prefix: string, createdAt: Date) =>
  Array.from({ length: n }, (_, i) => ({
    org_id: fixture.a.orgId,
    key: `${prefix}-${i}`,
    principal: 'staff:x',
    method: 'POST',
    path: '/api/orders',
    status_code: 201,
    created_at: createdAt,
  }));

it('deletes expired records in bounded batches until none is left, and keeps the rest', async () => {
  await database.db.batchInsert('idempotency_keys', records(1201, 'old', dayAgo(60_000)), 500);
  await database.db('idempotency_keys').insert(records(3, 'new', new Date()));
  expect(await deleteExpiredKeys(database.db, dayAgo(0), 500)).toBe(500);

  const sweeper = startExpirySweeper(
    { db: database.db, now: () => new Date(), log: createLogger({ level: 'silent' }) },
    3_600_000,
  );
  expect(await sweeper.tick()).toBe(701);
  expect(await sweeper.tick()).toBe(0);
  await sweeper.stop();
  expect(await database.db('idempotency_keys').orderBy('key').pluck('key')).toEqual(['new-0', 'new-1', 'new-2']);
});
