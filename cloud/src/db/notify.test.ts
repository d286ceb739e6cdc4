import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { pgliteFolder } from '../test/pglite-folder.js';
import { closeDb, connectDb, type Db } from './connect.js';
import { createNotifier, type Notifier } from './notify.js';

// Waits for the n-th message; notifications on one channel arrive in commit order, so receiving a
// later marker proves an earlier (rolled-back) one was never delivered.
function collector() {
  const got: string[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    got,
    push(payload: string) {
      got.push(payload);
      for (const w of waiters.filter((w) => got.length >= w.n)) w.resolve();
    },
    until(n: number): Promise<void> {
      if (got.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

async function notifyIn(db: Db, channel: string, payload: string, commit: boolean): Promise<void> {
  const run = db.transaction(async (trx) => {
    await trx.raw('select pg_notify(?, ?)', [channel, payload]);
    if (!commit) throw new Error('roll back');
  });
  if (commit) await run;
  else await expect(run).rejects.toThrow('roll back');
}

describe('notifier on a PostgreSQL server', () => {
  let t: TestDatabase;
  let writer: Db;
  let reconnected: () => void = () => {};
  let notifier: Notifier;
  beforeAll(async () => {
    t = await createTestDatabase();
    writer = await connectDb({ databaseUrl: t.url });
    notifier = await createNotifier(t.db, {
      databaseUrl: t.url,
      onReconnect: () => reconnected(),
      reconnectDelayMs: { initial: 10, max: 100 },
    });
  });
  afterAll(async () => {
    await notifier?.close();
    await writer?.destroy();
    await t?.drop();
  });

  it('delivers a committed NOTIFY from another pool, never a rolled-back one', async () => {
    const c = collector();
    const other = collector();
    const stop = await notifier.listen('venue:a', c.push);
    const stopOther = await notifier.listen('venue:b', other.push);
    await notifyIn(writer, 'venue:a', 'rolled-back', false);
    await notifyIn(writer, 'venue:a', 'committed', true);
    await notifyIn(writer, 'venue:b', 'for b', true);
    await c.until(1);
    await other.until(1);
    expect(c.got).toEqual(['committed']);
    expect(other.got).toEqual(['for b']);

    // After unsubscribing, later messages go only to remaining subscribers.
    await stop();
    await notifyIn(writer, 'venue:a', 'after stop', true);
    await notifyIn(writer, 'venue:b', 'still b', true);
    await other.until(2);
    expect(other.got).toEqual(['for b', 'still b']);
    expect(c.got).toEqual(['committed']);
    await stopOther();
  });

  it('reconnects and listens again after its connection is killed', async () => {
    const c = collector();
    await notifier.listen('venue:c', c.push);
    const back = new Promise<void>((resolve) => {
      reconnected = resolve;
    });
    const killed = await writer.raw(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    await back;
    await notifyIn(writer, 'venue:c', 'after reconnect', true);
    await c.until(1);
    expect(c.got).toEqual(['after reconnect']);
  });

  it('refuses a channel name PostgreSQL would truncate', async () => {
    await expect(notifier.listen('x'.repeat(64), () => {})).rejects.toThrow(/1 to 63 bytes/);
  });
});

describe('notifier on embedded PGlite', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await pgliteFolder('tw-notify-');
    db = await connectDb({ dataDir: dir });
  });
  afterAll(async () => {
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers committed notifications from knex transactions only', async () => {
    const notifier = await createNotifier(db, {});
    const c = collector();
    const stop = await notifier.listen('venue:a', c.push);
    await notifyIn(db, 'venue:a', 'rolled-back', false);
    await notifyIn(db, 'venue:a', 'committed', true);
    await c.until(1);
    expect(c.got).toEqual(['committed']);
    await stop();
    const d = collector();
    await notifier.listen('venue:a', d.push);
    await notifyIn(db, 'venue:a', 'second', true);
    await d.until(1);
    expect(c.got).toEqual(['committed']);
    expect(d.got).toEqual(['second']);
    await notifier.close();
  });
});
