// The stuck-state check (spec 3 section 4: every 5 minutes) against a real cloud: GET
// /api/tables/stuck-states reports LONG_CLEANING, STUCK_QA and ABANDONED_SESSION with the spec's
// texts and changes nothing; the periodic check runs once per interval however many instances ask
// (two clouds on one database, at the same moment), a restarted instance neither runs it early nor
// skips it, abandoned tables go to CLEANING with a task, warnings reach staff live, and a party
// notified too long ago gives its turn to the next.
import { randomUUID } from 'node:crypto';
import { MESSAGES, TURNOVER } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../server.js';
import { type Client, type Harness, LiveSocket, loginAs, startHarness } from '../../testkit/harness.js';

const INTERVAL_MS = 60_000;

let h: Harness;
let host: Client;
let second: RunningCloud;
beforeAll(async () => {
  // The instances poll rarely: the test asks each for its check, as its timer would.
  h = await startHarness({ stuckCheckIntervalMs: INTERVAL_MS, stuckCheckPollMs: 3_600_000 });
  second = await h.startAnother();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;
const table = (i: number) => h.fixture.a.tableIds[i] as string;
const numberOf = async (id: string) => (await db()('tables').where({ id }).first('number')).number as string;
const minutesAgo = (m: number) => new Date(h.clock.now().getTime() - m * 60_000);
const stuckEvents = () => db()('events').where({ type: 'table.stuck' });

describe('the stuck-state check', () => {
  it('reports stuck tables with the spec texts, and reading changes nothing', async () => {
    await db()('tables')
      .where({ id: table(0) })
      .update({ state: 'CLEANING', updated_at: minutesAgo(31) });
    await db()('tables')
      .where({ id: table(1) })
      .update({ state: 'QA_CHECK', updated_at: minutesAgo(16) });
    await db()('tables')
      .where({ id: table(2) })
      .update({ state: 'EATING', updated_at: minutesAgo(181) });
    const reply = await host.get('/api/tables/stuck-states');
    expect(reply.status).toBe(200);
    const numbers = await Promise.all([0, 1, 2].map((i) => numberOf(table(i))));
    expect(reply.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: table(0),
          issue: 'LONG_CLEANING',
          message: MESSAGES.longCleaning(numbers[0] as string),
        }),
        expect.objectContaining({ id: table(1), issue: 'STUCK_QA', message: MESSAGES.qaOverdue(numbers[1] as string) }),
        expect.objectContaining({ id: table(2), issue: 'ABANDONED_SESSION' }),
      ]),
    );
    expect(reply.body).toHaveLength(3);
    expect(
      (
        await db()('tables')
          .where({ id: table(2) })
          .first('state')
      ).state,
    ).toBe('EATING');
  });

  it('runs once per interval across two instances, moves abandoned tables and tells staff live', async () => {
    const socket = await LiveSocket.open(h.cloud.url, { cookie: host.cookieHeader() });
    socket.send({ type: 'subscribe' });
    await socket.next((m) => m.type === 'hello');
    const runs = await Promise.all([h.cloud.checkStuckTables(), second.checkStuckTables()]);
    // One instance ran it (three tables acted on), the other found it taken or done.
    expect(runs.filter((n) => n === -1)).toHaveLength(1);
    expect(runs.filter((n) => n === 3)).toHaveLength(1);
    expect(await stuckEvents()).toHaveLength(3);
    expect(
      (
        await db()('tables')
          .where({ id: table(2) })
          .first('state')
      ).state,
    ).toBe('CLEANING');
    expect(await db()('tasks').where({ target_table_id: table(2), type: 'CLEAN' })).toHaveLength(1);
    const heard = await socket.next((m) => m.type === 'table.stuck' && m.tableId === table(0));
    expect(heard).toMatchObject({ issue: 'LONG_CLEANING', message: MESSAGES.longCleaning(await numberOf(table(0))) });
    await socket.close();

    // Asked again within the interval, neither runs it.
    expect(await Promise.all([h.cloud.checkStuckTables(), second.checkStuckTables()])).toEqual([-1, -1]);
    expect(await stuckEvents()).toHaveLength(3);
  });

  it('a restarted instance runs neither early nor late, and a timed-out party gives way to the next', async () => {
    await second.close();
    const restarted = await h.startAnother();
    expect(await restarted.checkStuckTables()).toBe(-1);

    // A party notified long ago and never seated loses its turn; the next party is notified.
    const late = (await host.post('/api/waitlist', { guestName: 'Late', partySize: 2 })).body.id as string;
    const next = (await host.post('/api/waitlist', { guestName: 'Next', partySize: 2 })).body.id as string;
    await db()('waitlist')
      .where({ id: late })
      .update({ status: 'NOTIFIED', notified_at: minutesAgo(TURNOVER.waitlistTimeoutMinutes + 1) });

    h.clock.offsetMs += INTERVAL_MS;
    const runs = await Promise.all([restarted.checkStuckTables(), h.cloud.checkStuckTables()]);
    expect(runs.filter((n) => n === -1)).toHaveLength(1);
    // Tables 0 and 1 still stuck (warned again), table 2 now cleaning for a minute, one party.
    expect(runs.filter((n) => n === 3)).toHaveLength(1);
    expect(await stuckEvents()).toHaveLength(5);
    const statuses = Object.fromEntries(
      (await db()('waitlist').whereIn('id', [late, next]).select('id', 'status')).map((r) => [r.id, r.status]),
    );
    expect(statuses).toEqual({ [late]: 'CANCELLED', [next]: 'NOTIFIED' });
    expect((await db()('periodic_runs').where({ name: 'stuck-state-check' })).length).toBe(1);
  });

  it('counts a recent order as activity: a party still ordering is not abandoned', async () => {
    const { orgId, venueId } = h.fixture.a;
    const sessionId = randomUUID();
    const orderId = randomUUID();
    await db()('sessions').insert({
      id: sessionId,
      org_id: orgId,
      venue_id: venueId,
      table_id: table(0),
      party_size: 2,
    });
    await db()('orders').insert({ id: orderId, org_id: orgId, venue_id: venueId, session_id: sessionId });
    await db()('orders')
      .where({ id: orderId })
      .update({ created_at: minutesAgo(5) });
    await db()('tables')
      .where({ id: table(0) })
      .update({ state: 'EATING', updated_at: minutesAgo(240) });
    const issuesOf = async () =>
      ((await host.get('/api/tables/stuck-states')).body as { id: string; issue: string }[])
        .filter((r) => r.id === table(0))
        .map((r) => r.issue);
    expect(await issuesOf()).toEqual([]);
    await db()('orders')
      .where({ id: orderId })
      .update({ created_at: minutesAgo(200) });
    expect(await issuesOf()).toEqual(['ABANDONED_SESSION']);
  });
});
