// Every cloud test gets its own migrated database on the real PostgreSQL server, so test files run
// in parallel without seeing each other's rows. Migrating from scratch per test is slow; instead a
// migrated template is built once (per migration set) and each test database is a copy of it.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { closeDb, connectDb, type Db } from '../db/connect.js';
import { migrateLatest } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

export const baseTestDatabaseUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// Any advisory-lock key works as long as every worker uses the same one.
const TEMPLATE_LOCK_KEY = 746_517_001;
const TEMPLATE_PREFIX = 'tw_tpl_';

// The template's name carries a hash of the migrations' code, so editing a migration builds a
// fresh template instead of copying a stale one.
const templateName = (): string => {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.name}\n${m.up.toString()}\n${m.down.toString()}\n`);
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
};

function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseTestDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let templateReady: Promise<string> | undefined;

/** How long another migration set's template is kept after it was built. */
const STALE_TEMPLATE_MS = 6 * 60 * 60 * 1000;

function ensureTemplate(): Promise<string> {
  templateReady ??= buildTemplate().catch((err: unknown) => {
    templateReady = undefined;
    throw err;
  });
  return templateReady;
}

async function buildTemplate(): Promise<string> {
  const name = templateName();
  return withAdmin(async (admin) => {
    // Parallel workers wait here for the first one to finish building.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return name;

      // Built under a temporary name and renamed when complete, so a crash mid-build never leaves
      // a half-migrated template that later runs would trust.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${quoteIdent(building)} with (force)`);
      await admin.query(`create database ${quoteIdent(building)}`);
      const db = await connectDb({ databaseUrl: databaseUrl(baseTestDatabaseUrl(), building) });
      try {
        await migrateLatest(db);
      } finally {
        await closeDb(db);
      }
      await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
      await admin.query(`comment on database ${quoteIdent(name)} is '${Date.now()}'`);

      // Templates of older migration sets are garbage once no checkout has built one for a while:
      // checkouts with other migration sets (branches worked on side by side) keep theirs.
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database
          where datname like $1 and datname <> $2
            and coalesce(nullif(shobj_description(oid, 'pg_database'), '')::bigint, 0) < $3`,
        [`${TEMPLATE_PREFIX}%`, name, Date.now() - STALE_TEMPLATE_MS],
      );
      for (const row of stale.rows) {
        await admin.query(`drop database if exists ${quoteIdent(row.datname)} with (force)`).catch(() => {});
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

/** PostgreSQL's invalid_catalog_name: the database named does not exist. */
const NO_SUCH_DATABASE = '3D000';

async function copyTemplate(name: string): Promise<void> {
  const template = await ensureTemplate();
  await withAdmin(async (admin) => {
    // Copies from one template are serialized by PostgreSQL's lock on the template; the advisory
    // lock keeps a concurrent template rebuild from dropping it underneath us.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tw_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await copyTemplate(name);
      break;
    } catch (error) {
      // A process with another migration set (another checkout on the same server) dropped this
      // one's template as stale after it was built here: build it again, a few times at most.
      if ((error as { code?: string }).code !== NO_SUCH_DATABASE || attempt === 3) throw error;
      templateReady = undefined;
    }
  }
  const url = databaseUrl(baseTestDatabaseUrl(), name);
  const db = await connectDb({ databaseUrl: url });
  let dropped = false;
  return {
    url,
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await closeDb(db);
      await withAdmin((admin) => admin.query(`drop database if exists ${quoteIdent(name)} with (force)`));
    },
  };
}
