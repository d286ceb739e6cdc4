// The database's identity: one row, made by migration 0005, renewed after a restore.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../context.js';

export async function databaseEpoch(q: Queryable): Promise<string> {
  const row = await q<{ epoch: string }>('database_epoch').first('epoch');
  if (!row) throw new Error('The database has no epoch: run the migrations');
  return row.epoch;
}

/** Gives the database a new identity and answers it. */
export async function renewDatabaseEpoch(q: Queryable): Promise<string> {
  const epoch = randomUUID();
  const updated = await q('database_epoch').update({ epoch, created_at: q.fn.now() });
  if (updated === 0) await q('database_epoch').insert({ id: true, epoch });
  return epoch;
}

/** Whether the database answers (the health check's probe): throws when it does not. */
export async function pingDatabase(q: Queryable): Promise<void> {
  await q.raw('select 1');
}
