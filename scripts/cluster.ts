// `npm run cluster`: three cloud instances on one PostgreSQL server behind HAProxy, as a service
// runs in production: no sticky sessions, WebSockets proxied, every limit shared through the
// database. The demo venue is seeded once.
//   DATABASE_URL   the database (default postgres://postgres@127.0.0.1:5432/tablewise_cluster,
//                  made if missing)
//   PORT           the proxy's port (default 8080); INSTANCES (default 3)
//   APP_SECRET     shared by the instances (default: one made once and kept in .data/cluster-secret)
//   HAPROXY        the HAProxy binary (default haproxy; Debian: apt-get install -y haproxy)
// Ctrl-C stops them all. `kill -9 -PGID` of one instance (printed at start) to watch the others
// carry on.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_PORT } from '@tablewise/shared';
import pg from 'pg';
import { closeDb, connectDb } from '../cloud/src/db/connect.js';
import { migrateLatest } from '../cloud/src/db/migrate.js';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { startCluster } from '../cloud/src/ops/cluster.js';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`Made the database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

function clusterSecret(): string {
  if (process.env.APP_SECRET) return process.env.APP_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'cluster-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tablewise_cluster';
  await ensureDatabase(databaseUrl);
  const db = await connectDb({ databaseUrl });
  try {
    await migrateLatest(db);
    await seedDemo(db, { printers: [] });
  } finally {
    await closeDb(db);
  }
  const cluster = await startCluster({
    databaseUrl,
    secret: clusterSecret(),
    port: Number(process.env.PORT ?? DEFAULT_PORT),
    host: process.env.HOST ?? '127.0.0.1',
    instances: Number(process.env.INSTANCES ?? 3),
    env: { PAYMENTS_DEMO: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    onOutput: (name, line) => console.log(`${name.padEnd(7)} │ ${line}`),
  });
  console.log(`Tablewise cluster: ${cluster.url} (HAProxy, round robin, no sticky sessions)`);
  for (const instance of cluster.instances)
    console.log(`  ${instance.name} at ${instance.url} (process group ${instance.pid()})`);
  console.log('Demo manager: manager@demo.test / demo-manager. Ctrl-C stops the cluster.');
  const stop = async () => {
    await cluster.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
