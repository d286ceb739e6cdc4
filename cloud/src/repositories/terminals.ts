import type { Knex } from 'knex';
import type { Queryable, Trx } from '../context.js';
import { prepared } from '../db/connect.js';
import type { TerminalRow } from './rows.js';

export async function insertTerminal(
  q: Queryable,
  row: Pick<TerminalRow, 'id' | 'org_id' | 'venue_id' | 'name' | 'credential_hash'>,
): Promise<TerminalRow> {
  const [inserted] = await q<TerminalRow>('terminals').insert(row).returning('*');
  if (!inserted) throw new Error('Terminal insert returned nothing');
  return inserted;
}

export async function findActiveTerminalByCredentialHash(q: Queryable, hash: string): Promise<TerminalRow | undefined> {
  return q<TerminalRow>('terminals').where({ credential_hash: hash }).whereNull('revoked_at').first();
}

export async function findTerminalInVenue(q: Queryable, venueId: string, id: string): Promise<TerminalRow | undefined> {
  return q<TerminalRow>('terminals').where({ id, venue_id: venueId }).first();
}

export async function revokeTerminal(q: Queryable, id: string, at: Date): Promise<TerminalRow | undefined> {
  const [row] = await q<TerminalRow>('terminals')
    .where({ id })
    .update({ revoked_at: q.raw('coalesce(revoked_at, ?)', [at]) } as never)
    .returning('*');
  return row;
}

/** Locks the terminal's row (serialising its mutations) and reads the last applied sequence. */
export async function lockTerminalSeq(trx: Trx, id: string): Promise<number> {
  // A terminal's every push starts with it: prepared, it goes with the BEGIN (db/connect.ts).
  const row = await prepared(trx<TerminalRow>('terminals').where({ id }).forUpdate().first('last_mutation_seq'));
  if (!row) throw new Error(`Terminal ${id} does not exist`);
  return Number(row.last_mutation_seq);
}

/** Records the terminal's last applied mutation; answers the statement, unrun (see completeKey). */
export function setTerminalSeq(trx: Trx, id: string, seq: number, at: Date): Knex.QueryBuilder {
  return trx('terminals').where({ id }).update({ last_mutation_seq: seq, last_seen_at: at });
}

/** The venue's paired terminals, not revoked, by name. */
export async function listActiveTerminals(q: Queryable, venueId: string): Promise<TerminalRow[]> {
  return q<TerminalRow>('terminals')
    .where({ venue_id: venueId })
    .whereNull('revoked_at')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}
