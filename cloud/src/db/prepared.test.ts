// Statements marked prepared() run as named prepared statements on a PostgreSQL server (planned
// once per connection), at most PREPARED_PER_CONNECTION per connection, and as plain statements on
// the embedded database. Each check runs in one transaction: one connection, whose prepared
// statements pg_prepared_statements lists.
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Trx } from '../context.js';
import { atCommit, writeTransaction } from '../realtime/append-event.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { pgliteFolder } from '../test/pglite-folder.js';
import {
  closeDb,
  committing,
  connectDb,
  handStatement,
  handTransaction,
  PREPARED_PER_CONNECTION,
  prepared,
  RESET_AFTER_MISSES,
  sqlLiteral,
  statementName,
} from './connect.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function preparedOn(trx: Trx): Promise<Map<string, string>> {
  const { rows } = (await trx.raw('select name, statement from pg_prepared_statements')) as {
    rows: { name: string; statement: string }[];
  };
  return new Map(rows.map((r) => [r.name, r.statement]));
}

describe('prepared statements', () => {
  it('runs a marked statement by name, parsed once per connection, and leaves unmarked ones unnamed', async () => {
    await database.db.transaction(async (trx) => {
      const marked = 'select ?::int + 1 as next';
      const first = (await prepared(trx.raw(marked, [41]))) as { rows: { next: number }[] };
      const again = (await prepared(trx.raw(marked, [1]))) as { rows: { next: number }[] };
      expect([first.rows[0]?.next, again.rows[0]?.next]).toEqual([42, 2]);
      await trx.raw('select ?::int * 2 as doubled', [4]);

      const statements = await preparedOn(trx);
      const ours = [...statements].filter(([name]) => name.startsWith('tw_'));
      expect(ours).toEqual([[statementName('select $1::int + 1 as next'), 'select $1::int + 1 as next']]);
    });
  });

  it('marks query builders too', async () => {
    await database.db.transaction(async (trx) => {
      const row = await prepared(trx('venues').where({ id: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f' }).first('id'));
      expect(row).toBeUndefined();
      const names = [...(await preparedOn(trx)).values()];
      expect(names.some((sql) => sql.startsWith('select "id" from "venues"'))).toBe(true);
    });
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} on a connection; later marked statements still run, unnamed`, async () => {
    await database.db.transaction(async (trx) => {
      const before = [...(await preparedOn(trx)).keys()].filter((n) => n.startsWith('tw_')).length;
      const extra = 5;
      const answers: number[] = [];
      for (let i = before; i < PREPARED_PER_CONNECTION + extra; i++) {
        const { rows } = (await prepared(trx.raw(`select ?::int as n${i}`, [i]))) as { rows: Record<string, number>[] };
        answers.push(rows[0]?.[`n${i}`] as number);
      }
      expect(answers.at(-1)).toBe(PREPARED_PER_CONNECTION + extra - 1);
      const ours = [...(await preparedOn(trx)).keys()].filter((n) => n.startsWith('tw_'));
      expect(ours).toHaveLength(PREPARED_PER_CONNECTION);
      // One already prepared keeps running by name.
      const { rows } = (await prepared(trx.raw(`select ?::int as n${before}`, [7]))) as {
        rows: Record<string, number>[];
      };
      expect(rows[0]?.[`n${before}`]).toBe(7);
    });
  });

  it('keeps answering after a migration adds a column to a table it names its columns of', async () => {
    await database.db.schema.createTable('prepared_probe', (t) => {
      t.integer('a');
    });
    await database.db('prepared_probe').insert({ a: 1 });
    await database.db.transaction(async (trx) => {
      const read = () => prepared(trx('prepared_probe').select('a'));
      expect(await read()).toEqual([{ a: 1 }]);
      await trx.schema.alterTable('prepared_probe', (t) => {
        t.integer('b');
      });
      expect(await read()).toEqual([{ a: 1 }]);
    });
  });

  it('runs marked statements as plain ones on the embedded database', async () => {
    const dir = await pgliteFolder('tw-prepared-');
    const db = await connectDb({ dataDir: dir });
    try {
      const { rows } = (await prepared(db.raw('select ?::int + 1 as next', [1]))) as { rows: { next: number }[] };
      expect(rows).toEqual([{ next: 2 }]);
      expect(await prepared(db.raw('select 1 as one').options({}))).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await closeDb(db);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hand-built transactions', () => {
  it("quotes a value as node-postgres's escapeLiteral does", async () => {
    for (const value of ['', 'plain', "Tom's", 'back\\slash', "both\\'s", "''", '\\\\', 'ünï €', '{"a":"b\\"c"}']) {
      expect(sqlLiteral(value)).toBe(pg.escapeLiteral(value));
      // And PostgreSQL reads back what was quoted.
      const { rows } = await database.db.raw(`select ${sqlLiteral(value)}::text as v`);
      expect(rows[0].v).toBe(value);
    }
  });

  it('runs its first statement with BEGIN and its last with COMMIT, prepared, and rolls back when it stops short', async () => {
    await database.db.schema.createTable('hand_log', (t) => {
      t.text('v').primary();
    });
    const db = await connectDb({ databaseUrl: database.url, poolMax: 1 });
    const insert = handStatement('insert into hand_log (v) values ($1::text) returning v');
    const count = handStatement('select count(*)::int as n from hand_log where v like $1::text');
    try {
      for (const round of [1, 2]) {
        const answered = await handTransaction(db, async (tx) => {
          const first = await tx.first<{ v: string }>(insert, [`kept ${round}`]);
          const last = await tx.last<{ n: number }>(count, ['kept%']);
          return { first, last };
        });
        expect(answered).toEqual({ first: [{ v: `kept ${round}` }], last: [{ n: round }] });
      }
      // Prepared the first time, executed by name after.
      const { rows: statements } = await db.raw('select name from pg_prepared_statements');
      expect(statements.map((r: { name: string }) => r.name)).toEqual(
        expect.arrayContaining([insert.name, count.name]),
      );
      expect(await handTransaction(db, async (tx) => (await tx.first(insert, ['dropped'])).length === 0)).toBe(false);
      await expect(handTransaction(db, (tx) => tx.first(insert, ['kept 1']))).rejects.toThrow(/duplicate key/);
      expect((await db('hand_log').orderBy('v')).map((r: { v: string }) => r.v)).toEqual(['kept 1', 'kept 2']);
    } finally {
      await closeDb(db);
    }
  });
  it('commits the statement before the first on its own, in the same round trip once both are prepared', async () => {
    await database.db.schema.createTable('hand_before', (t) => {
      t.text('v').primary();
    });
    const db = await connectDb({ databaseUrl: database.url, poolMax: 1 });
    const note = handStatement('insert into hand_before (v) values ($1::text) returning v');
    const count = handStatement('select count(*)::int as n from hand_before where v like $1::text');
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      sent.push(typeof config === 'string' ? config : (config as { text: string }).text);
      return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof original;
    try {
      for (const round of [1, 2]) {
        sent.length = 0;
        // Stops short: the transaction rolls back, the statement before it stays.
        const read = await handTransaction(db, (tx) =>
          tx.firstAfter<{ v: string }, { n: number }>({ statement: note, values: [`noted ${round}`] }, count, [
            'noted%',
          ]),
        );
        expect(read).toEqual({ before: [{ v: `noted ${round}` }], rows: [{ n: round }] });
        if (round === 2) {
          expect(sent).toEqual([expect.stringMatching(/^BEGIN; EXECUTE .*; COMMIT; BEGIN; EXECUTE /), 'ROLLBACK']);
        }
      }
      expect((await db('hand_before').orderBy('v')).map((r: { v: string }) => r.v)).toEqual(['noted 1', 'noted 2']);
      // A failure of the statement before leaves nothing begun.
      await expect(
        handTransaction(db, (tx) => tx.firstAfter({ statement: note, values: ['noted 1'] }, count, ['%'])),
      ).rejects.toThrow(/duplicate key/);
      expect((await db.raw('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      pg.Client.prototype.query = original;
      await closeDb(db);
    }
  });
});

describe('BEGIN and COMMIT with the statements next to them', () => {
  /** A pool of one connection, and every query its client is sent, as sent. */
  async function watched() {
    const db = await connectDb({ databaseUrl: database.url, poolMax: 1 });
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      const c = config as string | { name?: string; text: string };
      sent.push(typeof c === 'string' ? c : `${c.name ? `[${c.name}] ` : ''}${c.text}`);
      return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    };
    pg.Client.prototype.query = spy as typeof original;
    return {
      db,
      sent,
      async close() {
        pg.Client.prototype.query = original;
        await closeDb(db);
      },
    };
  }

  beforeAll(async () => {
    await database.db.schema.createTable('prepared_log', (t) => {
      t.text('v').primary();
    });
  });

  const first = 'select $1::int as a';
  const last = 'insert into prepared_log (v) values ($1)';
  const transaction = (db: Awaited<ReturnType<typeof watched>>['db'], value: string) =>
    db.transaction(async (trx) => {
      await prepared(trx.raw('select ?::int as a', [1]));
      await committing(prepared(trx.raw('insert into prepared_log (v) values (?)', [value])));
    });

  it('sends them in one round trip each once the statements are prepared on the connection', async () => {
    const w = await watched();
    try {
      await transaction(w.db, "it's \\ one");
      await transaction(w.db, "it's \\ two");
    } finally {
      await w.close();
    }
    const [a, b] = [statementName(first), statementName(last)];
    expect(w.sent.filter((q) => q !== 'select 1')).toEqual([
      'BEGIN',
      `[${a}] ${first}`,
      `[${b}] ${last}`,
      'COMMIT;',
      `BEGIN; EXECUTE "${a}"('1')`,
      `EXECUTE "${b}"( E'it''s \\\\ two'); COMMIT`,
    ]);
    const rows = await database.db('prepared_log').orderBy('v').pluck('v');
    expect(rows).toEqual(["it's \\ one", "it's \\ two"]);
  });

  it('rolls back a transaction whose last statement failed with its COMMIT, and the connection goes on', async () => {
    const w = await watched();
    try {
      await transaction(w.db, 'three');
      await expect(transaction(w.db, 'three')).rejects.toThrow(/duplicate key/);
      // Not left inside a transaction: what runs next commits on its own.
      await transaction(w.db, 'four');
      await w.db('prepared_log').insert({ v: 'five' });
    } finally {
      await w.close();
    }
    expect(w.sent).toContain('ROLLBACK');
    const rows = await database.db('prepared_log').whereIn('v', ['three', 'four', 'five']).orderBy('v').pluck('v');
    expect(rows).toEqual(['five', 'four', 'three']);
  });

  it('rolls back when the first statement fails with its BEGIN, writing nothing', async () => {
    const w = await watched();
    try {
      await transaction(w.db, 'six');
      await expect(
        w.db.transaction(async (trx) => {
          await prepared(trx.raw('select ?::int as a', ['not a number']));
          await committing(prepared(trx.raw('insert into prepared_log (v) values (?)', ['seven'])));
        }),
      ).rejects.toThrow(/invalid input syntax for type integer/);
      await transaction(w.db, 'eight');
    } finally {
      await w.close();
    }
    expect(w.sent).toContain(`BEGIN; EXECUTE "${statementName(first)}"('not a number')`);
    const rows = await database.db('prepared_log').whereIn('v', ['six', 'seven', 'eight']).orderBy('v').pluck('v');
    expect(rows).toEqual(['eight', 'six']);
  });

  it("keeps a transaction's statements in the order they were made, even sent at once", async () => {
    const w = await watched();
    try {
      const seen = await w.db.transaction(async (trx) => {
        const [, counted] = await Promise.all([
          trx('prepared_log').insert({ v: 'nine' }),
          trx('prepared_log').where({ v: 'nine' }).count<{ count: number }[]>('v as count'),
        ]);
        return counted[0]?.count;
      });
      expect(seen).toBe(1);
    } finally {
      await w.close();
    }
  });

  it("commits a writeTransaction with its last statement, but never one run inside another's transaction", async () => {
    const w = await watched();
    const write = (db: Db | Trx, v: string) =>
      writeTransaction(db, async (trx) => {
        await atCommit(trx, trx('prepared_log').insert({ v }));
      });
    try {
      await write(w.db, 'ten');
      await write(w.db, 'eleven');
      // Its one statement, with BEGIN and COMMIT: the whole transaction in one round trip.
      expect(w.sent.at(-1)).toMatch(/^BEGIN; EXECUTE "tw_[^"]+"\('eleven'\); COMMIT$/);
      for (const v of ['twelve', 'thirteen']) {
        await expect(
          w.db.transaction(async (outer) => {
            await write(outer, v);
            throw new Error('undone');
          }),
        ).rejects.toThrow('undone');
      }
    } finally {
      await w.close();
    }
    const rows = await database.db('prepared_log').whereIn('v', ['ten', 'eleven', 'twelve', 'thirteen']).pluck('v');
    expect(rows.sort()).toEqual(['eleven', 'ten']);
  });

  it(`drops a full connection's statements at the next BEGIN once ${RESET_AFTER_MISSES} ran unnamed, and prepares the hot ones again`, async () => {
    const w = await watched();
    const hot = 'select $1::int as hot';
    const run = (db: Db) =>
      db.transaction(async (trx) => {
        await prepared(trx.raw('select ?::int as hot', [1]));
      });
    try {
      await run(w.db);
      // Other statements fill the connection, and more are turned away: they run unnamed.
      await w.db.transaction(async (trx) => {
        for (let i = 0; i < PREPARED_PER_CONNECTION + RESET_AFTER_MISSES; i++) {
          await prepared(trx.raw(`select ?::int as other${i}`, [i]));
        }
      });
      const turnedAway = w.sent.filter((q) => q.startsWith('select $1::int as other') && !q.startsWith('['));
      expect(turnedAway).toHaveLength(RESET_AFTER_MISSES + 1);
      w.sent.length = 0;
      await run(w.db);
      await run(w.db);
      const names = await w.db.transaction(async (trx) => [...(await preparedOn(trx)).keys()]);
      expect(w.sent.filter((q) => q !== 'select 1').slice(0, 4)).toEqual([
        'DEALLOCATE ALL; BEGIN',
        `[${statementName(hot)}] ${hot}`,
        'COMMIT;',
        `BEGIN; EXECUTE "${statementName(hot)}"('1')`,
      ]);
      expect(names.filter((n) => n.startsWith('tw_'))).toEqual([statementName(hot)]);
    } finally {
      await w.close();
    }
  });
});
