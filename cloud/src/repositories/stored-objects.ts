import type { Queryable, Trx } from '../context.js';

export interface StoredObjectRow {
  id: string;
  org_id: string;
  content_type: string;
  size: number;
  created_at: Date;
}

export async function findStoredObject(q: Queryable, id: string): Promise<StoredObjectRow | undefined> {
  return q<StoredObjectRow>('stored_objects').where({ id }).first();
}

/** Records an upload; a second upload to the same link keeps the first record (and answers false). */
export async function insertStoredObject(
  trx: Trx,
  row: Omit<StoredObjectRow, 'created_at'>,
  at: Date,
): Promise<boolean> {
  const inserted = await trx('stored_objects')
    .insert({ ...row, created_at: at })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length === 1;
}
