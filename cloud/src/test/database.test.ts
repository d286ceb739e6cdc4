import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { appliedMigrations, migrationNames } from '../db/migrate.js';
import { baseTestDatabaseUrl, createTestDatabase } from './database.js';

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: baseTestDatabaseUrl() });
  await client.connect();
  try {
    const res = await client.query('select 1 from pg_database where datname = $1', [name]);
    return res.rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('gives each caller its own migrated database and drops it afterwards', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.url).not.toBe(b.url);
      expect(await appliedMigrations(a.db)).toEqual(migrationNames);
      const orgId = '00000000-0000-4000-8000-000000000001';
      await a.db('organizations').insert({ id: orgId, name: 'Only in A' });
      expect(await a.db('organizations').pluck('name')).toEqual(['Only in A']);
      expect(await b.db('organizations').count({ n: '*' })).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
    const nameOf = (url: string) => new URL(url).pathname.slice(1);
    expect(await databaseExists(nameOf(a.url))).toBe(false);
    expect(await databaseExists(nameOf(b.url))).toBe(false);
  });
});
