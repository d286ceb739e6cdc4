// One cloud on its own seeded PostgreSQL database, as the guest and staff journeys start it: a
// database made and seeded with the demo venue, the cloud serving the built sites, the demo
// manager signed in, and a client on the database for checks. `close()` takes it all down.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, type Proc, runTsxJson, startTsx, waitForHttp } from './processes.js';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface DemoCloud {
  url: string;
  venueId: string;
  /** A folder of the run's own, removed by close(). */
  dataDir: string;
  /** The demo manager's session cookie. */
  staffCookie: string;
  db: pg.Client;
  close(): Promise<void>;
}

/** The cookies an answer sets, as a Cookie header. */
export function cookieOf(reply: Response): string {
  return reply.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** `env` adds to the cloud's environment; it is given the run's data folder. */
export async function startDemoCloud(
  label: string,
  env: (dataDir: string) => Record<string, string> = () => ({}),
): Promise<DemoCloud> {
  const dbName = `tw_e2e_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), `tw-e2e-${label}-`));
  let cloud: Proc | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  const close = async () => {
    await db.end().catch(() => {});
    await cloud?.kill('SIGKILL');
    const drop = new pg.Client({ connectionString: SERVER_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await drop.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const seed = await runTsxJson<{ venueId: string }>('scripts/demo-cli.ts', ['seed'], { DATABASE_URL: databaseUrl });
    const port = await freePort();
    const cloudUrl = `http://127.0.0.1:${port}`;
    cloud = startTsx('cloud', 'cloud/src/main.ts', [], {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: cloudUrl,
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
      ...env(dataDir),
    });
    await waitForHttp(`${cloudUrl}/api/auth/me`, cloud);
    const staffCookie = cookieOf(
      await fetch(`${cloudUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@demo.test', password: 'demo-manager' }),
      }),
    );
    await db.connect();
    return { url: cloudUrl, venueId: seed.venueId, dataDir, staffCookie, db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
