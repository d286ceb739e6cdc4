import type { Knex } from 'knex';
import type { Db } from './connect.js';
import { type Migration, migrations } from './migrations/index.js';

class StaticMigrationSource implements Knex.MigrationSource<Migration> {
  async getMigrations(): Promise<Migration[]> {
    return [...migrations];
  }
  getMigrationName(migration: Migration): string {
    return migration.name;
  }
  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return migration;
  }
}

const config: Knex.MigratorConfig = {
  migrationSource: new StaticMigrationSource(),
  tableName: 'knex_migrations',
};

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest(config);
}

/**
 * Undoes the most recent migration.
 * @internal exported for the migration tests (no command rolls back yet)
 */
export async function migrateDown(db: Db): Promise<void> {
  await db.migrate.down(config);
}

/**
 * Undoes every applied migration (tests).
 * @internal exported for the migration tests (no command rolls back yet)
 */
export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback(config, true);
}

/**
 * Names of applied migrations, oldest first.
 * @internal exported for the migration tests
 */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const [done] = (await db.migrate.list(config)) as [{ name: string }[], unknown];
  return done.map((m) => m.name);
}

/** @internal exported for the migration tests */
export const migrationNames: readonly string[] = migrations.map((m) => m.name);
