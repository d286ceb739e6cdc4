// One cloud on its own seeded PostgreSQL database, as the guest and staff journeys start it: a
// database with the demo venue (a copy of the run's seeded template), the cloud serving the built
// sites, the demo manager signed in, and a client on the database for checks. `close()` takes it
// all down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, type Proc, startTsx, waitForHttp } from './processes.js';
import { seededDatabase } from './seeded-database.js';

export interface DemoCloud {
  url: string;
  venueId: string;
  /** Its database, for a terminal to pair with (scripts/demo-cli.ts pair). */
  databaseUrl: string;
  /** A folder of the run's own, removed by close(). */
  dataDir: string;
  /** The demo manager's session cookie. */
  staffCookie: string;
  db: pg.Client;
  /** Kills the cloud's process (SIGKILL), as a power cut or a crash would; close() still cleans up. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** The cookies an answer sets, as a Cookie header. */
export function cookieOf(reply: Response): string {
  return reply.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The venue's entrance link, as its QR code at the door carries it (issue 27): a walk-in checks in
 * with the signed entrance code, never with the bare venue id.
 */
export async function entranceLink(cloudUrl: string, staffCookie: string): Promise<string> {
  const reply = await fetch(`${cloudUrl}/api/venue/entrance-qr`, { headers: { cookie: staffCookie } });
  if (!reply.ok) throw new Error(`Entrance code: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { url: string }).url;
}

/** `env` adds to the cloud's environment; it is given the run's data folder. `beforeStart` runs on
 * the new database before the cloud starts (to point the venue's printers somewhere, say). */
export async function startDemoCloud(
  label: string,
  env: (dataDir: string) => Record<string, string> = () => ({}),
  beforeStart: (databaseUrl: string) => Promise<void> = async () => {},
): Promise<DemoCloud> {
  const database = await seededDatabase(label);
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(join(tmpdir(), `tw-e2e-${label}-`));
  let cloud: Proc | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  const close = async () => {
    await db.end().catch(() => {});
    await cloud?.kill('SIGKILL');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await beforeStart(databaseUrl);
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
    const kill = async () => {
      await cloud?.kill('SIGKILL');
    };
    return { url: cloudUrl, venueId: database.seed.venueId, databaseUrl, dataDir, staffCookie, db, kill, close };
  } catch (error) {
    await close();
    throw error;
  }
}
