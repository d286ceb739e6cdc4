// Operate it (issue 27): liveness and readiness against a real PostgreSQL. The instance reaches
// the database through a TCP relay the test can cut and restore, as a network partition or a
// database restart would; and its connections are also killed server-side (pg_terminate_backend).
// It must say not ready while the database is gone, stay alive, and be ready again by itself.
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, connectDb, type Db } from '../db/connect.js';
import { captureLogger } from '../log/logger.js';
import { type RunningCloud, startCloud } from '../server.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { Client, TEST_SECRET } from '../testkit/harness.js';

/** A relay to PostgreSQL that can refuse every connection (down) and take them again (up). */
class Relay {
  private server: Server | undefined;
  private readonly open = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = new NetSocket();
      for (const s of [client, upstream]) {
        this.open.add(s);
        s.on('close', () => this.open.delete(s));
        s.on('error', () => {});
      }
      upstream.connect(this.target.port, this.target.host);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Refuses new connections and cuts every open one. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.open) s.destroy();
    this.open.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

let database: TestDatabase;
let relay: Relay;
let db: Db;
let cloud: RunningCloud;
const captured = captureLogger('info');

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  await relay.up();
  const through = new URL(database.url);
  through.hostname = '127.0.0.1';
  through.port = String(relay.port);
  db = await connectDb({ databaseUrl: through.href });
  cloud = await startCloud({
    db,
    databaseUrl: through.href,
    secret: TEST_SECRET,
    liveFanout: 'inline',
    log: captured.logger,
    fireIntervalMs: 3_600_000,
    stuckCheckPollMs: 3_600_000,
    cashShareSweepIntervalMs: 3_600_000,
  });
});

afterAll(async () => {
  await cloud?.close();
  if (db) await closeDb(db);
  await relay?.down();
  await database?.drop();
});

const probe = () => new Client(cloud.url);

describe('liveness and readiness', () => {
  it('is alive and ready while the database answers, each answer saying what it checked', async () => {
    expect(await probe().get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'alive' } });
    const ready = await probe().get('/api/health/ready');
    expect(ready).toMatchObject({
      status: 200,
      body: {
        status: 'ready',
        checks: { started: { ok: true }, database: { ok: true }, notifications: { ok: true }, draining: { ok: true } },
      },
    });
  });

  it('says not ready, quickly, while PostgreSQL is out of reach, stays alive, and is ready again by itself', async () => {
    await relay.down();
    await expect
      .poll(async () => (await probe().get('/api/health/ready')).status, { timeout: 15_000, interval: 200 })
      .toBe(503);
    const started = Date.now();
    const notReady = await probe().get('/api/health/ready');
    // Bounded by READINESS.databaseTimeoutMs, not by the pool's minute-long wait for a connection.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(notReady).toMatchObject({
      status: 503,
      body: { id: 'not_ready', status: 'not_ready', checks: { database: { ok: false } } },
    });
    expect(notReady.body.message).toMatch(/^Not ready: .*database/);
    // What failed is for the log; the public answer does not name the database's address.
    expect(JSON.stringify(notReady.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|5432/);
    expect((await probe().get('/api/health/live')).status).toBe(200);

    await relay.up();
    await expect
      .poll(async () => (await probe().get('/api/health/ready')).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    expect((await probe().get('/api/health')).status).toBe(200);
    const ready = await probe().get('/api/health/ready');
    expect(ready.body.checks).toMatchObject({ database: { ok: true }, notifications: { ok: true } });
    const messages = captured.lines.map((l) => l.msg);
    expect(messages).toContain('instance not ready');
    expect(messages.lastIndexOf('instance ready')).toBeGreaterThan(messages.lastIndexOf('instance not ready'));
  }, 60_000);

  it('recovers by itself when the server ends its connections (pg_terminate_backend)', async () => {
    const name = new URL(database.url).pathname.slice(1);
    const killed = await database.db.raw(
      'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()) t',
      [name],
    );
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await expect
      .poll(async () => (await probe().get('/api/health/ready')).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    // And the API works again, on fresh connections.
    expect((await probe().get('/api/health')).status).toBe(200);
  }, 60_000);

  it('says not ready once it starts draining for a shutdown', async () => {
    cloud.drain();
    const reply = await probe().get('/api/health/ready');
    expect(reply).toMatchObject({ status: 503, body: { checks: { draining: { ok: false } } } });
    expect((await probe().get('/api/health/live')).status).toBe(200);
  });
});
