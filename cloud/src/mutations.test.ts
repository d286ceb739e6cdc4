import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from './context.js';
import { startExpirySweeper } from './expiry-sweeper.js';
import { createLogger } from './log/logger.js';
import { canonicalJson, IDEMPOTENCY_TTL_MS, type MutationMeta, runMutation } from './mutations.js';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { type Fixture, seedFixture } from './testkit/fixture.js';

let database: TestDatabase;
let fixture: Fixture;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await seedFixture(database.db);
});
afterAll(async () => {
  await database?.drop();
});

const deps = () => ({ db: database.db, now });
const meta = (key: string, body: unknown): MutationMeta => ({
  orgId: fixture.a.orgId,
  principal: 'staff:someone',
  method: 'POST',
  path: '/api/tasks',
  body,
  idempotencyKey: key,
});
/** An effect that writes a task, so a test can count what it changed. */
const addTask = async (trx: Trx) => {
  const [row] = await trx('tasks')
    .insert({ org_id: fixture.a.orgId, venue_id: fixture.a.venueId, type: 'CLEAN' })
    .returning('id');
  return { status: 201, body: { id: row.id } };
};
const tasks = async () => Number((await database.db('tasks').count({ n: '*' }))[0]?.n);

describe('idempotency records', () => {
  it('replays the same request, whatever the order of its body keys', async () => {
    const first = await runMutation(deps(), meta('same', { a: 1, b: [1, { c: 2, d: 3 }] }), addTask);
    const before = await tasks();
    const again = await runMutation(deps(), meta('same', { b: [1, { d: 3, c: 2 }], a: 1 }), addTask);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await tasks()).toBe(before);
  });

  it('refuses the same key with another body with 422 and changes nothing', async () => {
    await runMutation(deps(), meta('body', { name: 'first' }), addTask);
    const before = await tasks();
    const stored = await database.db('idempotency_keys').where({ key: 'body' }).first();
    const refused = runMutation(deps(), meta('body', { name: 'second' }), addTask);
    await expect(refused).rejects.toMatchObject({
      status: 422,
      id: 'idempotency_key_reused',
      message: MESSAGES.idempotencyKeyReused,
    });
    expect(await tasks()).toBe(before);
    expect(await database.db('idempotency_keys').where({ key: 'body' }).first()).toEqual(stored);
    // A request without a body is another request too.
    await expect(runMutation(deps(), meta('body', undefined), addTask)).rejects.toMatchObject({ status: 422 });
  });

  it('matches a record from before request hashes on sender, method and path', async () => {
    await database.db('idempotency_keys').insert({
      org_id: fixture.a.orgId,
      key: 'legacy',
      principal: 'staff:someone',
      method: 'POST',
      path: '/api/tasks',
      status_code: 201,
      response_json: JSON.stringify({ id: 'old' }),
    });
    const replay = await runMutation(deps(), meta('legacy', { anything: true }), addTask);
    expect(replay).toEqual({ status: 201, body: { id: 'old' }, replayed: true });
  });

  it('forgets a key after 24 hours: the same key then runs as a new request, and the sweep deletes old records', async () => {
    offsetMs = 0;
    const first = await runMutation(deps(), meta('day-old', { n: 1 }), addTask);
    await runMutation(deps(), meta('also-day-old', { n: 1 }), addTask);
    offsetMs = IDEMPOTENCY_TTL_MS - 60_000;
    expect((await runMutation(deps(), meta('day-old', { n: 1 }), addTask)).replayed).toBe(true);

    offsetMs = IDEMPOTENCY_TTL_MS + 60_000;
    const before = await tasks();
    // Even with another body: the old record no longer counts.
    const second = await runMutation(deps(), meta('day-old', { n: 2 }), addTask);
    expect(second.replayed).toBeUndefined();
    expect(second.body).not.toEqual(first.body);
    expect(await tasks()).toBe(before + 1);
    expect((await runMutation(deps(), meta('day-old', { n: 2 }), addTask)).replayed).toBe(true);

    // Every other record is more than a day old now; 'day-old' was claimed again just now.
    const sweeper = startExpirySweeper({ ...deps(), log: createLogger({ level: 'silent' }) }, 3_600_000);
    expect(await sweeper.tick()).toBeGreaterThan(0);
    await sweeper.stop();
    const left = await database.db('idempotency_keys').pluck('key');
    expect(left).toContain('day-old');
    expect(left).not.toContain('also-day-old');
    expect(left).not.toContain('same');
    offsetMs = 0;
  });

  it('keeps only the status of an answer shown once, and refuses its replay', async () => {
    const secret = 'twt_secret-credential';
    const shown = await runMutation(deps(), meta('once', { name: 'Bar' }), async (trx) => ({
      ...(await addTask(trx)),
      body: { credential: secret },
      shownOnce: true,
    }));
    expect(shown.body).toEqual({ credential: secret });
    const stored = await database.db('idempotency_keys').where({ key: 'once' }).first();
    expect(stored).toMatchObject({ status_code: 201, response_json: null, answer_withheld: true });
    expect(JSON.stringify(stored)).not.toContain(secret);
    const before = await tasks();
    await expect(runMutation(deps(), meta('once', { name: 'Bar' }), addTask)).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.idempotentAnswerShownOnce,
    });
    expect(await tasks()).toBe(before);
  });
});

describe('the canonical JSON a request is hashed by', () => {
  it("sorts every object's keys, leaves undefined members out and keeps arrays in order, as stored hashes expect", () => {
    const body = {
      sessionId: 's',
      items: [
        { quantity: 2, menuItemId: 'm', modifiers: [{ optionIds: ['b', 'a'], groupId: 'g' }], note: undefined },
        { Z: null, a: 'é "quoted" \\', _: [undefined, 1.5, true] },
      ],
      id: undefined,
      '10': 1,
      '9': 2,
    };
    expect(canonicalJson(['POST', '/api/orders', body])).toBe(
      '["POST","/api/orders",{"10":1,"9":2,"items":[{"menuItemId":"m","modifiers":[{"groupId":"g","optionIds":["b","a"]}],"quantity":2},{"Z":null,"_":[null,1.5,true],"a":"é \\"quoted\\" \\\\"}],"sessionId":"s"}]',
    );
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson({ a: undefined })).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
  });
});
