// Applies replica migrations in order, each in a savepoint of one transaction with its PRAGMA
// user_version.
import type { Database } from 'better-sqlite3';
import type { Migration } from './migration.js';

/** @internal exported for its test */
export function currentVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings `db` up to the last migration of `migrations`. The list must number 1, 2, 3… without a
 * gap: user_version records only the highest version applied, so a migration slotted into a gap
 * later would never run.
 */
export function migrate(db: Database, migrations: readonly Migration[]): number {
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new Error(
        `Replica migrations must be numbered 1, 2, 3…: found ${m.version} (${m.name}) at position ${index + 1}`,
      );
    }
  });
  const from = currentVersion(db);
  const latest = migrations.length;
  if (from > latest) {
    throw new Error(`Replica is at version ${from}, newer than this build knows (${latest})`);
  }
  // One transaction for the whole run, each migration in a savepoint of its own: a new replica
  // waits for the disk once (issue 8, P8: a commit each was most of a fresh start's migrating),
  // and a failing migration is still undone alone, the ones before it kept.
  let failure: { error: unknown } | undefined;
  db.transaction(() => {
    for (const m of migrations) {
      if (m.version <= from) continue;
      try {
        db.transaction(() => {
          m.up(db);
          db.pragma(`user_version = ${m.version}`);
        })();
      } catch (error) {
        failure = { error };
        return;
      }
    }
  })();
  if (failure) throw failure.error;
  return currentVersion(db);
}
