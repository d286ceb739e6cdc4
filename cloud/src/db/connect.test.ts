import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { closeDb, connectDb, type Db, embeddedPglite } from './connect.js';

const probe = `select 7::int8 as seq, count(*) as n, 12.5::numeric(12,2) as money,
  '2026-03-04T05:06:07Z'::timestamptz as at, '2026-03-04'::date as day,
  '{"a":[1,2]}'::jsonb as doc, array['x','y']::text[] as tags,
  '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f'::uuid as id
  from generate_series(1, 3)`;

function expectSameValues(row: Record<string, unknown>): void {
  expect(row).toEqual({
    seq: 7,
    n: 3,
    money: '12.50',
    at: new Date('2026-03-04T05:06:07Z'),
    day: '2026-03-04',
    doc: { a: [1, 2] },
    tags: ['x', 'y'],
    id: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
  });
}

async function roundTrip(db: Db): Promise<void> {
  await db.schema.createTable('probe', (t) => {
    t.increments('id');
    t.bigInteger('big');
    t.decimal('price', 12, 2);
    t.jsonb('doc');
    t.specificType('tags', 'text[]');
    t.timestamp('at', { useTz: true });
  });
  const at = new Date('2026-01-02T03:04:05.678Z');
  await db('probe').insert({ big: 42, price: '9.99', doc: JSON.stringify([{ k: 1 }]), tags: ['a', 'b'], at });
  await db('probe').insert({ big: 43, price: '0.01', doc: { k: 2 }, tags: [], at });
  const rows = await db('probe').select('big', 'price', 'doc', 'tags', 'at').orderBy('id');
  expect(rows).toEqual([
    { big: 42, price: '9.99', doc: [{ k: 1 }], tags: ['a', 'b'], at },
    { big: 43, price: '0.01', doc: { k: 2 }, tags: [], at },
  ]);
  const updated = await db('probe').where({ big: 42 }).update({ price: '10.00' });
  expect(updated).toBe(1);
  const first = await db('probe').where({ big: 42 }).first('price');
  expect(first).toEqual({ price: '10.00' });
  const plucked = await db('probe').orderBy('id').pluck('big');
  expect(plucked).toEqual([42, 43]);
  const removed = await db('probe').del();
  expect(removed).toBe(2);
}

describe('connectDb on a PostgreSQL server', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('is not embedded and maps value types', async () => {
    expect(embeddedPglite(t.db)).toBeUndefined();
    const { rows } = await t.db.raw(probe);
    expectSameValues(rows[0]);
  });

  it('round-trips rows through the query builder', async () => {
    await roundTrip(t.db);
  });

  it('refuses an unreachable server with a clear message', async () => {
    await expect(connectDb({ databaseUrl: 'postgres://postgres:secret@127.0.0.1:1/none' })).rejects.toThrow(
      /Cannot connect to PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none/,
    );
  });
});

describe('connectDb on embedded PGlite', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tw-pglite-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('maps value types like the server, serializes writers, and persists in its folder', async () => {
    const db = await connectDb({ dataDir: dir });
    expect(embeddedPglite(db)).toBeDefined();
    const { rows } = await db.raw(probe);
    expectSameValues(rows[0]);
    await roundTrip(db);

    // Concurrent transactions on the single connection queue behind each other instead of
    // interleaving: every increment lands.
    await db.schema.createTable('counter', (t) => {
      t.integer('id').primary();
      t.integer('n').notNullable();
    });
    await db('counter').insert({ id: 1, n: 0 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction(async (trx) => {
          const row = await trx('counter').where({ id: 1 }).first('n');
          await trx('counter')
            .where({ id: 1 })
            .update({ n: (row?.n ?? 0) + 1 });
        }),
      ),
    );
    // A failing transaction rolls back and leaves the connection usable.
    await expect(
      db.transaction(async (trx) => {
        await trx('counter').where({ id: 1 }).update({ n: 999 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await closeDb(db);

    const again = await connectDb({ dataDir: dir });
    expect(await again('counter').where({ id: 1 }).first('n')).toEqual({ n: 10 });
    await closeDb(again);
  }, 180_000); // an empty folder: PGlite runs its initdb (about 15 s of a core), twice opened
});
