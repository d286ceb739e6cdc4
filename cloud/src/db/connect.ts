// One knex for both backends: a PostgreSQL server (production, CI) or an embedded PGlite in a data
// folder (one-command local run). Callers must not be able to tell them apart by the values they
// read, so both are configured to the same type mapping:
//   int8 -> number (sequences and counters stay far below 2^53), numeric -> string (exact money),
//   timestamptz -> Date, date -> 'YYYY-MM-DD' string (a calendar day has no time zone),
//   jsonb -> parsed value, text[] -> string[], uuid -> string.
// Writing jsonb: pass JSON.stringify(value) for arrays. node-postgres sends a JS array as a
// PostgreSQL array literal, which a jsonb column refuses; a string works on both drivers.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';

export type Db = Knex;

const INT8 = 20;
const DATE = 1082;

const parseInt8 = (value: string): number => Number(value);
const keepDate = (value: string): string => value;

// Per connection rather than pg.types.setTypeParser, so other users of pg in the process keep
// their own mapping.
const pgTypes = {
  getTypeParser: (oid: number, format?: string) => {
    if (oid === INT8) return parseInt8;
    if (oid === DATE) return keepDate;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

const embedded = new WeakMap<Db, PGlite>();

interface QueryObject {
  method?: string;
  response: { affectedRows?: number; [key: string]: unknown };
}
type ProcessResponse = (obj: QueryObject, runner: unknown) => unknown;
// knex-pglite tells knex's PostgreSQL dialect the command by upper-casing the builder method, so
// .del() reports 'DEL' and answers a result object instead of the deleted-row count the server
// path gives. Name the commands the way PostgreSQL does.
const pgProcessResponse = (Object.getPrototypeOf(ClientPgLite.prototype) as { processResponse: ProcessResponse })
  .processResponse;
class EmbeddedClient extends ClientPgLite {
  processResponse(obj: QueryObject, runner: unknown): unknown {
    const command = commandOf(obj.method);
    const response = { ...obj.response, rowCount: obj.response.affectedRows, command };
    return pgProcessResponse.call(this, { ...obj, response }, runner);
  }
}
function commandOf(method: string | undefined): string {
  switch (method) {
    case 'select':
    case 'first':
    case 'pluck':
      return 'SELECT';
    case 'del':
      return 'DELETE';
    case undefined:
      return '';
    default:
      return method.toUpperCase();
  }
}

export interface ConnectOptions {
  /** postgres://... of a PostgreSQL server. Without it the cloud runs on embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data folder; default `.data/pglite` under the cwd. Ignored with databaseUrl. */
  dataDir?: string;
}

export async function connectDb(opts: ConnectOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const db = knex({
      client: 'pg',
      connection: { connectionString: opts.databaseUrl, types: pgTypes },
      pool: { min: 0, max: 10 },
    });
    // Fail at start-up, not on the first request, when the server is unreachable.
    try {
      await db.raw('select 1');
    } catch (err) {
      await db.destroy();
      throw new Error(`Cannot connect to PostgreSQL at ${redact(opts.databaseUrl)}: ${(err as Error).message}`);
    }
    return db;
  }

  const dataDir = path.resolve(opts.dataDir ?? path.join(process.cwd(), '.data', 'pglite'));
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { parsers: { [INT8]: parseInt8, [DATE]: keepDate } });
  await pglite.waitReady;
  // knex-pglite pins the pool to exactly one connection (PGlite is single-session), so knex
  // queues every query and transaction behind the one in flight: writes are serialized.
  const db = knex({
    client: EmbeddedClient,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  embedded.set(db, pglite);
  return db;
}

export async function closeDb(db: Db): Promise<void> {
  // Destroying the pool closes the single PGlite connection, i.e. the embedded database itself.
  await db.destroy();
  embedded.delete(db);
}

/** The PGlite behind an embedded knex (for LISTEN/NOTIFY); undefined on a server. */
export function embeddedPglite(db: Db): PGlite | undefined {
  return embedded.get(db);
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
