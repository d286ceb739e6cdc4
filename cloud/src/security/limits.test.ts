// The limit store (issue 27): two instances on one PostgreSQL allow together what one allows, for
// every limit built on it (guest scans, check-ins, orders, payments, assistance, sign-in).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { consumeOrWait, type LimitStore, postgresLimits } from './limits.js';

let database: TestDatabase;
let first: LimitStore;
let second: LimitStore;
beforeAll(async () => {
  database = await createTestDatabase();
  first = postgresLimits(database.url);
  second = postgresLimits(database.url);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

it('counts one window across instances: N instances allow what one allows', async () => {
  const spec = { keyPrefix: 'test:checkin:address', points: 4, duration: 60 };
  const [a, b] = [first.limiter(spec), second.limiter(spec)];
  const waits = [];
  for (let i = 0; i < 8; i += 1) waits.push(await consumeOrWait(i % 2 === 0 ? a : b, '203.0.113.5'));
  expect(waits.map((w) => w === null)).toEqual([true, true, true, true, false, false, false, false]);
  expect(waits[7]).toBeGreaterThan(0);
  expect(waits[7]).toBeLessThanOrEqual(60_000);
  // Another key, and the same key under another limit, count apart.
  expect(await consumeOrWait(b, '203.0.113.6')).toBeNull();
  expect(await consumeOrWait(second.limiter({ ...spec, keyPrefix: 'test:order:address' }), '203.0.113.5')).toBeNull();
  const row = await database.db('rate_limits').where({ key: 'test:checkin:address:203.0.113.5' }).first();
  expect(row.points).toBe(8);
});

it('keeps counting in memory when PostgreSQL refuses, rather than refusing every guest', async () => {
  const lost = postgresLimits('postgres://nobody@127.0.0.1:1/none');
  try {
    const limiter = lost.limiter({ keyPrefix: 'test:lost', points: 2, duration: 60 });
    expect(await consumeOrWait(limiter, 'k')).toBeNull();
    expect(await consumeOrWait(limiter, 'k')).toBeNull();
    expect(await consumeOrWait(limiter, 'k')).not.toBeNull();
  } finally {
    await lost.close();
  }
});
