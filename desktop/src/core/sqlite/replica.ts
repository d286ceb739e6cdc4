// The terminal's SQLite replica. Two connections: a writer that owns every change, and a
// read-only reader for the local server's queries, so a read can never write by mistake
// (Signal Desktop's split of read and write handles).

import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';
import type { Migration } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';

export interface ReadDb {
  readonly mode: 'read';
  readonly sql: Database.Database;
}
export interface WriteDb {
  readonly mode: 'write';
  readonly sql: Database.Database;
}
/** Queries take either handle; changes take only the writer. */
export type AnyDb = ReadDb | WriteDb;

export interface Replica {
  readonly file: string;
  readonly read: ReadDb;
  readonly write: WriteDb;
  close(): void;
}

/**
 * The replica holds cached staff password hashes and guests' names and phones: it is readable by
 * this terminal's user only (0600), made so before SQLite writes a byte to it (SQLite gives its
 * -wal and -shm files the database's mode), and tightened on a replica an older version made with
 * the default mode (issue 27).
 */
function ownerOnly(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}

export function openReplica(file: string, migrations: readonly Migration[] = MIGRATIONS): Replica {
  ownerOnly(file);
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('foreign_keys = ON');
  // FULL: a commit is on disk before it returns, so a power cut cannot lose the record that a
  // print job's bytes went out (it would print again without REPRINT) or an outbox entry.
  writer.pragma('synchronous = FULL');
  writer.pragma('busy_timeout = 5000');
  try {
    migrate(writer, migrations);
  } catch (error) {
    writer.close();
    throw error;
  }
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  reader.pragma('foreign_keys = ON');
  reader.pragma('busy_timeout = 5000');
  reusePrepared(writer);
  reusePrepared(reader);
  return {
    file,
    read: { mode: 'read', sql: reader },
    write: { mode: 'write', sql: writer },
    close() {
      reader.close();
      writer.close();
    },
  };
}

/** Statements kept per connection; SQL built with a variable number of placeholders can vary. */
const PREPARED_LIMIT = 500;

/**
 * better-sqlite3 compiles a statement at every prepare. The repositories prepare theirs at each
 * call, so a connection keeps what it compiled and hands it out again: applying the feed after an
 * outage (10,000 events, several statements each) spent more time compiling than running them.
 * Safe because no code here changes a statement's mode (pluck, raw, expand) or iterates one.
 */
function reusePrepared(sql: Database.Database): void {
  const compiled = new Map<string, Database.Statement>();
  const prepare = sql.prepare.bind(sql);
  sql.prepare = ((source: string) => {
    let statement = compiled.get(source);
    if (!statement) {
      statement = prepare(source);
      if (compiled.size >= PREPARED_LIMIT) compiled.clear();
      compiled.set(source, statement);
    }
    return statement;
  }) as Database.Database['prepare'];
}

/** Runs `fn` in one write transaction (nested calls become savepoints). */
export function transact<T>(db: WriteDb, fn: () => T): T {
  return db.sql.transaction(fn)();
}

/**
 * Like transact, for a commit that records only what can be had again: the cloud's events (the
 * cursor goes back with them), the tickets made from them, a print job taken before any of its
 * bytes went out. Its commit does not wait for the disk (synchronous NORMAL for it alone): it
 * reaches the disk with the next FULL commit or checkpoint, and a power cut before that loses it
 * with everything committed after it, never a part of it (the WAL is replayed in order). What is
 * the only record of something (a staff change in the outbox, a job whose bytes may go out) stays
 * on transact, whose FULL commit also makes every commit before it durable. Inside a transaction
 * it is that transaction's part.
 */
export function transactDerived<T>(db: WriteDb, fn: () => T): T {
  if (db.sql.inTransaction) return transact(db, fn);
  db.sql.exec('PRAGMA synchronous = NORMAL');
  try {
    const result = transact(db, fn);
    notOnDisk.add(db.sql);
    return result;
  } finally {
    db.sql.exec('PRAGMA synchronous = FULL');
  }
}

/** Connections with a derived commit that may not have reached the disk yet. */
const notOnDisk = new WeakSet<Database.Database>();

/**
 * Makes every derived commit durable before something that records it leaves the terminal: a
 * ticket's print job writes its report to the outbox in a derived commit, and the cloud must
 * never accept a change (and its number) that a power cut then takes back from the outbox. One
 * FULL commit when a derived one may still be only in memory, nothing otherwise.
 */
export function makeDurable(db: WriteDb): void {
  if (!notOnDisk.has(db.sql)) return;
  transact(db, () => db.sql.prepare('UPDATE meta SET durable_mark = durable_mark + 1 WHERE id = 1').run());
  notOnDisk.delete(db.sql);
}
