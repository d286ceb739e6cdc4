/// <reference path="./knex-postgres.d.ts" />
// One knex for both backends: a PostgreSQL server (production, CI) or an embedded PGlite in a data
// folder (one-command local run). Callers must not be able to tell them apart by the values they
// read, so both are configured to the same type mapping:
//   int8 -> number (sequences and counters stay far below 2^53), numeric -> string (exact money),
//   timestamptz -> Date, date -> 'YYYY-MM-DD' string (a calendar day has no time zone),
//   jsonb -> parsed value, text[] -> string[], uuid -> string.
// Writing jsonb: pass JSON.stringify(value) for arrays. node-postgres sends a JS array as a
// PostgreSQL array literal, which a jsonb column refuses; a string works on both drivers.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knex, { type Knex } from 'knex';
import ClientPgServer from 'knex/lib/dialects/postgres/index.js';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { createLogger, type Logger } from '../log/logger.js';

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
const pgliteQuery = (ClientPgLite.prototype as unknown as { _query: (connection: unknown, obj: unknown) => unknown })
  ._query;
class EmbeddedClient extends ClientPgLite {
  _query(connection: unknown, obj: QueryObject & KnexQuery): unknown {
    // PGlite plans every statement itself; the marker is the server's business.
    unmark(obj);
    return pgliteQuery.call(this, connection, obj);
  }

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

// Prepared statements (issue 8). PostgreSQL plans a statement each time it is sent by text, and
// for the order path's read (its idempotency claim, the session locked, the menu items) planning
// took longer than running it. A statement marked with `prepared()` is sent as a named statement,
// parsed and planned once per connection and then only bound and run. The name is a digest of the
// text, so one text is one statement. Marked statements must name their columns (no `*`): a
// migration adding a column would otherwise change a prepared statement's result type, which
// PostgreSQL refuses. A connection keeps at most PREPARED_PER_CONNECTION of them; past that, marked
// statements run unnamed, as all others do, and once RESET_AFTER_MISSES of them have, the next
// transaction to begin on the connection drops them all first (`DEALLOCATE ALL; BEGIN`, one round
// trip as BEGIN alone would be): the statements in use now are prepared again as they come, so a
// connection that met other statements first does not keep running the hot ones unnamed.
/** @internal exported for the test that checks which statements the order path marks */
export const PREPARE_OPTION = 'twPrepare';
/** @internal exported for its test */
export const PREPARED_PER_CONNECTION = 64;
/** @internal exported for its test */
export const RESET_AFTER_MISSES = 8;

/** What knex hands a client to run: the SQL, its bindings and the builder's options. */
interface KnexQuery {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  response?: unknown;
}

/** Marks `query` to run as a named prepared statement on a PostgreSQL server (see above). */
export function prepared<Q extends { options(options: Readonly<Record<string, unknown>>): Q }>(query: Q): Q {
  return query.options({ [PREPARE_OPTION]: true });
}

// BEGIN and COMMIT with the statements next to them (issue 8). On a server, BEGIN is not sent on
// its own: it goes with the transaction's first statement, in one round trip, when that statement
// is prepared on the connection already (`BEGIN; EXECUTE name(values)`); otherwise just before it.
// A transaction's last statement marked with `committing()` goes with its COMMIT in the same way
// (`EXECUTE name(values); COMMIT`), and knex's own COMMIT that follows is answered here. The
// values go as SQL literals, each made by node-postgres's own prepareValue and escapeLiteral,
// which PostgreSQL casts to the types the statement was prepared with. What runs is what ran
// before, statement for statement; a failure is a failure of that statement or of the commit, and
// knex rolls back as it always did.
const COMMIT_AFTER = 'twCommitAfter';

/** Marks a transaction's last statement, after which it commits: see above. */
export function committing<Q extends { options(options: Readonly<Record<string, unknown>>): Q }>(query: Q): Q {
  return query.options({ [COMMIT_AFTER]: true });
}

/** Takes `marker` off `obj`'s options; true when it was there. */
function take(obj: KnexQuery, marker: string): boolean {
  if (!obj.options?.[marker]) return false;
  const { [marker]: _marked, ...rest } = obj.options;
  obj.options = rest;
  return true;
}

/** Takes the markers off `obj`; whether it was marked prepared. */
function unmark(obj: KnexQuery): boolean {
  take(obj, COMMIT_AFTER);
  return take(obj, PREPARE_OPTION);
}

/**
 * The statement name for `sql`: `tw_` and a digest, well within PostgreSQL's 63 characters.
 * @internal exported for its test
 */
export function statementName(sql: string): string {
  return `tw_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
}

interface PgConnection {
  connection: { parsedStatements: Record<string, string> };
  query(text: string): Promise<pg.QueryResult | pg.QueryResult[]>;
}

/** Marked statements each connection ran unnamed because it was full, since it last dropped its statements. */
const misses = new WeakMap<PgConnection, number>();

/** A connection's transaction that knex began but the server has not been told of yet, or that committed already. */
const transactionState = new WeakMap<PgConnection, 'begin pending' | 'committed'>();

/** What knex is answered for a BEGIN or COMMIT it asked for and that went, or goes, with a statement. */
const answered = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

/**
 * `value` as a SQL string literal, as node-postgres's escapeLiteral makes it (quotes doubled, and
 * backslashes doubled in an E'' literal when there are any), but by the engine's own replace
 * rather than a loop over every character: an order's JSON is kilobytes.
 * @internal exported for its test
 */
export function sqlLiteral(value: string): string {
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** `EXECUTE name(values)` when the statement `name` is prepared on `connection` as `sql`, else null. */
function executeText(
  connection: PgConnection,
  name: unknown,
  sql: string,
  bindings: readonly unknown[],
): string | null {
  if (typeof name !== 'string' || connection.connection.parsedStatements[name] !== sql) return null;
  const values = bindings.map((value) => pgUtils.prepareValue(value));
  if (values.some((value) => typeof value !== 'string' && value !== null)) return null;
  const args = values.map((value) => (value === null ? 'NULL' : sqlLiteral(value as string)));
  return `EXECUTE ${pg.escapeIdentifier(name)}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
}

/** `EXECUTE name(values)` for `obj` when its statement is prepared on `connection`, else null. */
function executeOf(connection: PgConnection, obj: KnexQuery): string | null {
  return executeText(connection, obj.options?.name, obj.sql, obj.bindings ?? []);
}

class ServerClient extends ClientPgServer {
  override async _query(connection: PgConnection, obj: KnexQuery): Promise<unknown> {
    const commitAfter = take(obj, COMMIT_AFTER);
    const parsed = connection.connection.parsedStatements;
    const name = take(obj, PREPARE_OPTION) ? statementName(obj.sql) : null;
    if (name) {
      if (parsed[name] !== undefined || Object.keys(parsed).length < PREPARED_PER_CONNECTION) {
        obj.options = { ...obj.options, name };
      } else {
        misses.set(connection, (misses.get(connection) ?? 0) + 1);
      }
    }
    const state = transactionState.get(connection);
    transactionState.delete(connection);
    if (obj.sql === 'BEGIN;') {
      transactionState.set(connection, 'begin pending');
      obj.response = answered('BEGIN');
      return obj;
    }
    if (state === 'committed') {
      if (obj.sql !== 'COMMIT;')
        throw new Error(`"${obj.sql}" after the transaction committed with its last statement`);
      obj.response = answered('COMMIT');
      return obj;
    }
    if (state === 'begin pending') {
      // Nothing was sent: there is nothing to end.
      if (obj.sql === 'COMMIT;' || obj.sql === 'ROLLBACK') {
        obj.response = answered(obj.sql === 'ROLLBACK' ? 'ROLLBACK' : 'COMMIT');
        return obj;
      }
      const reset = (misses.get(connection) ?? 0) >= RESET_AFTER_MISSES;
      const execute = reset ? null : executeOf(connection, obj);
      if (execute) {
        // The first statement and the last: the whole transaction in one round trip.
        const results = (await connection.query(
          `BEGIN; ${execute}${commitAfter ? '; COMMIT' : ''}`,
        )) as pg.QueryResult[];
        if (commitAfter) transactionState.set(connection, 'committed');
        obj.response = results[1];
        return obj;
      }
      // Both queued now, in this order, ahead of anything the transaction sends after.
      if (reset) {
        // Outside any transaction still, so it cannot fail. node-postgres forgets them at once,
        // and parses again, after it, whatever it is asked to run by name: this one first.
        for (const prepared of Object.keys(parsed)) delete parsed[prepared];
        misses.delete(connection);
        if (name) obj.options = { ...obj.options, name };
      }
      const begun = connection.query(reset ? 'DEALLOCATE ALL; BEGIN' : 'BEGIN');
      const ran = super._query(connection, obj) as Promise<unknown>;
      ran.catch(() => {});
      await begun;
      return ran;
    }
    if (commitAfter) {
      const execute = executeOf(connection, obj);
      if (execute) {
        const results = (await connection.query(`${execute}; COMMIT`)) as pg.QueryResult[];
        transactionState.set(connection, 'committed');
        obj.response = results[0];
        return obj;
      }
    }
    return super._query(connection, obj);
  }
}

// Hand-built transactions (issue 28). A guest's order is the cloud's busiest write, and building
// its statements with knex, and running them through knex's transaction, cost more CPU than
// everything else it does. Its statements are written by hand (`$1…` placeholders) and run on a
// connection taken from knex's own pool, as the marked ones above do: prepared once per
// connection, BEGIN sent with the first (`BEGIN; EXECUTE name(values)`) and COMMIT with the last
// (`EXECUTE name(values); COMMIT`), so the transaction is two round trips. Listeners of knex's
// 'query' event still see each statement (its text, values, and the prepared mark).

/** A statement written by hand, and the name it is prepared under. */
export interface HandStatement {
  name: string;
  text: string;
}

export function handStatement(text: string): HandStatement {
  return { name: statementName(text), text };
}

/** A statement written by hand, with its values. */
export interface HandCall {
  statement: HandStatement;
  values: readonly unknown[];
}

/** A transaction on a connection of the pool: its first statement goes with BEGIN, its last with COMMIT. */
export interface HandTransaction {
  first<Row>(statement: HandStatement, values: readonly unknown[]): Promise<Row[]>;
  /**
   * `before` run and committed in a transaction of its own, then this transaction's first
   * statement, in one round trip (`BEGIN; EXECUTE before(…); COMMIT; BEGIN; EXECUTE first(…)`)
   * once both are prepared on the connection: each one's rows. `before` stays committed whatever
   * this transaction then does; should it fail, nothing of this transaction ran.
   */
  firstAfter<Before, Row>(
    before: HandCall,
    statement: HandStatement,
    values: readonly unknown[],
  ): Promise<{ before: Before[]; rows: Row[] }>;
  last<Row>(statement: HandStatement, values: readonly unknown[]): Promise<Row[]>;
  /** The transaction's one statement, run on its own (atomic by itself: no BEGIN, no COMMIT). */
  only<Row>(statement: HandStatement, values: readonly unknown[]): Promise<Row[]>;
}

/**
 * Runs `work` in a hand-built transaction on a PostgreSQL server, and answers what it answers;
 * rolled back unless `work` ran its last statement. Null on embedded PGlite, where the caller
 * takes knex's way.
 */
export async function handTransaction<T>(db: Db, work: (tx: HandTransaction) => Promise<T>): Promise<T | null> {
  const client = db.client as unknown;
  if (!(client instanceof ServerClient)) return null;
  const connection = (await client.acquireConnection()) as PgConnection;
  const pgConnection = connection as unknown as pg.Client;
  const parsed = connection.connection.parsedStatements;
  let begun = false;
  let committed = false;
  const emit = (statement: HandStatement, values: readonly unknown[]) =>
    client.emit('query', {
      sql: statement.text,
      bindings: values,
      options: { [PREPARE_OPTION]: true },
      method: 'raw',
    });
  /** Runs `statement` by itself (extended protocol), named when the connection has room. */
  const alone = async (statement: HandStatement, values: readonly unknown[]) => {
    const named = parsed[statement.name] !== undefined || Object.keys(parsed).length < PREPARED_PER_CONNECTION;
    const result = await pgConnection.query(
      named
        ? { name: statement.name, text: statement.text, values: [...values] }
        : { text: statement.text, values: [...values] },
    );
    return result.rows;
  };
  const run = async <Row>(statement: HandStatement, values: readonly unknown[], at: 'first' | 'last') => {
    emit(statement, values);
    const execute = executeText(connection, statement.name, statement.text, values);
    if (at === 'first') begun = true;
    if (execute) {
      const results = (await connection.query(
        at === 'first' ? `BEGIN; ${execute}` : `${execute}; COMMIT`,
      )) as unknown as pg.QueryResult[];
      if (at === 'last') committed = true;
      return (results[at === 'first' ? 1 : 0] as pg.QueryResult).rows as Row[];
    }
    if (at === 'first') await connection.query('BEGIN');
    const rows = await alone(statement, values);
    if (at === 'last') {
      await connection.query('COMMIT');
      committed = true;
    }
    return rows as Row[];
  };
  const firstAfter = async <Before, Row>(before: HandCall, statement: HandStatement, values: readonly unknown[]) => {
    emit(before.statement, before.values);
    const beforeExecute = executeText(connection, before.statement.name, before.statement.text, before.values);
    const execute = beforeExecute && executeText(connection, statement.name, statement.text, values);
    if (beforeExecute && execute) {
      emit(statement, values);
      // Begun before it is sent: a failure of either leaves a transaction block to roll back.
      begun = true;
      const results = (await connection.query(
        `BEGIN; ${beforeExecute}; COMMIT; BEGIN; ${execute}`,
      )) as unknown as pg.QueryResult[];
      return {
        before: (results[1] as pg.QueryResult).rows as Before[],
        rows: (results[4] as pg.QueryResult).rows as Row[],
      };
    }
    // Not both prepared yet on this connection: each in its own round trip, preparing them.
    const beforeRows = (await alone(before.statement, before.values)) as Before[];
    return { before: beforeRows, rows: await run<Row>(statement, values, 'first') };
  };
  const only = async <Row>(statement: HandStatement, values: readonly unknown[]) => {
    // One statement needs no EXECUTE text: the extended protocol's messages go in one write.
    emit(statement, values);
    return (await alone(statement, values)) as Row[];
  };
  try {
    return await work({
      first: (statement, values) => run(statement, values, 'first'),
      firstAfter,
      last: (statement, values) => run(statement, values, 'last'),
      only,
    });
  } finally {
    if (begun && !committed) await connection.query('ROLLBACK').catch(() => {});
    await client.releaseConnection(connection);
  }
}

export interface ConnectOptions {
  /** postgres://... of a PostgreSQL server. Without it the cloud runs on embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data folder; default `.data/pglite` under the cwd. Ignored with databaseUrl. */
  dataDir?: string;
  /** Connections to a server the pool keeps at most; default 10. */
  poolMax?: number;
  /** Where knex's own warnings (a connection lost, a failed acquire) go; the cloud's logger by default. */
  log?: Logger;
}

/** knex's warnings as structured lines rather than console text. */
function knexLog(log: Logger): Knex.Config['log'] {
  const db = log.child({ component: 'knex' });
  return {
    warn: (message: unknown) => db.warn(String(message)),
    error: (message: unknown) => db.error(String(message)),
    deprecate: (method: unknown, alternative: unknown) =>
      db.warn(`${String(method)} is deprecated: ${String(alternative)}`),
    debug: (message: unknown) => db.debug(String(message)),
  };
}

export async function connectDb(opts: ConnectOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const db = knex({
      client: ServerClient,
      connection: { connectionString: opts.databaseUrl, types: pgTypes },
      pool: { min: 0, max: opts.poolMax ?? 10 },
      log: knexLog(opts.log ?? createLogger()),
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
