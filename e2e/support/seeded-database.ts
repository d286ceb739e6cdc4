// A spec's own database with the demo venue: a copy of the run's seeded template
// (e2e/support/global-setup.ts), on the PostgreSQL server at TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEMPLATE_ENV = 'TW_E2E_DEMO_TEMPLATE';

export async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

export interface SeededDatabase {
  name: string;
  url: string;
  /** What `tsx scripts/demo-cli.ts seed` answered for the template. */
  seed: { venueId: string; tableIds: string[] };
  drop(): Promise<void>;
}

/** A new database named after `label`, holding the demo venue as `demo-cli.ts seed` leaves it. */
export async function seededDatabase(label: string): Promise<SeededDatabase> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run the specs with playwright.config.ts's globalSetup`);
  const { name: templateName, seed } = JSON.parse(template) as { name: string; seed: SeededDatabase['seed'] };
  const name = `tw_e2e_${label}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    seed,
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
