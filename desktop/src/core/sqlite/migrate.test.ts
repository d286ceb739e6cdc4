import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures.js';
import { currentVersion, migrate } from './migrate.js';
import type { Migration } from './migration.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function fresh(): Database.Database {
  const t = tempDir();
  made.push(t);
  return new Database(`${t.dir}/m.sqlite`);
}

const m = (version: number, sql: string): Migration => ({ version, name: `m${version}`, up: (db) => db.exec(sql) });

describe('migrate', () => {
  it('applies migrations in order and records the version', () => {
    const db = fresh();
    expect(migrate(db, [m(1, 'CREATE TABLE a (x)'), m(2, 'CREATE TABLE b (y)')])).toBe(2);
    expect(currentVersion(db)).toBe(2);
    // A second run applies nothing (a re-run of CREATE TABLE would throw).
    expect(migrate(db, [m(1, 'CREATE TABLE a (x)'), m(2, 'CREATE TABLE b (y)')])).toBe(2);
    db.close();
  });

  it('refuses a list with a gap, so a late migration cannot be skipped', () => {
    const db = fresh();
    expect(() => migrate(db, [m(1, 'CREATE TABLE a (x)'), m(3, 'CREATE TABLE c (z)')])).toThrow(/numbered/);
    expect(currentVersion(db)).toBe(0);
    db.close();
  });

  it('rolls back a failing migration and keeps the version before it', () => {
    const db = fresh();
    expect(() => migrate(db, [m(1, 'CREATE TABLE a (x)'), m(2, 'CREATE TABLE b (y); CREATE TABLE a (x)')])).toThrow();
    expect(currentVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    db.close();
  });
});
