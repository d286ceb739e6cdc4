// The live fan-out on a process of its own: events cross from the writers, through PostgreSQL, to
// the children that feed the sockets (two an instance here, the sockets spread over them), in
// sequence order and without gaps on every socket of every instance; a child that dies is
// replaced, and its clients resume from their cursor.

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log/logger.js';
import type { RunningCloud } from '../server.js';
import { type Client, type Harness, LiveSocket, loginAs, seqOf, startHarness } from '../testkit/harness.js';
import { appendEvent, writeTransaction } from './append-event.js';
import { FanoutPool } from './fanout-process.js';
import { REVOKED_CLOSE_CODE } from './live-gate.js';

let h: Harness;
let staff: Client;
beforeAll(async () => {
  h = await startHarness({ liveFanout: 'process', liveFanoutProcesses: 2 });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const venueSeq = async (venueId: string) =>
  Number((await h.database.db('venues').where({ id: venueId }).first()).event_seq);

/** The sequence numbers a socket received after `after`, in the order they came. */
const seqsAfter = (socket: LiveSocket, after: number) => socket.messages.map(seqOf).filter((s) => s > after);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Commits `count` writes at once in venue a, each with one or two events; answers how many events. */
async function concurrentWrites(count: number): Promise<number> {
  const { orgId, venueId } = h.fixture.a;
  const event = (n: number) => ({ type: 'guest.checkedin', session: { id: randomUUID(), n } }) as never;
  const sizes = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      writeTransaction(h.database.db, async (trx) => {
        await appendEvent(trx, { orgId, venueId, event: event(i) });
        if (i % 2 === 0) await appendEvent(trx, { orgId, venueId, event: event(i) });
        return i % 2 === 0 ? 2 : 1;
      }),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** Polls until `check` answers a value (the child's restart takes a moment). */
async function until<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('live fan-out process', () => {
  it('runs the hub on child processes of its own', () => {
    const pids = h.cloud.fanoutPids();
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(process.pid);
    for (const pid of pids) expect(alive(pid)).toBe(true);
  });

  it('delivers concurrent writers’ events in sequence order, gap-free, to every socket of two instances', async () => {
    const other = await h.startAnother();
    expect(other.fanoutPids().filter((pid) => h.cloud.fanoutPids().includes(pid))).toEqual([]);
    const open = (cloud: RunningCloud) => LiveSocket.open(cloud.url, { cookie: staff.cookieHeader() });
    const sockets = await Promise.all([open(h.cloud), open(h.cloud), open(h.cloud), open(other), open(other)]);
    await Promise.all(sockets.map((s) => s.next((m) => m.type === 'hello')));
    const cursor = await venueSeq(h.fixture.a.venueId);

    const written = (await concurrentWrites(30)) + (await concurrentWrites(30));
    const last = cursor + written;
    expect(await venueSeq(h.fixture.a.venueId)).toBe(last);
    for (const socket of sockets) {
      await socket.next((m) => seqOf(m) === last);
      expect(seqsAfter(socket, cursor)).toEqual(range(cursor + 1, last));
    }
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('starts another child when it dies; clients reconnect and resume from their cursor without gaps', async () => {
    const first = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await first.next((m) => m.type === 'hello');
    const cursor = await venueSeq(h.fixture.a.venueId);
    const before = await concurrentWrites(5);
    await first.next((m) => seqOf(m) === cursor + before);
    const closed = new Promise<number>((resolve) => first.ws.once('close', (code) => resolve(code)));

    const dead = h.cloud.fanoutPids();
    for (const pid of dead) process.kill(pid, 'SIGKILL');
    // The child's sockets end with it (no close frame).
    expect(await closed).toBe(1006);
    // Written while no child runs: nobody is told, the table keeps them.
    const during = await concurrentWrites(5);
    const next = await until(() => {
      const pids = h.cloud.fanoutPids();
      return pids.length === 2 && !pids.some((pid) => dead.includes(pid)) ? pids : undefined;
    }, 'new fan-out processes');
    for (const pid of dead) expect(alive(pid)).toBe(false);
    for (const pid of next) expect(alive(pid)).toBe(true);

    const got = seqsAfter(first, cursor);
    expect(got).toEqual(range(cursor + 1, cursor + before));
    const again = await LiveSocket.open(h.cloud.url, { cookie: staff.cookieHeader() });
    await again.next((m) => m.type === 'hello');
    again.send({ type: 'subscribe', after: got.at(-1) });
    // The missed events come first. Writing before they have arrived would race the subscribe: the
    // socket is live from its admission, so new events could reach it ahead of the catch-up (the
    // client's own cursor check, not this test, orders those).
    await again.next((m) => seqOf(m) === cursor + before + during);
    const after = await concurrentWrites(5);
    const last = cursor + before + during + after;
    await again.next((m) => seqOf(m) === last);
    expect(seqsAfter(again, cursor)).toEqual(range(cursor + before + 1, last));

    // The gate on the API's process still closes the new child's sockets when access ends.
    const leaving = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const doomed = await LiveSocket.open(h.cloud.url, { cookie: leaving.cookieHeader() });
    await doomed.next((m) => m.type === 'hello');
    const revoked = new Promise<number>((resolve) => doomed.ws.once('close', (code) => resolve(code)));
    await leaving.post('/api/auth/logout');
    expect(await revoked).toBe(REVOKED_CLOSE_CODE);
    await again.close();
  });

  it('stops its children when the instance closes', async () => {
    const other = await h.startAnother();
    const pids = other.fanoutPids();
    expect(pids).toHaveLength(2);
    await other.close();
    await until(() => (pids.some(alive) ? undefined : true), 'the fan-out processes to end');
  });

  it('fails to start, leaving no process behind, when its child cannot reach the database', async () => {
    const children = () =>
      execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes('fanout-child'));
    const before = children();
    const url = new URL(h.database.url);
    url.pathname = '/tw_no_such_database';
    const restartDelayMs = 10;
    await expect(
      FanoutPool.start(1, {
        databaseUrl: url.href,
        hub: {},
        log: createLogger({ level: 'silent' }),
        gone: () => {},
        restartDelayMs,
      }),
    ).rejects.toThrow(/ended before it was ready/);
    // The child's exit set the timer of its first restart (restartDelayMs) before the start failed.
    // A timer of the same delay set now fires after that one: by then the restart has forked a
    // process or, as it must for a pool that never started, given up.
    await new Promise((resolve) => setTimeout(resolve, restartDelayMs));
    expect(children()).toEqual(before);
  });
});
