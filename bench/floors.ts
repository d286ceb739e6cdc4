// Floors several benchmarks share: the cost of a hop an event cannot avoid, measured in the same
// run as the figure it is set beside.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { openReplica } from '../desktop/src/core/sqlite/replica.js';
import { percentile } from './figure.js';
import { wallNow } from './thread.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** p99 of a NOTIFY's trip from one connection's commit to another's LISTEN, at `rate` a second. */
export async function notifyRoundTrip(databaseUrl: string, rate: number, seconds: number): Promise<number> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  const sender = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), sender.connect()]);
  try {
    await listener.query('LISTEN bench_floor');
    const waiting = new Map<string, (at: number) => void>();
    listener.on('notification', (msg) => waiting.get(msg.payload ?? '')?.(wallNow()));
    const samples: number[] = [];
    for (let k = 0; k < rate * seconds; k++) {
      const id = randomUUID();
      const arrived = new Promise<number>((resolve) => waiting.set(id, resolve));
      const t0 = wallNow();
      await sender.query("select pg_notify('bench_floor', $1)", [id]);
      samples.push((await arrived) - t0);
      waiting.delete(id);
      await sleep(1000 / rate);
    }
    return percentile(samples, 0.99);
  } finally {
    await Promise.all([listener.end(), sender.end()]);
  }
}

/** p99 of one frame of `bytes` from a bare ws server to its one local socket. */
export async function wsOneWay(bytes: number, rounds: number): Promise<number> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const server = await new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  try {
    const frame = Buffer.alloc(bytes, 'x');
    const samples: number[] = [];
    for (let k = 0; k < rounds; k++) {
      const arrived = new Promise<number>((resolve) => client.once('message', () => resolve(wallNow())));
      const t0 = wallNow();
      server.send(frame, { binary: false });
      samples.push((await arrived) - t0);
      await sleep(5);
    }
    return percentile(samples, 0.99);
  } finally {
    client.terminate();
    await new Promise((resolve) => wss.close(resolve));
  }
}

/** p99 of one committed insert of `bytes` into a replica opened as the terminal opens it (WAL, synchronous FULL). */
export function sqliteWrite(bytes: number, rounds: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'tw-bench-sqlite-'));
  const replica = openReplica(join(dir, 'replica.sqlite'));
  try {
    const { sql } = replica.write;
    sql.exec('create table bench_floor (id text primary key, body text not null)');
    const insert = sql.prepare('insert into bench_floor (id, body) values (?, ?)');
    const body = 'x'.repeat(bytes);
    const samples: number[] = [];
    for (let k = 0; k < rounds; k++) {
      const t0 = performance.now();
      insert.run(randomUUID(), body);
      samples.push(performance.now() - t0);
    }
    return percentile(samples, 0.99);
  } finally {
    replica.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
